import { resolveRef } from '@cohort/openapi';
import { fail, pass, skip } from '../checks/diagnostic.ts';
import type { Diagnostic } from '../types.ts';
import type { AccessWorld } from './access-world.ts';
import { dataOf, listIds, ok } from './answers.ts';

/**
 * Response fields the contract marks `x-private: true` (contact details a profile shows only to
 * the person and whom their settings allow) in `getUser`'s 200 answer.
 */
function privateFields(world: AccessWorld): string[] {
  const op = world.ctx.operations.get('getUser');
  const media = op?.responses['200']?.content?.['application/json'];
  if (!media?.schema) return [];
  type Props = { properties?: Record<string, unknown> };
  const envelope = resolveRef<Props>(world.ctx.doc, media.schema as Record<string, unknown>);
  const data = envelope.properties?.data as Record<string, unknown> | undefined;
  const user = data ? resolveRef<Props>(world.ctx.doc, data) : undefined;
  return Object.entries(user?.properties ?? {})
    .filter(
      ([, p]) => resolveRef<Record<string, unknown>>(world.ctx.doc, p as Record<string, unknown>)['x-private'] === true,
    )
    .map(([name]) => name);
}

/** B, not connected to A, reads A's profile: no `x-private` field may be in it. */
async function privateFieldsAbsent(world: AccessWorld): Promise<Diagnostic> {
  const id = 'getUser';
  const fields = privateFields(world);
  if (fields.length === 0) return skip(id, 'access_control', 'no x-private field declared on the profile');
  if (!world.a.id) return skip(id, 'access_control', 'the first user has no id');
  const friends = await world.call('listFriends', world.b);
  const friendIds = listIds(friends)?.map(String) ?? [];
  if (!ok(friends) || friendIds.includes(world.a.id)) {
    return skip(id, 'access_control', 'the second user is a connection of the first (or has no friend list)');
  }
  const ex = await world.call('getUser', world.b, { params: { id: world.a.id } });
  const profile = dataOf(ex) as Record<string, unknown> | undefined;
  if (!ok(ex) || !profile) return skip(id, 'access_control', "the second user could not read the first's profile");
  const shown = fields.filter((f) => f in profile);
  if (shown.length === 0) return pass(id, 'access_control');
  return fail(
    id,
    'access_control',
    `a stranger's read of a profile shows private fields: ${shown.join(', ')} (x-private)`,
    ex,
    {
      expected: `no ${fields.join(', ')}`,
      actual: shown.join(', '),
    },
  );
}

/** B's own listings never show A's private items: A's private group in B's chats, A's saved list in B's lists. */
async function listingsClean(world: AccessWorld): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const checks: { op: string; item: () => Promise<string | number | undefined>; noun: string }[] = [
    { op: 'listMyChannels', item: async () => (await world.privateGroup())?.channel, noun: 'private group' },
    { op: 'listSavedLists', item: () => world.savedList(false), noun: 'saved list' },
  ];
  for (const { op, item, noun } of checks) {
    if (!world.ctx.isSelected(op) || !world.ctx.operations.has(op)) continue;
    const id = await item();
    if (id === undefined) {
      out.push(skip(op, 'access_control', `the first user's ${noun} could not be set up`));
      continue;
    }
    const ex = await world.call(op, world.b);
    const ids = ok(ex) ? listIds(ex)?.map(String) : undefined;
    if (!ids) out.push(skip(op, 'access_control', `the second user's ${op} could not be read`));
    else if (ids.includes(String(id))) {
      out.push(
        fail(op, 'access_control', `the second user's ${op} lists the first user's ${noun} ${id}`, ex, {
          expected: `no ${id}`,
          actual: 'listed',
        }),
      );
    } else out.push(pass(op, 'access_control'));
  }
  return out;
}

/** Privacy beyond `{id}` operations: private profile fields and private items in another's listings. */
export async function runPrivacy(world: AccessWorld): Promise<Diagnostic[]> {
  const out = world.ctx.isSelected('getUser') ? [await privateFieldsAbsent(world)] : [];
  return [...out, ...(await listingsClean(world))];
}
