import type { CohortClient, Schemas } from '@cohort/api';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { envelope, paged, settle, useClient, useCursorPages } from '@/lib/query.ts';
import { applyLike } from '../like.ts';
import {
  FEED,
  feedKey,
  incomingKey,
  type Post,
  type PostPage,
  type PostPages,
  prependPosts,
  removePost,
  USER_POSTS,
  updatePost,
  userPostsKey,
} from '../post-cache.ts';

export const FEED_PAGE = 20;

async function readFeed(api: CohortClient, cursor: string | null, signal?: AbortSignal): Promise<PostPage> {
  return envelope(
    api.GET(FEED, { params: { query: paged({ limit: FEED_PAGE }, 'cursor', cursor) }, ...(signal ? { signal } : {}) }),
  );
}

/** My feed: an infinite query, newest page first; `fetchNextPage` reads older posts. Kept current by the stream. */
export function useFeed() {
  const api = useClient();
  // Live events keep it current; pull-to-refresh and a stream reconnect read it again.
  return useCursorPages<PostPage>(feedKey(), (cursor, signal) => readFeed(api, cursor, signal), {
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Posts the stream brought that the feed has not shown yet (the "N new posts" pill). */
export function useWaitingPosts(): Post[] {
  return (
    useQuery<Post[]>({
      queryKey: incomingKey(),
      queryFn: () => [],
      enabled: false,
      initialData: [],
      staleTime: Number.POSITIVE_INFINITY,
    }).data ?? []
  );
}

/** The waiting posts join the top of the feed (the pill was tapped, or the reader is at the top). */
export function showWaiting(qc: QueryClient): void {
  const waiting = qc.getQueryData<Post[]>(incomingKey()) ?? [];
  if (waiting.length === 0) return;
  qc.setQueryData<PostPages>(feedKey(), (value) => prependPosts(value, waiting));
  qc.setQueryData<Post[]>(incomingKey(), []);
}

/**
 * Pull-to-refresh: the newest page read again replaces the list (older pages load again on scroll),
 * and the waiting posts are in it. Resolves to the error of a failed read, or null; the list stays on failure.
 */
export async function refreshFeed(api: CohortClient, qc: QueryClient) {
  try {
    const first = await readFeed(api, null);
    qc.setQueryData<PostPages>(feedKey(), { pages: [first], pageParams: [null] });
    qc.setQueryData<Post[]>(incomingKey(), []);
    return null;
  } catch (error) {
    return error as Error;
  }
}

/** A person's posts (their profile's Posts section), newest first, as far as I may see them. */
export function useUserPosts(userId: string) {
  const api = useClient();
  return useCursorPages<PostPage>(
    userPostsKey(userId),
    (cursor, signal) =>
      envelope(
        api.GET(USER_POSTS, {
          params: { path: { id: userId }, query: paged({ limit: FEED_PAGE }, 'cursor', cursor) },
          signal,
        }),
      ),
    { enabled: userId !== '' },
  );
}

/** The post writes; each answer goes into every cached list that shows the post. */
export function usePostActions() {
  const api = useClient();
  const qc = useQueryClient();
  const refresh = useCallback(() => refreshFeed(api, qc), [api, qc]);
  const create = useCallback(
    async (body: Schemas['PostInput']) => {
      const result = await settle<Post>(api.POST('/api/v1/posts', { body }));
      if (result.ok) {
        qc.setQueryData<PostPages>(feedKey(), (value) => prependPosts(value, [result.value]));
        qc.setQueryData<PostPages>(userPostsKey(result.value.author.id), (value) =>
          prependPosts(value, [result.value]),
        );
      }
      return result;
    },
    [api, qc],
  );
  /** Optimistic: the heart and count change at once; a failure puts them back and resolves to the error. */
  const setLiked = useCallback(
    async (postId: string, liked: boolean) => {
      updatePost(qc, postId, (p) => applyLike(p, liked));
      const params = { params: { path: { id: postId } } };
      const result = await settle<Post>(
        liked ? api.PUT('/api/v1/posts/{id}/like', params) : api.DELETE('/api/v1/posts/{id}/like', params),
      );
      if (result.ok) updatePost(qc, postId, (p) => ({ ...p, like_count: result.value.like_count }));
      else updatePost(qc, postId, (p) => applyLike(p, !liked));
      return result;
    },
    [api, qc],
  );
  const remove = useCallback(
    async (postId: string) => {
      const result = await settle<unknown>(api.DELETE('/api/v1/posts/{id}', { params: { path: { id: postId } } }));
      if (result.ok) removePost(qc, postId);
      return result;
    },
    [api, qc],
  );
  const report = useCallback(
    (postId: string, body: Schemas['ReportInput']) =>
      settle<unknown>(api.POST('/api/v1/posts/{id}/report', { params: { path: { id: postId } }, body })),
    [api],
  );
  return { create, setLiked, remove, report, refresh };
}
