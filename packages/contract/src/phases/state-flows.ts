import type { Operation } from '@cohort/openapi';
import { accessRefused } from '../checks/access-control.ts';
import { skip } from '../checks/diagnostic.ts';
import { ensureResourceAvailability } from '../checks/ensure-resource-availability.ts';
import { goneAfterRemoval } from '../checks/use-after-free.ts';
import type { Account, RunContext } from '../context.ts';
import { validBody } from '../inputs.ts';
import type { Exchange } from '../types.ts';
import { acceptance, dataOf, idOf, listContains, ok } from './answers.ts';
import { connectionFlows } from './connection-flows.ts';

/**
 * Operations whose success needs state a request built from the contract alone cannot have: an
 * invitation addressed to the user, a group the user is not in yet, a deleted list, a pinned
 * message. Each flow sets that state up with the server's own answers, then checks the effect.
 */

/**
 * Every operation the flow needs is in the contract and the run selected one of `targets` (else
 * the flow calls nothing, and a selected target is left to the generic step).
 */
function needs(ctx: RunContext, targets: string[], ...operationIds: string[]): boolean {
  return (
    targets.some((id) => ctx.isSelected(id)) && [...targets, ...operationIds].every((id) => ctx.op(id) !== undefined)
  );
}

/** Calls `operationId` as the step under test: its answer is checked and must be a success. */
async function step(
  ctx: RunContext,
  handled: Set<string>,
  operationId: string,
  options: Parameters<RunContext['call']>[1],
  what: string,
): Promise<Exchange | undefined> {
  const op = ctx.op(operationId) as Operation;
  handled.add(operationId);
  const ex = await ctx.call(operationId, options);
  acceptance(ctx, op, ex, what);
  return ex;
}

/** A group created by `account` with the contract's example body, opened or closed as asked. */
async function createChannel(ctx: RunContext, account: Account, open: boolean): Promise<string | undefined> {
  const store = ctx.op('storeChannel');
  if (!store || !account.token) return undefined;
  const body = validBody(ctx, store);
  if (!body || typeof body !== 'object') return undefined;
  const ex = await ctx.call('storeChannel', {
    // is_open/is_public are optional proposed fields; set them too so a template's values cannot contradict is_closed.
    body: { ...body, is_closed: !open, is_open: open, is_public: open, users: [] },
    token: account.token,
    check: false,
  });
  const id = idOf(ex);
  return ok(ex) && typeof id === 'string' ? id : undefined;
}

/** The first user invites the second to two groups; the second accepts one and declines the other. */
async function invitationsFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
  const { a, b } = ctx;
  if (!a?.token || !b?.token || !b.id) return;
  const targets = ['inviteToChannel', 'listChannelInvites', 'acceptChannelInvite', 'declineChannelInvite'];
  if (!needs(ctx, targets, 'storeChannel')) return;
  const accepted = await createChannel(ctx, a, false);
  const declined = await createChannel(ctx, a, false);
  if (!accepted || !declined) return;
  for (const channel of [accepted, declined]) {
    await step(
      ctx,
      handled,
      'inviteToChannel',
      { params: { id: channel }, body: { user_ids: [b.id] }, token: a.token },
      'inviting another user to a group the user created',
    );
  }
  const pending = await step(ctx, handled, 'listChannelInvites', { token: b.token }, "listing the user's invitations");
  const invites = new Map<string, number | string>();
  const rows = ok(pending) ? dataOf(pending) : undefined;
  for (const row of Array.isArray(rows) ? rows : []) {
    const { id, channel_id: channel } = row as { id?: unknown; channel_id?: unknown };
    if (typeof channel === 'string' && (typeof id === 'number' || typeof id === 'string')) invites.set(channel, id);
  }
  const missing = [accepted, declined].find((channel) => !invites.has(channel));
  ctx.recorder.add(
    ensureResourceAvailability(
      'inviteToChannel',
      'listChannelInvites',
      `an invitation to ${missing ?? accepted}`,
      ok(pending) ? missing === undefined : undefined,
      pending,
    ),
  );

  const acceptId = invites.get(accepted);
  if (acceptId !== undefined) {
    const ex = await step(
      ctx,
      handled,
      'acceptChannelInvite',
      { params: { id: acceptId }, token: b.token },
      'accepting an invitation addressed to the user',
    );
    if (ok(ex) && ctx.op('listMyChannels')) {
      const mine = await listContains(ctx, 'listMyChannels', b, accepted);
      ctx.recorder.add(
        ensureResourceAvailability('acceptChannelInvite', 'listMyChannels', accepted, mine.contains, mine.ex),
      );
    }
  }
  const declineId = invites.get(declined);
  if (declineId !== undefined) {
    const ex = await step(
      ctx,
      handled,
      'declineChannelInvite',
      { params: { id: declineId }, token: b.token },
      'declining an invitation addressed to the user',
    );
    if (ok(ex)) {
      const after = await listContains(ctx, 'listChannelInvites', b, declineId);
      ctx.recorder.add(
        goneAfterRemoval('declineChannelInvite', 'listChannelInvites', declineId, after.contains, after.ex),
      );
    }
  }
}

