import { describe, expect, it } from 'vitest';
import {
  addStory,
  firstUnseen,
  markSeenIn,
  orderGroups,
  removeStory,
  type StoryGroup,
  stepStory,
} from '../story-order.ts';

const person = (id: string) => ({
  id,
  first_name: id,
  last_name: '',
  profile_image: null,
  last_seen_at: null,
});
const story = (id: string, seen = false) => ({
  id,
  user_id: 'usr_x',
  kind: 'text' as const,
  image: null,
  text: id,
  background: 'ocean',
  created_at: '2026-11-24T12:00:00.000Z',
  expires_at: '2026-11-25T12:00:00.000Z',
  seen,
});
const group = (id: string, ...stories: ReturnType<typeof story>[]): StoryGroup => ({
  user: person(id),
  has_unseen: stories.some((s) => !s.seen),
  stories,
});

describe('story rings', () => {
  it('order: mine first, then unseen, then seen, each in the server order', () => {
    const groups = [
      group('seen1', story('a', true)),
      group('new1', story('b')),
      group('me', story('c', true)),
      group('new2', story('d')),
    ];
    expect(orderGroups(groups, 'me').map((g) => g.user.id)).toEqual(['me', 'new1', 'new2', 'seen1']);
  });

  it('a story seen greys the ring only once all of that person’s are seen', () => {
    const groups = [group('ann', story('a1'), story('a2'))];
    const once = markSeenIn(groups, 'a1');
    expect(once[0]?.has_unseen).toBe(true);
    const twice = markSeenIn(once, 'a2');
    expect(twice[0]?.has_unseen).toBe(false);
    expect(twice[0]?.stories.every((s) => s.seen)).toBe(true);
  });

  it('a new story joins its person once (unseen again), or brings a new person', () => {
    const groups = [group('ann', story('a1', true))];
    const more = addStory(groups, person('ann'), story('a2'));
    expect(more[0]?.stories.map((s) => s.id)).toEqual(['a1', 'a2']);
    expect(more[0]?.has_unseen).toBe(true);
    expect(addStory(more, person('ann'), story('a2'))[0]?.stories).toHaveLength(2);
    expect(addStory(more, person('bo'), story('b1')).map((g) => g.user.id)).toEqual(['bo', 'ann']);
  });

  it('a deleted story leaves; a person without stories leaves the row', () => {
    const groups = [group('ann', story('a1'), story('a2')), group('bo', story('b1'))];
    expect(removeStory(groups, 'b1').map((g) => g.user.id)).toEqual(['ann']);
    expect(removeStory(groups, 'a1')[0]?.stories.map((s) => s.id)).toEqual(['a2']);
  });
});

describe('the viewer', () => {
  const groups = [group('ann', story('a1', true), story('a2')), group('bo', story('b1', true), story('b2', true))];

  it('starts at the first story not seen yet, else the first', () => {
    expect(firstUnseen(groups[0] as StoryGroup)).toBe(1);
    expect(firstUnseen(groups[1] as StoryGroup)).toBe(0);
  });

  it.each([
    ['next within a person', { person: 0, story: 0 }, 1, { person: 0, story: 1 }],
    ['next past the last: the next person', { person: 0, story: 1 }, 1, { person: 1, story: 0 }],
    ['next past everyone: closes', { person: 1, story: 1 }, 1, null],
    ['back within a person', { person: 1, story: 1 }, -1, { person: 1, story: 0 }],
    ['back past the first: the previous person’s last', { person: 1, story: 0 }, -1, { person: 0, story: 1 }],
    ['back on the very first: starts it again', { person: 0, story: 0 }, -1, { person: 0, story: 0 }],
  ] as const)('%s', (_name, at, step, want) => {
    expect(stepStory(groups, at, step)).toEqual(want);
  });
});
