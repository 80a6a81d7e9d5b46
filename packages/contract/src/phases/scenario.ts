import type { Operation } from '@cohort/openapi';
import { skip } from '../checks/diagnostic.ts';
import { ensureResourceAvailability } from '../checks/ensure-resource-availability.ts';
import { positiveDataAcceptance } from '../checks/positive-data-acceptance.ts';
import { goneAfterRemoval, secondRemovalRefused } from '../checks/use-after-free.ts';
import { type Account, freshAccount, type RunContext } from '../context.ts';
import { proseRuleFields, requiredQuery, validBody } from '../inputs.ts';
import type { Exchange } from '../types.ts';
import { acceptance, dataOf, idOf, listContains, listIds, ok } from './answers.ts';
import { stateFlows } from './state-flows.ts';

/** Sign-in gave no token: the run cannot check anything protected, so it stops with an error (exit 2). */
export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInError';
  }
}

/** How an answer reads in a sign-in error: `login answered 401 (These credentials do not match our records.)`. */
function answered(operationId: string, ex: Exchange | undefined): string {
  if (!ex) return `${operationId} was not called`;
  const message = (ex.response.json as { message?: unknown } | undefined)?.message;
  const why = typeof message === 'string' && message ? ` (${message.slice(0, 120)})` : '';
  const token = ok(ex) ? ' without an access_token' : '';
  return `${operationId} answered ${ex.response.status}${token}${why}`;
}

/**
 * Registers (or signs in) an account and fills in its token and id. Returns what the server
 * answered when no token came of it, for the run's error. With `alwaysLogin` off, a registration
 * that gave a token is not followed by a sign-in (one fewer password hash on the server; the first
 * user's sign-in checks `login`).
 */
export async function signIn(
  ctx: RunContext,
  account: Account,
  register: boolean,
  alwaysLogin = true,
): Promise<string | undefined> {
  const steps: string[] = [];
  const registerOp = ctx.op('register');
  const template = registerOp ? validBody(ctx, registerOp) : undefined;
  if (register && registerOp && template && typeof template === 'object') {
    const body = { ...template, email: account.email, password: account.password, university_name: account.university };
    const ex = await ctx.call('register', { body });
    acceptance(ctx, registerOp, ex, 'registering a fresh user');
    const token = (dataOf(ex) as { access_token?: unknown } | undefined)?.access_token;
    if (typeof token === 'string') account.token = token;
    else steps.push(answered('register', ex));
  }
  const loginOp = ctx.op('login');
  if (loginOp && (alwaysLogin || !account.token)) {
    const ex = await ctx.call('login', {
      body: { uniName: account.university, email: account.email, password: account.password },
    });
    const token = (dataOf(ex) as { access_token?: unknown } | undefined)?.access_token;
    // Credentials the user gave may simply be wrong: that is the run's error, not the server's failure.
    if (register || typeof token === 'string') acceptance(ctx, loginOp, ex, 'signing in with valid credentials');
    if (typeof token === 'string') account.token = token;
    else steps.push(answered('login', ex));
  }
  const getMe = ctx.op('getMe');
  if (getMe && account.token) {
    const me = await ctx.call('getMe', { token: account.token });
    acceptance(ctx, getMe, me, 'reading the signed-in user with a fresh token');
    const id = idOf(me);
    if (typeof id === 'string') account.id = id;
  }
  if (account.token || (!registerOp && !loginOp)) return undefined;
  return steps.join('; ') || 'no operation gave a token';
}

export interface ItemFlow {
  store: string;
  list: string;
  remove: string;
  noun: string;
}

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

