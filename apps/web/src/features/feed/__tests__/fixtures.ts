import type { Post } from '../post-cache.ts';

/** A post as the contract shapes it; `n` orders them (a higher n is newer). */
export function post(n: number, change: Partial<Post> = {}): Post {
  return {
    id: `post_${String(n).padStart(16, '0')}`,
    author: {
      id: 'usr_author0000000001',
      first_name: 'Dana',
      last_name: 'Whitfield',
      profile_image: null,
      program: 'MBA',
      graduation_year: 2027,
      last_seen_at: null,
    },
    text: `Post ${n}`,
    images: [],
    link: null,
    audience: 'connections',
    group: null,
    like_count: 0,
    comment_count: 0,
    liked_by_me: false,
    created_at: new Date(Date.UTC(2026, 10, 24, 12, 0, n)).toISOString(),
    ...change,
  };
}

/** An infinite query's data of pages of posts (newest page first). */
export function pages(...lists: Post[][]) {
  return {
    pages: lists.map((data, i) => ({
      success: true as const,
      message: 'OK',
      data,
      meta: { has_more: i < lists.length - 1, next_cursor: i < lists.length - 1 ? `c${i}` : null },
    })),
    pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  };
}
