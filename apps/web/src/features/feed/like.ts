import type { Post } from './post-cache.ts';

/**
 * The like button's optimistic change: the post as it will be once the server has `liked` it (or
 * taken the like back). Already so: unchanged. The count never goes below 0. Its own inverse, so a
 * failed request rolls back with `applyLike(post, !liked)` even after other changes arrived meanwhile.
 */
export function applyLike(post: Post, liked: boolean): Post {
  if (post.liked_by_me === liked) return post;
  return { ...post, liked_by_me: liked, like_count: Math.max(0, post.like_count + (liked ? 1 : -1)) };
}

/** A `post_liked` event: the server's count after it; `liked_by_me` only when the like was mine. */
export function applyLikeEvent(
  post: Post,
  event: { user_id: string; liked: boolean; like_count: number },
  me: string | null,
): Post {
  return {
    ...post,
    like_count: event.like_count,
    ...(event.user_id === me ? { liked_by_me: event.liked } : {}),
  };
}