async function itemFlow(ctx: RunContext, flow: ItemFlow, handled: Set<string>): Promise<void> {
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

async function channelFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
  const a = ctx.a;
  const store = ctx.op('storeChannel');
  if (!a?.token || !store) return;
  handled.add('storeChannel');
  const kept = await ctx.call('storeChannel', { body: validBody(ctx, store), token: a.token });
  acceptance(ctx, store, kept, 'creating a valid channel');
  const keptId = idOf(kept);
  if (ok(kept) && typeof keptId === 'string') ctx.channelId = keptId;
  const left = await ctx.call('storeChannel', { body: validBody(ctx, store), token: a.token });
  const leftId = idOf(left);
  if (ctx.op('listMyChannels')) {
    handled.add('listMyChannels');
    const listed = await listContains(ctx, 'listMyChannels', a, keptId);
    if (keptId !== undefined) {
      ctx.recorder.add(
        ensureResourceAvailability('storeChannel', 'listMyChannels', keptId, listed.contains, listed.ex),
      );
    }
  }
  if (ctx.op('getChannelMessages') && ctx.channelId) {
    handled.add('getChannelMessages');
    await ctx.call('getChannelMessages', { params: { id: ctx.channelId }, token: a.token });
    await ctx.call('getChannelMessages', { params: { id: ctx.channelId }, query: { limit: 5 }, token: a.token });
  }
  const leave = ctx.op('leaveChannel');
  if (leave && typeof leftId === 'string') {
    handled.add('leaveChannel');
    const ex = await ctx.call('leaveChannel', { params: { id: leftId }, token: a.token });
    acceptance(ctx, leave, ex, 'leaving a channel the user created');
    if (!ok(ex)) return;
    const after = await listContains(ctx, 'listMyChannels', a, leftId);
    ctx.recorder.add(goneAfterRemoval('leaveChannel', 'listMyChannels', leftId, after.contains, after.ex));
    const again = await ctx.call('leaveChannel', { params: { id: leftId }, token: a.token });
    if (again) ctx.recorder.add(secondRemovalRefused('leaveChannel', leftId, again));
  }
}

async function resourcesFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
  const op = ctx.op('listResources');
  if (!op) return;
  handled.add('listResources');
  const kinds = ctx.requests.deref(op.parameters.find((p) => p.name === 'resource')?.schema ?? {}).enum;
  for (const resource of Array.isArray(kinds) ? kinds : ['Club']) {
    const ex = await ctx.call('listResources', { query: { resource: String(resource) }, token: ctx.a?.token });
    acceptance(ctx, op, ex, `listing resource ${resource}`);
    // Tag ids are what request bodies reference by integer id (a channel's tags); the fuzzer reuses them.
    const ids = ok(ex) ? listIds(ex)?.filter((id) => typeof id === 'number') : undefined;
    if (resource === 'Tag' && ids && ids.length > 0) ctx.refs.set('IntId', ids);
  }
  const paged = await ctx.call('listResources', {
    query: { resource: 'Club', page: 1, per_page: 5 },
    token: ctx.a?.token,
  });
  acceptance(ctx, op, paged, 'listing a page of clubs');
}

const WRITE_FIRST: Record<string, number> = { post: 0, put: 0, patch: 1, get: 2, head: 2, delete: 3 };

/** An operation with no dedicated step: path ids from what the run has seen, body from the contract. */
async function genericStep(ctx: RunContext, op: Operation): Promise<'done' | string> {
  const params = ctx.pathParams(op, 'other');
  if (typeof params === 'string') return `no known value for path parameter ${params}`;
  const body = op.requestBody ? validBody(ctx, op) : undefined;
  if (op.requestBody?.required && body === undefined) return 'no valid request body could be generated';
  const token = op.secured ? ctx.a?.token : undefined;
  if (op.secured && !token) return 'no signed-in user';
  const ex = await ctx.call(op.operationId, { params, query: requiredQuery(ctx, op), body, token });
  if (!ex) return 'not in the contract';
  const { status } = ex.response;
  if (ok(ex) || status === 400 || status === 422) {
    // Not strict: the body may still name a record this server does not have (a 422 for that id alone).
    ctx.recorder.add(
      positiveDataAcceptance(op, ex, 'a request built from the contract', false, body, proseRuleFields(ctx, op)),
    );
  } else {
    ctx.recorder.add(
      skip(
        op.operationId,
        'positive_data_acceptance',
        `answered ${status} to a generated request; success not exercised`,
      ),
    );
  }
  return 'done';
}

