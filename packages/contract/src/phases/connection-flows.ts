import type { Operation } from '@cohort/openapi';
import { ensureResourceAvailability } from '../checks/ensure-resource-availability.ts';
import { goneAfterRemoval } from '../checks/use-after-free.ts';
import type { Account, RunContext } from '../context.ts';
import type { Exchange } from '../types.ts';
import { acceptance, dataOf, idOf, listContains, ok } from './answers.ts';

/**
 * The connection lifecycle and notifications, through their own answers: the first user invites
 * the second, who accepts (both friend lists gain the other), then the first removes the
 * connection (both lose it); an invitation declined, one withdrawn; a notification marked read.
 */

async function step(
  ctx: RunContext,
  handled: Set<string>,
  operationId: string,
  options: Parameters<RunContext['call']>[1],
  what: string,
): Promise<Exchange | undefined> {
  handled.add(operationId);
  const ex = await ctx.call(operationId, options);
  acceptance(ctx, ctx.op(operationId) as Operation, ex, what);
  return ex;
}

async function invite(ctx: RunContext, from: Account, to: Account): Promise<number | string | undefined> {
  const ex = await ctx.call('connectUser', { params: { id: to.id ?? '' }, token: from.token });
  acceptance(ctx, ctx.op('connectUser') as Operation, ex, 'inviting another user to connect');
  return ok(ex) ? idOf(ex) : undefined;
}

/** The same request again, where the contract declares a 409 for it (counted by status coverage). */
async function again(ctx: RunContext, operationId: string, id: string | number, account: Account, what: string) {
  if (!ctx.op(operationId)?.responses['409']) return;
  const provoked = ctx.provoked.get(operationId) ?? new Map<number, string>();
  ctx.provoked.set(operationId, provoked.set(409, what));
  await ctx.call(operationId, { params: { id }, token: account.token });
}

/** Both friend lists show (or no longer show) the other: ensure_resource_availability / use_after_free. */
async function bothFriends(ctx: RunContext, operationId: string, a: Account, b: Account, connected: boolean) {
  if (!ctx.op('listFriends')) return;
  for (const [of, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const listed = await listContains(ctx, 'listFriends', of, other.id);
    ctx.recorder.add(
      connected
        ? ensureResourceAvailability(operationId, 'listFriends', other.id, listed.contains, listed.ex)
        : goneAfterRemoval(operationId, 'listFriends', other.id, listed.contains, listed.ex),
    );
  }
}

export async function connectionFlows(ctx: RunContext, handled: Set<string>): Promise<void> {
  const { a, b } = ctx;
  const ops = ['connectUser', 'acceptConnection', 'declineConnection', 'withdrawConnection', 'removeConnection'];
  if (!a?.token || !b?.token || !a.id || !b.id || !ops.every((id) => ctx.op(id))) return;
  if (!ops.some((id) => ctx.isSelected(id)) && !ctx.isSelected('markNotificationRead')) return;
  handled.add('connectUser');
  // Invited, then accepted: both friend lists show the other; removed: neither does.
  const accepted = await invite(ctx, a, b);
  if (accepted !== undefined) {
    await again(ctx, 'connectUser', b.id, a, 'a second invitation while the first is pending');
    const params = { id: accepted };
    const ex = await step(ctx, handled, 'acceptConnection', { params, token: b.token }, 'accepting an invitation');
    await again(ctx, 'acceptConnection', accepted, b, 'an invitation accepted already');
    if (ok(ex)) {
      await bothFriends(ctx, 'acceptConnection', a, b, true);
      const removed = await step(
        ctx,
        handled,
        'removeConnection',
        { params: { id: b.id }, token: a.token },
        'removing a connection',
      );
      if (ok(removed)) await bothFriends(ctx, 'removeConnection', a, b, false);
    }
  }
  for (const [operationId, who, what] of [
    ['declineConnection', b, 'declining an invitation to the user'],
    ['withdrawConnection', a, "withdrawing the user's own invitation"],
  ] as const) {
    const id = await invite(ctx, a, b);
    if (id === undefined) continue;
    await step(ctx, handled, operationId, { params: { id }, token: who.token }, what);
    await again(ctx, operationId, id, who, 'an invitation answered or withdrawn already');
  }
  // Inviting someone whose invitation is pending accepts it (200); then the two part again.
  if ((await invite(ctx, a, b)) !== undefined) {
    const mutual = await ctx.call('connectUser', { params: { id: a.id }, token: b.token });
    acceptance(ctx, ctx.op('connectUser') as Operation, mutual, 'inviting someone whose invitation is pending');
    await ctx.call('removeConnection', { params: { id: b.id }, token: a.token, check: false });
  }
  // The invitations left notifications for the second user: one is marked read.
  if (ctx.op('listNotifications') && ctx.op('markNotificationRead')) {
    const rows = dataOf(await ctx.call('listNotifications', { token: b.token, check: false }));
    const unread = (Array.isArray(rows) ? rows : []).find((r) => (r as { read_at?: unknown }).read_at === null) as
      | { id?: number | string }
      | undefined;
    if (unread?.id !== undefined) {
      const params = { id: unread.id };
      await step(ctx, handled, 'markNotificationRead', { params, token: b.token }, 'marking a notification read');
    }
  }
}
