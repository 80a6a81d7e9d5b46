import type { ApiError, Schemas } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { envelope, paged, settle, useClient, useCursorPages } from '@/lib/query.ts';
import { addComment, type Comment, type CommentPage, dropComment } from '../feed-events.ts';
import { commentsKey, POST_COMMENTS, updatePost } from '../post-cache.ts';

export const COMMENTS_PAGE = 20;

/** A post's comments, oldest first; `fetchNextPage` reads newer ones. Live comments join at the end. */
export function useComments(postId: string) {
  const api = useClient();
  return useCursorPages<CommentPage>(
    commentsKey(postId),
    (cursor, signal) =>
      envelope(
        api.GET(POST_COMMENTS, {
          params: { path: { id: postId }, query: paged({ limit: COMMENTS_PAGE }, 'cursor', cursor) },
          signal,
        }),
      ),
    { staleTime: Number.POSITIVE_INFINITY },
  );
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
  // A write that went through changes the cached comments, then the post's counts are read again.
  const write = useCallback(
    async <T>(postId: string, call: Promise<{ data?: object; error?: ApiError }>, apply: (value: T) => void) => {
      const result = await settle<T>(call);
      if (result.ok) {
        apply(result.value);
        void syncCounts(postId);
      }
      return result;
    },
    [syncCounts],
  );
  const add = useCallback(
    (postId: string, body: Schemas['CommentInput']) =>
      write<Comment>(postId, api.POST('/api/v1/posts/{id}/comments', { params: { path: { id: postId } }, body }), (c) =>
        addComment(qc, c),
      ),
    [api, qc, write],
  );
  const remove = useCallback(
    (postId: string, commentId: string) =>
      write<unknown>(postId, api.DELETE('/api/v1/comments/{id}', { params: { path: { id: commentId } } }), () =>
        dropComment(qc, postId, commentId),
      ),
    [api, qc, write],
  );
  return { add, remove };
}
