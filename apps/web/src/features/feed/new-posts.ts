import { newestFirst, type Post } from './post-cache.ts';

/** How far from the top (px) still counts as "at the top": waiting posts then join the list at once. */
export const AT_TOP_PX = 80;

/** The pill's words: '1 new post', '3 new posts', '99+ new posts'. */
export function pillText(count: number): string {
  if (count > 99) return '99+ new posts';
  return `${count} new post${count === 1 ? '' : 's'}`;
}

/**
 * Where a post the stream brings goes. The feed not loaded: nowhere (it reads a fresh first page
 * when opened). Already listed or waiting: replaced where it is. Otherwise it waits: at the top it
 * joins the list at once (`whatToShow`), scrolled down the pill offers it, so nothing under the reader's
 * eyes moves.
 */
export function routeIncoming({
  feedLoaded,
  listed,
  waiting,
}: {
  feedLoaded: boolean;
  listed: boolean;
  waiting: boolean;
}): 'ignore' | 'replace' | 'wait' {
  if (!feedLoaded) return 'ignore';
  if (listed || waiting) return 'replace';
  return 'wait';
}

/** What the feed does with the posts waiting: join them to the list now (at the top), offer the pill, or nothing. */
export function whatToShow(waiting: number, atTop: boolean): 'nothing' | 'merge' | 'pill' {
  if (waiting === 0) return 'nothing';
  return atTop ? 'merge' : 'pill';
}

/** The waiting posts with one more, newest first, each once. */
export function addWaiting(waiting: readonly Post[], post: Post): Post[] {
  return [post, ...waiting.filter((p) => p.id !== post.id)].sort(newestFirst);
}
