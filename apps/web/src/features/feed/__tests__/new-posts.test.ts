import { describe, expect, it } from 'vitest';
import { addWaiting, pillText, routeIncoming, whatToShow } from '../new-posts.ts';
import { flattenPosts, prependPosts } from '../post-cache.ts';
import { pages, post } from './fixtures.ts';

describe('the "N new posts" pill', () => {
  it.each([
    [1, '1 new post'],
    [2, '2 new posts'],
    [99, '99 new posts'],
    [100, '99+ new posts'],
  ])('%i → %s', (n, want) => {
    expect(pillText(n)).toBe(want);
  });

  it.each([
    ['nothing waiting', 0, true, 'nothing'],
    ['nothing waiting, scrolled down', 0, false, 'nothing'],
    ['waiting, at the top: they join the list at once', 2, true, 'merge'],
    ['waiting, scrolled down: the pill, nothing moves', 1, false, 'pill'],
  ] as const)('%s', (_name, waiting, atTop, want) => {
    expect(whatToShow(waiting, atTop)).toBe(want);
  });

  it.each([
    [
      'the feed never loaded: ignored (it reads a fresh page when opened)',
      { feedLoaded: false, listed: false, waiting: false },
      'ignore',
    ],
    [
      'already listed (my own post, sent from here): replaced in place',
      { feedLoaded: true, listed: true, waiting: false },
      'replace',
    ],
    [
      'already waiting (a repeat after a reconnect): replaced',
      { feedLoaded: true, listed: false, waiting: true },
      'replace',
    ],
    ['new: it waits', { feedLoaded: true, listed: false, waiting: false }, 'wait'],
  ] as const)('%s', (_name, given, want) => {
    expect(routeIncoming(given)).toBe(want);
  });

  it('keeps the waiting posts newest first, each once', () => {
    const waiting = addWaiting(addWaiting(addWaiting([], post(5)), post(7)), post(5, { like_count: 3 }));
    expect(waiting.map((p) => [p.text, p.like_count])).toEqual([
      ['Post 7', 0],
      ['Post 5', 3],
    ]);
  });

  it('opening them puts them on top of the first page, newest first, without repeating a listed one', () => {
    const feed = pages([post(4), post(3)], [post(2), post(1)]);
    const merged = prependPosts(feed, [post(6), post(4, { like_count: 9 }), post(5)]);
    expect(flattenPosts(merged).map((p) => p.text)).toEqual([
      'Post 6',
      'Post 5',
      'Post 4',
      'Post 3',
      'Post 2',
      'Post 1',
    ]);
    expect(flattenPosts(merged)[2]?.like_count).toBe(9);
    expect(merged?.pages).toHaveLength(2);
  });

  it('a list not loaded stays not loaded', () => {
    expect(prependPosts(undefined, [post(1)])).toBeUndefined();
  });
});