/**
 * The scenario: every selected operation in dependency order, using ids the server returned.
 * Returns the operations it exercised; logout is left to `logoutStep`, run last.
 */
async function experienceFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
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

/**
 * The scenario: every selected operation in dependency order, using ids the server returned.
 * Independent flows (notes, clubs, channels, ...) run side by side; logout is left to `logoutStep`.
 */
export async function runScenario(ctx: RunContext, credentials?: Account): Promise<void> {
  const handled = new Set<string>(['register', 'login', 'getMe', 'logout', 'logoutViaGet']);
  const a: Account = credentials ? { ...credentials } : freshAccount('a');
  const b = freshAccount('b');
  ctx.a = a;
  ctx.b = b;
  const [failedA] = await Promise.all([signIn(ctx, a, !credentials), signIn(ctx, b, true, false)]);
  if (failedA !== undefined) {
    const who = credentials ? a.email : `a freshly registered user (${a.email})`;
    throw new SignInError(`could not sign in as ${who}: ${failedA}`);
  }
  for (const [name, id] of [
    ['UserId', a.id],
    ['UserId', b.id],
  ] as const) {
    if (id) ctx.refs.set(name, [...(ctx.refs.get(name) ?? []), id]);
  }
  await Promise.all([
    resourcesFlow(ctx, handled),
    ...ITEM_FLOWS.map((flow) => itemFlow(ctx, flow, handled)),
    experienceFlow(ctx, handled),
    channelFlow(ctx, handled),
    (async () => {
      const listFriends = ctx.op('listFriends');
      if (!listFriends || !a.token) return;
      handled.add('listFriends');
      const ex = await ctx.call('listFriends', { token: a.token });
      acceptance(ctx, listFriends, ex, "listing the signed-in user's friends");
    })(),
  ]);
  if (ctx.channelId) ctx.refs.set('ChannelId', [ctx.channelId]);
  await stateFlows(ctx, handled);
  const rest = [...ctx.operations.values()]
    .filter((op) => ctx.isSelected(op.operationId) && !handled.has(op.operationId))
    .sort((x, y) => (WRITE_FIRST[x.method] ?? 2) - (WRITE_FIRST[y.method] ?? 2));
  // Two rounds: an operation may need an id (a message, a list) that a later one creates.
  let pending = rest;
  for (let round = 0; round < 2 && pending.length > 0; round++) {
    const next: Operation[] = [];
    for (const op of pending) {
      const outcome = await genericStep(ctx, op);
      if (outcome !== 'done') {
        if (round === 1) ctx.recorder.add(skip(op.operationId, 'positive_data_acceptance', outcome));
        next.push(op);
      }
    }
    pending = next;
  }
  for (const op of pending) {
    for (const check of ['not_a_server_error', 'status_code_conformance', 'response_schema_conformance'] as const) {
      ctx.recorder.add(skip(op.operationId, check, 'the scenario could not call it (see positive_data_acceptance)'));
    }
  }
}

/**
 * Logout last, then the revoked token must be refused. Each selected logout (the proposed POST, the
 * spec's deprecated GET) signs out a session of its own; the last token revoked is returned.
 */
export async function logoutStep(ctx: RunContext): Promise<string | undefined> {
  const a = ctx.a;
  if (!a?.token) return undefined;
  let revoked: string | undefined;
  for (const operationId of ['logoutViaGet', 'logout']) {
    const op = ctx.op(operationId);
    if (!op || !ctx.isSelected(operationId)) continue;
    // A session of its own, so the main token stays valid and the curl commands in the report still work.
    let token = a.token;
    if (ctx.op('login')) {
      const session = await ctx.call('login', {
        body: { uniName: a.university, email: a.email, password: a.password },
        check: false,
      });
      const fresh = (dataOf(session) as { access_token?: unknown } | undefined)?.access_token;
      if (typeof fresh === 'string') token = fresh;
    }
    const ex = await ctx.call(operationId, { token });
    acceptance(ctx, op, ex, 'signing out');
    if (ok(ex)) revoked = token;
  }
  return revoked;
}
