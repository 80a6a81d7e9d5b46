import type { Schemas } from '@cohort/api';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { envelope, nextCursor, paged, settle, useClient } from '@/lib/query.ts';
import { addComment, type Comment, type CommentPage, type CommentPages, dropComment } from '../feed-events.ts';
import { commentsKey, POST_COMMENTS, updatePost } from '../post-cache.ts';

export const COMMENTS_PAGE = 20;

/** A post's comments, oldest first; `fetchNextPage` reads newer ones. Live comments join at the end. */
export function useComments(postId: string) {
  const api = useClient();
  return useInfiniteQuery<CommentPage, Error, CommentPages, readonly unknown[], string | null>({
    queryKey: commentsKey(postId),
    queryFn: ({ pageParam, signal }) =>
      envelope(
        api.GET(POST_COMMENTS, {
          params: { path: { id: postId }, query: paged({ limit: COMMENTS_PAGE }, 'cursor', pageParam) },
          signal,
        }),
      ),
    initialPageParam: null,
    getNextPageParam: nextCursor,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Add and delete a comment. The post's counts are then read again (getPost) rather than counted
 * here: the stream's own count for the same change may arrive before or after the answer.
 */
export function useCommentActions() {
  const api = useClient();
  const qc = useQueryClient();
  const syncCounts = useCallback(
    async (postId: string) => {
      const r = await api.GET('/api/v1/posts/{id}', { params: { path: { id: postId } } });
      const post = r.data?.data;
      if (post)
        updatePost(qc, postId, (p) => ({ ...p, like_count: post.like_count, comment_count: post.comment_count }));
    },
    [api, qc],
  );
  const add = useCallback(
    async (postId: string, body: Schemas['CommentInput']) => {
      const result = await settle<Comment>(
        api.POST('/api/v1/posts/{id}/comments', { params: { path: { id: postId } }, body }),
      );
      if (result.ok) {
        addComment(qc, result.value);
        void syncCounts(postId);
      }
      return result;
    },
    [api, qc, syncCounts],
  );
  const remove = useCallback(
    async (postId: string, commentId: string) => {
      const result = await settle<unknown>(
        api.DELETE('/api/v1/comments/{id}', { params: { path: { id: commentId } } }),
      );
      if (result.ok) {
        dropComment(qc, postId, commentId);
        void syncCounts(postId);
      }
      return result;
    },
    [api, qc, syncCounts],
  );
  return { add, remove };
}