/** The second user opens a group; the first joins it and then finds it among their groups. */
async function joinFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
  const { a, b } = ctx;
  if (!a?.token || !b?.token || !needs(ctx, ['joinChannel'], 'storeChannel')) return;
  const open = await createChannel(ctx, b, true);
  if (!open) return;
  const ex = await step(
    ctx,
    handled,
    'joinChannel',
    { params: { id: open }, token: a.token },
    "joining another user's open group",
  );
  if (ok(ex) && ctx.op('listMyChannels')) {
    const mine = await listContains(ctx, 'listMyChannels', a, open);
    ctx.recorder.add(ensureResourceAvailability('joinChannel', 'listMyChannels', open, mine.contains, mine.ex));
  }
}

/** A saved list is created, deleted (it moves to Recently Deleted), restored, and listed again. */
async function restoreFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
  const { a, b } = ctx;
  if (!a?.token || !b?.id || !needs(ctx, ['restoreSavedList'], 'createSavedList', 'deleteSavedList')) return;
  const created = await ctx.call('createSavedList', {
    body: { name: 'Conformance restore check', user_ids: [b.id] },
    token: a.token,
    check: false,
  });
  const id = idOf(created);
  if (!ok(created) || id === undefined) return;
  const removed = await ctx.call('deleteSavedList', { params: { id }, token: a.token, check: false });
  if (!ok(removed)) return;
  const ex = await step(
    ctx,
    handled,
    'restoreSavedList',
    { params: { id }, token: a.token },
    'restoring a list the user deleted',
  );
  if (ok(ex) && ctx.op('listSavedLists')) {
    const lists = await listContains(ctx, 'listSavedLists', a, id);
    ctx.recorder.add(ensureResourceAvailability('restoreSavedList', 'listSavedLists', id, lists.contains, lists.ex));
  }
}

/** A message is sent and pinned in the first user's group, then unpinned. */
async function unpinFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
  const { a, channelId } = ctx;
  if (!a?.token || !channelId || !needs(ctx, ['unpinMessage'], 'sendMessage', 'pinMessage')) return;
  const sent = await ctx.call('sendMessage', {
    params: { id: channelId },
    body: { message: 'Conformance pin check' },
    token: a.token,
    check: false,
  });
  const msgId = idOf(sent);
  if (!ok(sent) || msgId === undefined) return;
  const params = { id: channelId, msgId };
  const pinned: Exchange | undefined = await ctx.call('pinMessage', { params, token: a.token, check: false });
  if (!ok(pinned)) return;
  await step(ctx, handled, 'unpinMessage', { params, token: a.token }, 'unpinning a message the user pinned');
}

/** The members of a group as its member reads it (getChannel), or undefined. */
async function membersOf(ctx: RunContext, account: Account, channel: string) {
  const ex = await ctx.call('getChannel', { params: { id: channel }, token: account.token, check: false });
  const data = ok(ex) ? (dataOf(ex) as { users?: unknown; subgroups?: unknown } | undefined) : undefined;
  return { ex, users: Array.isArray(data?.users) ? data.users : undefined, subgroups: data?.subgroups };
}

