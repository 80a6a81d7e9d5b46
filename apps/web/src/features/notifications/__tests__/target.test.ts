import { describe, expect, it } from 'vitest';
import type { Notification } from '../api/notifications.ts';
import { targetOf } from '../api/target.ts';

const base: Notification = {
  id: 1,
  kind: 'post_liked',
  text: 'Ben Larsen liked your post.',
  created_at: '2026-11-24T12:00:00.000Z',
  read_at: null,
  actor: null,
  connection_id: null,
  channel_id: null,
  invite_id: null,
  message_id: null,
};

describe('where a like or comment notification leads', () => {
  it.each([
    [
      'a like: the post over the News Feed',
      { kind: 'post_liked', post_id: 'post_abcdefghijklmnop' },
      { to: '/news-feed?post=post_abcdefghijklmnop' },
    ],
    [
      'a comment: the same',
      { kind: 'post_commented', post_id: 'post_abcdefghijklmnop' },
      { to: '/news-feed?post=post_abcdefghijklmnop' },
    ],
    ['no post id: gone', { kind: 'post_commented' }, { gone: 'This post is no longer available.' }],
  ] as const)('%s', (_name, change, want) => {
    expect(targetOf({ ...base, ...change })).toEqual(want);
  });
});
