import type { Schemas, UserStreamEvent } from '@cohort/api';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { applyLikeEvent } from './like.ts';
import { addWaiting, routeIncoming } from './new-posts.ts';
import {
  commentsKey,
  feedKey,
  flattenPosts,
  incomingKey,
  type Post,
  type PostPages,
  prependPosts,
  removePost,
  updatePost,
  userPostsKey,
} from './post-cache.ts';

export type Comment = Schemas['Comment'];
export type CommentPage = Schemas['CommentPageEnvelope'];
export type CommentPages = InfiniteData<CommentPage, string | null>;

/** A new post: into its author's cached profile list, and into the feed's waiting posts (the pill). */
export function notePost(qc: QueryClient, post: Post): void {
  qc.setQueryData<PostPages>(userPostsKey(post.author.id), (value) => prependPosts(value, [post]));
  const feed = qc.getQueryData<PostPages>(feedKey());
  const waiting = qc.getQueryData<Post[]>(incomingKey()) ?? [];
  const route = routeIncoming({
    feedLoaded: feed !== undefined,
    listed: flattenPosts(feed).some((p) => p.id === post.id),
    waiting: waiting.some((p) => p.id === post.id),
  });
  if (route === 'replace') updatePost(qc, post.id, () => post);
  else if (route === 'wait') qc.setQueryData<Post[]>(incomingKey(), addWaiting(waiting, post));
}

/** A comment joins a cached comments sheet at its end, once; one whose later pages are not read yet waits for them. */
export function addComment(qc: QueryClient, comment: Comment): void {
  qc.setQueryData<CommentPages>(commentsKey(comment.post_id), (value) => {
    if (!value || value.pages.length === 0) return value;
    if (value.pages.some((page) => page.data.some((c) => c.id === comment.id))) return value;
    const last = value.pages[value.pages.length - 1];
    if (!last || last.meta.has_more) return value;
    return { ...value, pages: [...value.pages.slice(0, -1), { ...last, data: [...last.data, comment] }] };
  });
}

export function dropComment(qc: QueryClient, postId: string, commentId: string): void {
  qc.setQueryData<CommentPages>(
    commentsKey(postId),
    (value) =>
      value && { ...value, pages: value.pages.map((p) => ({ ...p, data: p.data.filter((c) => c.id !== commentId) })) },
  );
}

/** The feed's stream events (new posts, likes, comments, counts, deletions) into every cached list. */
export function applyFeedEvent(qc: QueryClient, e: UserStreamEvent, me: string | null): void {
  switch (e.event) {
    case 'post':
      notePost(qc, e.data);
      break;
    case 'post_liked':
      updatePost(qc, e.data.post_id, (p) => applyLikeEvent(p, e.data, me));
      break;
    case 'post_updated':
      if (e.data.deleted) removePost(qc, e.data.post_id);
      else
        updatePost(qc, e.data.post_id, (p) => ({
          ...p,
          like_count: e.data.like_count,
          comment_count: e.data.comment_count,
        }));
      break;
    case 'comment':
      addComment(qc, e.data.comment);
      updatePost(qc, e.data.comment.post_id, (p) => ({ ...p, comment_count: e.data.comment_count }));
      break;
  }
}

/** After the stream was down, posts and counts may have been missed: the feed's first page is read again. */
export function refetchFeed(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: feedKey() });
}
