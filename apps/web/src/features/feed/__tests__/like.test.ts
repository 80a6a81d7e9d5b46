import { describe, expect, it } from 'vitest';
import { applyLike, applyLikeEvent } from '../like.ts';
import { post } from './fixtures.ts';

describe('applyLike (the optimistic like)', () => {
  it.each([
    ['like: heart on, one more', post(1, { like_count: 2 }), true, { liked_by_me: true, like_count: 3 }],
    [
      'unlike: heart off, one less',
      post(1, { like_count: 2, liked_by_me: true }),
      false,
      { liked_by_me: false, like_count: 1 },
    ],
    [
      'like what I already like: unchanged',
      post(1, { like_count: 2, liked_by_me: true }),
      true,
      { liked_by_me: true, like_count: 2 },
    ],
    [
      'unlike at a count of 0 (stale): never below 0',
      post(1, { like_count: 0, liked_by_me: true }),
      false,
      { liked_by_me: false, like_count: 0 },
    ],
  ])('%s', (_name, given, liked, want) => {
    expect(applyLike(given, liked)).toMatchObject(want);
  });

  it('is its own inverse: a failed like rolls back even after another like counted meanwhile', () => {
    const before = post(1, { like_count: 4 });
    const optimistic = applyLike(before, true);
    // Someone else's like arrives on the stream while mine is in flight.
    const meanwhile = applyLikeEvent(optimistic, { user_id: 'usr_other', liked: true, like_count: 6 }, 'usr_me');
    expect(applyLike(meanwhile, false)).toMatchObject({ liked_by_me: false, like_count: 5 });
  });
});

describe('applyLikeEvent (post_liked from the stream)', () => {
  it("takes the server's count; my heart changes only for my own like", () => {
    const given = post(1, { like_count: 1 });
    expect(applyLikeEvent(given, { user_id: 'usr_other', liked: true, like_count: 2 }, 'usr_me')).toMatchObject({
      like_count: 2,
      liked_by_me: false,
    });
    expect(applyLikeEvent(given, { user_id: 'usr_me', liked: true, like_count: 2 }, 'usr_me')).toMatchObject({
      like_count: 2,
      liked_by_me: true,
    });
  });
});
