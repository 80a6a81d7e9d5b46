import type { Operation } from '@cohort/openapi';
import { skip } from '../checks/diagnostic.ts';
import { ensureResourceAvailability } from '../checks/ensure-resource-availability.ts';
import { goneAfterRemoval, secondRemovalRefused } from '../checks/use-after-free.ts';
import type { Account, RunContext } from '../context.ts';
import { validBody } from '../inputs.ts';
import type { Exchange } from '../types.ts';
import { acceptance, idOf, listContains, ok } from './answers.ts';

export interface ItemFlow {
  store: string;
  list: string;
  remove: string;
  noun: string;
}

/** The item kinds a user stores, lists and removes the same way. */
export const ITEM_FLOWS: ItemFlow[] = [
  { store: 'storeNote', list: 'listNotes', remove: 'deleteNote', noun: 'note' },
  { store: 'storeClub', list: 'listClubs', remove: 'detachClub', noun: 'club' },
  { store: 'storeInterest', list: 'listInterests', remove: 'detachInterest', noun: 'interest' },
  { store: 'storeDirection', list: 'listDirections', remove: 'detachDirection', noun: 'direction' },
];

/** The id path parameter's name of an operation that acts on one item. */
export function idParam(op: Operation): string {
  return op.parameters.find((p) => p.in === 'path')?.name ?? 'id';
}

/** Creates an item as `account` and returns its id (and the exchange), or undefined. */
export async function createItem(
  ctx: RunContext,
  flow: ItemFlow,
  account: Account,
): Promise<{ id: string | number; ex: Exchange } | undefined> {
  const store = ctx.op(flow.store);
  if (!store || !account.token) return undefined;
  const ex = await ctx.call(flow.store, { body: validBody(ctx, store), token: account.token });
  acceptance(ctx, store, ex, `storing a valid ${flow.noun}`);
  const id = idOf(ex);
  return ok(ex) && id !== undefined && ex ? { id, ex } : undefined;
}

/** One item kind end to end: store, find it listed, delete, find it gone, a second delete refused. */
export async function itemFlow(ctx: RunContext, flow: ItemFlow, handled: Set<string>): Promise<void> {
  const a = ctx.a;
  if (!a?.token || !ctx.op(flow.store)) return;
  handled.add(flow.store);
  const created = await createItem(ctx, flow, a);
  if (ctx.op(flow.list)) handled.add(flow.list);
  if (!created) {
    ctx.recorder.add(skip(flow.store, 'ensure_resource_availability', `no ${flow.noun} was created`));
    if (ctx.op(flow.list)) await listContains(ctx, flow.list, a, undefined);
    return;
  }
  const listed = await listContains(ctx, flow.list, a, created.id);
  ctx.recorder.add(ensureResourceAvailability(flow.store, flow.list, created.id, listed.contains, listed.ex));

  const remove = ctx.op(flow.remove);
  if (!remove) return;
  handled.add(flow.remove);
  const params = { [idParam(remove)]: created.id };
  const del = await ctx.call(flow.remove, { params, token: a.token });
  acceptance(ctx, remove, del, `deleting the user's own ${flow.noun}`);
  if (!ok(del)) {
    ctx.recorder.add(skip(flow.remove, 'use_after_free', `the delete itself was answered ${del?.response.status}`));
    return;
  }
  const after = await listContains(ctx, flow.list, a, created.id);
  ctx.recorder.add(goneAfterRemoval(flow.remove, flow.list, created.id, after.contains, after.ex));
  const again = await ctx.call(flow.remove, { params, token: a.token });
  if (again) ctx.recorder.add(secondRemovalRefused(flow.remove, created.id, again));
}

/** An experience stored and then found in the user's list. */
export async function experienceFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
  const op = ctx.op('storeExperience');
  if (!op || !ctx.a?.token) return;
  handled.add('storeExperience');
  const ex = await ctx.call('storeExperience', { body: validBody(ctx, op), token: ctx.a.token });
  acceptance(ctx, op, ex, 'storing a valid experience');
  if (!ctx.op('listExperiences')) return;
  handled.add('listExperiences');
  const listed = await listContains(ctx, 'listExperiences', ctx.a, idOf(ex));
  if (ok(ex)) {
    ctx.recorder.add(
      ensureResourceAvailability('storeExperience', 'listExperiences', idOf(ex), listed.contains, listed.ex),
    );
  }
}
