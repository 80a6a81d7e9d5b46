import type { Operation } from '@cohort/openapi';
import { type AccessRule, accessOf, refusalStatuses, restricts } from '../access.ts';
import { accessRule } from '../checks/access-control.ts';
import { skip } from '../checks/diagnostic.ts';
import { freshAccount, type RunContext } from '../context.ts';
import { validBody } from '../inputs.ts';
import type { Exchange } from '../types.ts';
import { feedAttempt } from './access-feed.ts';
import { runPrivacy } from './access-privacy.ts';
import { AccessWorld } from './access-world.ts';
import { listContains, listIds, ok } from './answers.ts';
import { createItem, ITEM_FLOWS, idParam } from './item-flows.ts';
import { signIn } from './sessions.ts';

type Intact = () => Promise<{ intact: boolean | undefined; ex?: Exchange }>;

/** What B sends: A's resource in the path, and how to read A's data back afterwards. */
interface Attempt {
  params: Record<string, string | number>;
  intact?: Intact;
}

/** Whether A's saved list is still where it was (live, or in Recently Deleted). */
function savedListIntact(world: AccessWorld, id: string | number, deleted: boolean): Intact {
  return async () => {
    const ex = await world.call('listSavedLists', world.a, deleted ? { query: { deleted: 'true' } } : {});
    const ids = ok(ex) ? listIds(ex)?.map(String) : undefined;
    return { intact: ids ? ids.includes(String(id)) : undefined, ex };
  };
}

/** A message of A's (`author`/`creator` rules: in a group B is a member of, so only authorship can refuse B). */
async function messageAttempt(world: AccessWorld, rules: AccessRule[]): Promise<Attempt | string> {
  const byAuthorship = rules.includes('author') || rules.includes('creator');
  const group = await (byAuthorship ? world.sharedGroup() : world.privateGroup());
  if (!group?.message) return 'no group with a message of the first user could be set up';
  const { channel, message } = group;
  const before = await world.messageAsOwner(channel, message);
  return {
    params: { id: message },
    intact: async () => {
      const after = await world.messageAsOwner(channel, message);
      if (!before.row || !after.row) return { intact: undefined, ex: after.ex };
      const same = after.row.message === before.row.message && !after.row.deleted_at;
      return { intact: same, ex: after.ex };
    },
  };
}

async function ownerAttempt(world: AccessWorld, op: Operation): Promise<Attempt | string> {
  const { ctx, a } = world;
  const flow = ITEM_FLOWS.find((f) => f.remove === op.operationId);
  if (flow) {
    const created = await createItem(ctx, flow, a);
    if (!created) return `the first user could not create a ${flow.noun}`;
    return {
      params: { [idParam(op)]: created.id },
      intact: async () => {
        const listed = await listContains(ctx, flow.list, a, created.id, false);
        return { intact: listed.contains, ex: listed.ex };
      },
    };
  }
  if (op.path.includes('/saved-lists/{id}')) {
    const deleted = /\/restore$/.test(op.path);
    const id = await world.savedList(deleted);
    if (id === undefined) return 'the first user could not create a saved list';
    return { params: { id, userId: world.c.id ?? '' }, intact: savedListIntact(world, id, deleted) };
  }
  if (op.path.startsWith('/api/v1/users/me/sessions/{id}')) {
    const id = await world.session();
    if (id === undefined) return "the first user's session list named no current session";
    return { params: { id }, intact: () => world.sessionListed(id) };
  }
  if (op.path.startsWith('/api/v1/notifications/{id}')) {
    const id = await world.notification();
    if (id === undefined) return 'no notification of the first user could be set up';
    return { params: { id }, intact: () => world.notificationUnread(id) };
  }
  return 'no set-up is known for what its {id} names';
}