/**
 * A one-to-one chat is closed and private whatever its body asked: the second user opens one with
 * somebody from the directory (asking for it open and public), and the first, a third party, tries
 * to join it and read it.
 */
async function directChatFlow(ctx: RunContext): Promise<void> {
  const { a, b } = ctx;
  if (!a?.token || !b?.token || !a.id) return;
  if (!needs(ctx, ['joinChannel'], 'storeChannel', 'getChannel', 'searchUsers')) return;
  const people = dataOf(await ctx.call('searchUsers', { query: { per_page: 15 }, token: b.token, check: false }));
  const rows = (people as { data?: unknown } | undefined)?.data;
  const other = (Array.isArray(rows) ? rows : [])
    .map((p) => (p as { id?: unknown }).id)
    .find((id) => typeof id === 'string' && id !== a.id && id !== b.id) as string | undefined;
  if (!other) {
    ctx.recorder.add(
      skip('joinChannel', 'access_control', 'the directory named nobody to open a one-to-one chat with'),
    );
    return;
  }
  const store = ctx.op('storeChannel') as Operation;
  const template = validBody(ctx, store);
  if (!template || typeof template !== 'object') return;
  const made = await ctx.call('storeChannel', {
    body: {
      ...template,
      is_direct: true,
      is_closed: false,
      is_open: true,
      is_public: true,
      parent_id: null,
      users: [other],
    },
    token: b.token,
    check: false,
  });
  const id = idOf(made);
  if (!ok(made) || typeof id !== 'string') {
    ctx.recorder.add(
      skip('joinChannel', 'access_control', `no one-to-one chat was created (${made?.response.status})`),
    );
    return;
  }
  const join = await ctx.call('joinChannel', { params: { id }, token: a.token });
  const after = await membersOf(ctx, b, id);
  const intact = after.users ? !after.users.includes(a.id) : undefined;
  ctx.recorder.add(accessRefused('joinChannel', 'join a one-to-one chat of two other people', join, intact, after.ex));
  if (ctx.op('getChannelMessages')) {
    const read = await ctx.call('getChannelMessages', { params: { id }, token: a.token });
    ctx.recorder.add(accessRefused('getChannelMessages', 'read a one-to-one chat of two other people', read, true));
  }
}

/** Only members of a group may create a subgroup in it: the second user tries, in the first's private group. */
async function subgroupFlow(ctx: RunContext): Promise<void> {
  const { a, b } = ctx;
  if (!a?.token || !b?.token) return;
  if (!needs(ctx, ['storeChannel'], 'getChannel')) return;
  const main = await createChannel(ctx, a, false);
  const store = ctx.op('storeChannel') as Operation;
  const template = validBody(ctx, store);
  if (!main || !template || typeof template !== 'object') return;
  const attempt = await ctx.call('storeChannel', {
    body: { ...template, parent_id: main, is_closed: false, is_public: true, is_open: true, users: [] },
    token: b.token,
  });
  const after = await membersOf(ctx, a, main);
  const planted = idOf(attempt);
  const listed = Array.isArray(after.subgroups)
    ? after.subgroups.some((s) => (s as { id?: unknown }).id === planted)
    : undefined;
  ctx.recorder.add(
    accessRefused(
      'storeChannel',
      'create a subgroup in a private group they are not a member of',
      attempt,
      listed === undefined ? undefined : !listed,
      after.ex,
    ),
  );
}

/** Runs the flows one after another (they share the two accounts); each marks what it exercised. */
export async function stateFlows(ctx: RunContext, handled: Set<string>): Promise<void> {
  for (const flow of [invitationsFlow, joinFlow, restoreFlow, unpinFlow, connectionFlows]) await flow(ctx, handled);
  for (const flow of [directChatFlow, subgroupFlow]) await flow(ctx);
}
