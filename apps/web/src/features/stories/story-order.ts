import type { Schemas } from '@cohort/api';

export type Story = Schemas['Story'];
export type StoryGroup = Schemas['StoryGroup'];
type Person = StoryGroup['user'];

/** How long one story shows before the next (ms). */
export const STORY_MS = 5000;

/** The ring order: my own first, then people with a story I have not seen, then the rest (each kept in the server's order). */
export function orderGroups(groups: readonly StoryGroup[], me: string | null): StoryGroup[] {
  const rank = (g: StoryGroup) => (g.user.id === me ? 0 : g.has_unseen ? 1 : 2);
  return groups
    .map((g, i) => [g, i] as const)
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([g]) => g);
}

const withUnseen = (g: StoryGroup): StoryGroup => ({ ...g, has_unseen: g.stories.some((s) => !s.seen) });

/** A story seen: it and its person's ring say so (the ring turns grey once all are seen). */
export function markSeenIn(groups: readonly StoryGroup[], storyId: string): StoryGroup[] {
  return groups.map((g) =>
    g.stories.some((s) => s.id === storyId && !s.seen)
      ? withUnseen({ ...g, stories: g.stories.map((s) => (s.id === storyId ? { ...s, seen: true } : s)) })
      : g,
  );
}

/** A new story (mine, or a connection's from the stream) joins its person's stories, once; a new person comes first after me. */
export function addStory(groups: readonly StoryGroup[], user: Person, story: Story): StoryGroup[] {
  const at = groups.findIndex((g) => g.user.id === user.id);
  if (at === -1) return [withUnseen({ user, has_unseen: false, stories: [story] }), ...groups];
  const group = groups[at] as StoryGroup;
  if (group.stories.some((s) => s.id === story.id)) return [...groups];
  const next = withUnseen({ ...group, stories: [...group.stories, story] });
  return groups.map((g, i) => (i === at ? next : g));
}

/** A deleted story leaves its person's ring; a person without stories leaves the row. */
export function removeStory(groups: readonly StoryGroup[], storyId: string): StoryGroup[] {
  return groups
    .map((g) =>
      g.stories.some((s) => s.id === storyId)
        ? withUnseen({ ...g, stories: g.stories.filter((s) => s.id !== storyId) })
        : g,
    )
    .filter((g) => g.stories.length > 0);
}

/** Where the viewer starts in a person's stories: the first not seen yet, else the first. */
export function firstUnseen(group: StoryGroup): number {
  const i = group.stories.findIndex((s) => !s.seen);
  return i === -1 ? 0 : i;
}

/**
 * The viewer's next place after `step` from (person, story): within a person's stories, then on to
 * the next or previous person (at their first story or last one); null past either end (the viewer closes).
 */
export function stepStory(
  groups: readonly StoryGroup[],
  at: { person: number; story: number },
  step: 1 | -1,
): { person: number; story: number } | null {
  const group = groups[at.person];
  if (!group) return null;
  const story = at.story + step;
  if (story >= 0 && story < group.stories.length) return { person: at.person, story };
  const person = at.person + step;
  const next = groups[person];
  // Back on the very first story starts it again; on past the last one closes.
  if (!next || next.stories.length === 0) return step === -1 ? { person: at.person, story: 0 } : null;
  return { person, story: step === 1 ? firstUnseen(next) : next.stories.length - 1 };
}