/** A's resource that `op`'s path names, set up for B to try, or why none could be. */
async function attemptFor(world: AccessWorld, op: Operation, rules: AccessRule[]): Promise<Attempt | string> {
  if (rules.includes('owner')) return ownerAttempt(world, op);
  if (op.path.startsWith('/api/v1/messages/{id}')) return messageAttempt(world, rules);
  if (/\/channels\/\{id\}/.test(op.path)) {
    const group = await world.privateGroup();
    if (!group) return 'the first user could not create a private group';
    if (op.path.includes('{msgId}') && !group.message) return 'no message of the first user could be sent';
    return { params: { id: group.channel, ...(group.message ? { msgId: group.message } : {}) } };
  }
  if (op.path.startsWith('/api/v1/connections/{id}')) {
    const id = await world.connection();
    if (id === undefined) return 'the first user could not invite a third to connect';
    return { params: { id }, intact: () => world.connectionPending(id) };
  }
  if (op.path.startsWith('/api/v1/channel-invites/{id}')) {
    const invite = await world.channelInvite();
    if (!invite) return 'the first user could not invite a third to a group';
    return {
      params: { id: invite.id },
      intact: async () => ({ intact: (await world.channelInvites(world.c)).get(invite.channel) === invite.id }),
    };
  }
  if (op.path.startsWith('/api/v1/calls/{id}')) {
    const id = await world.ringingCall();
    if (id === undefined) return 'the first user could not call a third';
    return { params: { id }, intact: () => world.callRinging(id) };
  }
  if (/^\/api\/v1\/(posts|comments|stories)\/\{id\}/.test(op.path)) return feedAttempt(world, op, rules);
  if (rules.includes('participant') && world.a.id) return { params: { id: world.a.id } };
  return 'no set-up is known for what its {id} names';
}

/** The operations a second user must be refused, with their rules. */
export function restrictedOperations(ctx: RunContext): { op: Operation; rules: AccessRule[] }[] {
  const out: { op: Operation; rules: AccessRule[] }[] = [];
  for (const op of ctx.operations.values()) {
    if (!ctx.isSelected(op.operationId) || !op.path.includes('{')) continue;
    const rules = accessOf(ctx.doc, op);
    if (typeof rules === 'string') ctx.recorder.add(skip(op.operationId, 'access_control', rules));
    else if (restricts(rules)) out.push({ op, rules });
  }
  return out;
}

/** Whether the access phase has anything to try (the same test as `runAccess`'s, without its skips). */
function accessRuns(ctx: RunContext): boolean {
  if (['getUser', 'listMyChannels', 'listSavedLists'].some((op) => ctx.isSelected(op))) return true;
  return [...ctx.operations.values()].some((op) => {
    if (!ctx.isSelected(op.operationId) || !op.path.includes('{')) return false;
    const rules = accessOf(ctx.doc, op);
    return typeof rules !== 'string' && restricts(rules);
  });
}

/**
 * Registers the third user the access phase needs, started beside the scenario: the server hashes
 * the new password meanwhile instead of holding up the access phase. `runAccess` awaits it.
 */
export function registerThirdUser(ctx: RunContext): void {
  if (!accessRuns(ctx)) return;
  const c = freshAccount('c');
  const registered = signIn(ctx, c, true, false).then((failed) => ({ account: c, failed }));
  // Awaited (and any error surfaced) by the access phase; a run that stops before it must not warn.
  registered.catch(() => undefined);
  ctx.thirdUser = registered;
}

/**
 * The access phase: a third user is registered, the first sets up what each restricted operation's
 * `{id}` names, and the second tries the operation. Sequential: the attempts share those resources.
 */
export async function runAccess(ctx: RunContext): Promise<void> {
  const targets = restrictedOperations(ctx);
  const { a, b } = ctx;
  const privacy = ['getUser', 'listMyChannels', 'listSavedLists'].some((op) => ctx.isSelected(op));
  if (targets.length === 0 && !privacy) return;
  let reason = !a?.token || !b?.token ? 'two signed-in users are needed' : undefined;
  const third = await (ctx.thirdUser ??
    (async () => {
      const account = freshAccount('c');
      return { account, failed: reason ? undefined : await signIn(ctx, account, true, false) };
    })());
  const c = third.account;
  if (!reason && third.failed !== undefined) reason = 'a third user could not be registered';
  const world = a && b && !reason ? new AccessWorld(ctx, a, b, c) : undefined;
  for (const { op, rules } of targets) {
    const attempt = world ? await attemptFor(world, op, rules) : (reason ?? '');
    if (typeof attempt === 'string') {
      ctx.recorder.add(skip(op.operationId, 'access_control', attempt));
      continue;
    }
    const who = `as a second signed-in user, not the ${rules.join(' or ')} (x-access)`;
    const body = op.requestBody ? validBody(ctx, op) : undefined;
    const ex = await ctx.call(op.operationId, { params: attempt.params, body, token: b?.token, remember: false });
    const refused = ex !== undefined && ex.response.status >= 400;
    const back = refused && attempt.intact ? await attempt.intact() : { intact: undefined };
    ctx.recorder.add(accessRule(op.operationId, who, ex, refusalStatuses(op), back.intact, back.ex));
  }
  if (world) for (const d of await runPrivacy(world)) ctx.recorder.add(d);
}
