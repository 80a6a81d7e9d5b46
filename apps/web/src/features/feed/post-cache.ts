import type { Schemas } from '@cohort/api';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKey } from '../../lib/query.ts';

/**
 * The feed's posts as the query cache holds them: the feed (`getFeed`) and each profile's posts
 * (`listUserPosts`) are infinite queries of pages newest first; a comments sheet is one per post.
 * The feed's writes, the stream and the pill all change posts through these writers only.
 */
export type Post = Schemas['Post'];
export type PostPage = Schemas['PostPageEnvelope'];
export type PostPages = InfiniteData<PostPage, string | null>;

export const FEED = '/api/v1/users/me/feed';
export const USER_POSTS = '/api/v1/users/{id}/posts';
export const POST_COMMENTS = '/api/v1/posts/{id}/comments';

export const feedKey = () => [...queryKey(FEED), 'infinite'] as const;
export const userPostsKey = (id: string) =>
  [...queryKey(USER_POSTS, { params: { path: { id } } }), 'infinite'] as const;
/** Every profile's posts (the prefix of each `userPostsKey`). */
const allUserPostsKey = () => queryKey(USER_POSTS);
export const commentsKey = (postId: string) =>
  [...queryKey(POST_COMMENTS, { params: { path: { id: postId } } }), 'infinite'] as const;
/** Posts the stream brought while the feed was scrolled down: the pill's count, shown when tapped. */
export const incomingKey = () => ['feed', 'incoming'] as const;

function mapPages(value: PostPages | undefined, change: (posts: Post[]) => Post[]): PostPages | undefined {
  if (!value) return value;
  return { ...value, pages: value.pages.map((page) => ({ ...page, data: change(page.data) })) };
}

/** Every cached list of posts (the feed and each profile's), for a change that applies to all. */
function forEachList(qc: QueryClient, change: (posts: Post[]) => Post[]): void {
  qc.setQueryData<PostPages>(feedKey(), (value) => mapPages(value, change));
  qc.setQueriesData<PostPages>({ queryKey: allUserPostsKey() }, (value) => mapPages(value, change));
  qc.setQueryData<Post[]>(incomingKey(), (value) => value && change(value));
}

/** Changes one post wherever it is cached; one not loaded stays out. */
export function updatePost(qc: QueryClient, id: string, change: (post: Post) => Post): void {
  forEachList(qc, (posts) =>
    posts.some((p) => p.id === id) ? posts.map((p) => (p.id === id ? change(p) : p)) : posts,
  );
}

/** A deleted post leaves every list. */
export function removePost(qc: QueryClient, id: string): void {
  forEachList(qc, (posts) => (posts.some((p) => p.id === id) ? posts.filter((p) => p.id !== id) : posts));
  qc.removeQueries({ queryKey: commentsKey(id) });
}

/** The post a cache holds, from any list (for a rollback's starting point or a sheet's header). */
export function findPost(qc: QueryClient, id: string): Post | undefined {
  const lists = [
    qc.getQueryData<PostPages>(feedKey()),
    ...qc.getQueriesData<PostPages>({ queryKey: allUserPostsKey() }).map(([, v]) => v),
  ];
  for (const list of lists) {
    for (const page of list?.pages ?? []) {
      const found = page.data.find((p) => p.id === id);
      if (found) return found;
    }
  }
  return qc.getQueryData<Post[]>(incomingKey())?.find((p) => p.id === id);
}

/** Puts `posts` on top of a list's first page, newest first, each once (one already listed is replaced). */
export function prependPosts(value: PostPages | undefined, posts: readonly Post[]): PostPages | undefined {
  if (!value || value.pages.length === 0 || posts.length === 0) return value;
  const fresh = new Map(posts.map((p) => [p.id, p]));
  const pages = value.pages.map((page) => ({
    ...page,
    data: page.data.map((p) => fresh.get(p.id) ?? p),
  }));
  const listed = new Set(pages.flatMap((page) => page.data.map((p) => p.id)));
  const added = [...fresh.values()].filter((p) => !listed.has(p.id)).sort(newestFirst);
  const [first, ...rest] = pages;
  if (!first || added.length === 0) return { ...value, pages };
  return { ...value, pages: [{ ...first, data: [...added, ...first.data] }, ...rest] };
}

/** Newest first by `created_at`, then `id` (the server's order). */
export function newestFirst(a: Post, b: Post): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The posts of a list, in order, each once (a page boundary may repeat one after a refresh). */
export function flattenPosts(value: PostPages | undefined): Post[] {
  const seen = new Set<string>();
  const out: Post[] = [];
  for (const page of value?.pages ?? []) {
    for (const p of page.data) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push(p);
    }
  }
  return out;
}
