import type { Operation } from '@cohort/openapi';
import type { AccessRule } from '../access.ts';
import type { Exchange } from '../types.ts';
import type { AccessWorld } from './access-world.ts';
import { dataOf, idOf, ok } from './answers.ts';

type Intact = () => Promise<{ intact: boolean | undefined; ex?: Exchange }>;

/**
 * A's post, comment or story for B to try. A `viewer` rule gets a post to A's connections or a
 * story (B is not connected to A: it must not see them); `author` and `post_author` rules get a
 * post (and A's comment on it) in the public group B joined, so B sees it and only authorship refuses.
 */
export async function feedAttempt(
  world: AccessWorld,
  op: Operation,
  rules: AccessRule[],
): Promise<{ params: Record<string, string>; intact?: Intact } | string> {
  const { a } = world;
  if (op.path.startsWith('/api/v1/stories/')) {
    const ex = await world.call('createStory', a, { body: { text: 'An access check.', background: 'ocean' } });
    const id = idOf(ex);
    if (!ok(ex) || typeof id !== 'string') return 'the first user could not share a story';
    const intact: Intact = async () => {
      const list = await world.call('listStories', a);
      const groups = dataOf(list);
      if (!ok(list) || !Array.isArray(groups)) return { intact: undefined, ex: list };
      const ids = groups.flatMap((g) => ((g as { stories?: { id?: unknown }[] }).stories ?? []).map((s) => s.id));
      return { intact: ids.includes(id), ex: list };
    };
    return { params: { id }, intact };
  }
  const byAuthorship = rules.includes('author') || rules.includes('post_author');
  const group = byAuthorship ? await world.sharedGroup() : undefined;
  if (byAuthorship && !group) return 'no group the second user joined could be set up';
  const body = group ? { text: 'An access check.', channel_id: group.channel } : { text: 'An access check.' };
  const created = await world.call('createPost', a, { body });
  const post = idOf(created);
  if (!ok(created) || typeof post !== 'string') return 'the first user could not write a post';
  const read = async () => {
    const ex = await world.call('getPost', a, { params: { id: post } });
    return { row: ok(ex) ? (dataOf(ex) as Record<string, unknown>) : undefined, ex };
  };
  if (op.path.startsWith('/api/v1/comments/')) {
    const ex = await world.call('createComment', a, { params: { id: post }, body: { text: 'An access check.' } });
    const id = idOf(ex);
    if (!ok(ex) || typeof id !== 'string') return 'the first user could not comment on its post';
    return {
      params: { id },
      intact: async () => {
        const after = await read();
        return { intact: after.row ? after.row.comment_count === 1 : undefined, ex: after.ex };
      },
    };
  }
  const before = await read();
  return {
    params: { id: post },
    intact: async () => {
      const after = await read();
      if (!before.row || !after.row) return { intact: undefined, ex: after.ex };
      const same = ['like_count', 'comment_count', 'text'].every((k) => after.row?.[k] === before.row?.[k]);
      return { intact: same, ex: after.ex };
    },
  };
}
