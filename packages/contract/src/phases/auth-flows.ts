import { fail, pass, skip } from '../checks/diagnostic.ts';
import type { Account, RunContext } from '../context.ts';
import type { Exchange } from '../types.ts';
import { dataOf, ok } from './answers.ts';

/** Where a mock keeps the mails it would have sent; a server without one cannot show a reset link. */
const OUTBOX = '/__mock/mail';

const limited = (ex: Exchange | undefined) => ex?.response.status === 429;
const statusOf = (ex: Exchange | undefined) => (ex ? String(ex.response.status) : 'no answer');

/**
 * Reset links (`ignored_auth` of `resetPassword`): a link asked for before a later reset, and one
 * asked for before a password change, must be refused. The links are read from the mock's outbox;
 * the third user (who no later phase needs) is the account. A 429 on the way skips, never fails.
 */
export async function runResetLinks(ctx: RunContext): Promise<void> {
  const id = 'resetPassword';
  const needed = ['requestPasswordReset', 'resetPassword', 'login'];
  if (!ctx.isSelected(id) || needed.some((op) => !ctx.op(op))) return;
  const third = ctx.thirdUser ? await ctx.thirdUser : undefined;
  if (!third || third.failed !== undefined || !third.account.token) {
    ctx.recorder.add(skip(id, 'ignored_auth', 'older reset links not tested: no spare signed-in user'));
    return;
  }
  const account = third.account;
  const links = await askForLinks(ctx, account, 2);
  if (typeof links === 'string') {
    ctx.recorder.add(skip(id, 'ignored_auth', `older reset links not tested: ${links}`));
    return;
  }
  const [later, earlier] = links as [string, string];
  const first = await reset(ctx, later, `${account.password}-2`);
  if (!ok(first)) {
    ctx.recorder.add(skip(id, 'ignored_auth', `the newest reset link answered ${statusOf(first)}`));
    return;
  }
  account.password = `${account.password}-2`;
  const old = await reset(ctx, earlier, `${account.password}-x`);
  ctx.recorder.add(refused(old, 'a reset link asked for before a later reset', 'a later reset'));
  if (ok(old)) account.password = `${account.password}-x`;
  await afterPasswordChange(ctx, account);
}

/** A link asked for, then the password changed while signed in: the link must be refused. */
async function afterPasswordChange(ctx: RunContext, account: Account): Promise<void> {
  const id = 'resetPassword';
  if (!ctx.isSelected('changePassword') || !ctx.op('changePassword')) return;
  const session = await ctx.call('login', {
    body: { uniName: account.university, email: account.email, password: account.password },
    check: false,
  });
  const token = (dataOf(session) as { access_token?: unknown } | undefined)?.access_token;
  if (typeof token !== 'string') {
    ctx.recorder.add(skip(id, 'ignored_auth', `signing in again answered ${statusOf(session)}`));
    return;
  }
  account.token = token;
  const links = await askForLinks(ctx, account, 1);
  if (typeof links === 'string') {
    ctx.recorder.add(skip(id, 'ignored_auth', `a reset link before a password change not tested: ${links}`));
    return;
  }
  const next = `${account.password}-3`;
  const changed = await ctx.call('changePassword', {
    token,
    body: { current_password: account.password, password: next, password_confirmation: next },
    check: false,
  });
  if (!ok(changed)) {
    ctx.recorder.add(skip(id, 'ignored_auth', `changing the password answered ${statusOf(changed)}`));
    return;
  }
  account.password = next;
  const old = await reset(ctx, links[0] as string, `${next}-x`);
  ctx.recorder.add(refused(old, 'a reset link asked for before a password change', 'a password change'));
}

function refused(ex: Exchange | undefined, what: string, after: string) {
  const id = 'resetPassword';
  if (!ex) return skip(id, 'ignored_auth', `${what}: no answer`);
  if (limited(ex)) return skip(id, 'ignored_auth', `${what}: rate limited (429)`);
  if (ex.response.status >= 400 && ex.response.status < 500) return pass(id, 'ignored_auth');
  if (!ok(ex)) return skip(id, 'ignored_auth', `${what}: answered ${ex.response.status}`);
  return fail(id, 'ignored_auth', `${what} still set a new password (${ex.response.status})`, ex, {
    schemaPath: `reset link voided by ${after}`,
    expected: 'a 4xx (422 naming token)',
    actual: ex.response.status,
  });
}

const reset = (ctx: RunContext, token: string, password: string) =>
  ctx.call('resetPassword', { body: { token, password, password_confirmation: password }, check: false });

/** Asks for `count` links for the account and reads their tokens from the outbox, newest first; a string says why not. */
async function askForLinks(ctx: RunContext, account: Account, count: number): Promise<string[] | string> {
  for (let i = 0; i < count; i++) {
    const asked = await ctx.call('requestPasswordReset', { body: { email: account.email }, check: false });
    if (limited(asked)) return 'asking for a link was rate limited (429)';
    if (!ok(asked)) return `asking for a link answered ${statusOf(asked)}`;
  }
  const mail = await ctx.http.send({ method: 'GET', path: OUTBOX, query: { to: account.email } });
  const list = (mail.response.json as { data?: unknown } | undefined)?.data;
  if (mail.response.status !== 200 || !Array.isArray(list)) return `the server has no mail outbox at ${OUTBOX}`;
  const tokens = list
    .slice(0, count)
    .map((m) => (m as { link?: unknown }).link)
    .map((link) => (typeof link === 'string' ? new URL(link, 'http://x/').searchParams.get('token') : null));
  if (tokens.length < count || tokens.some((t) => !t)) return `${OUTBOX} did not list ${count} links with a token`;
  return tokens as string[];
}

/** A directory read that declares its 429, and its path parameters (the second user's profile). */
function limitedRead(ctx: RunContext): { operationId: string; params: Record<string, string> } | undefined {
  const target = ctx.b?.id ?? ctx.a?.id;
  const op = ctx.op('getUser');
  if (!op || !ctx.isSelected('getUser') || !op.responses['429'] || !target) return undefined;
  return { operationId: 'getUser', params: { id: target } };
}

const header = (ex: Exchange | undefined, name: string) => {
  const value = Number(ex?.response.headers[name]);
  return ex && ex.response.headers[name] !== undefined && Number.isFinite(value) ? value : undefined;
};

/**
 * Limits per user (`rate_limit_per_user`): the first user reads a profile, signs in again and reads
 * it with the new token; the window the `RateLimit-Remaining` header counts must go on, not start
 * over. Two reads and a sign-in. A 429 with `Retry-After` on the first read is the limit holding.
 */
export async function runLimitScope(ctx: RunContext): Promise<void> {
  const read = limitedRead(ctx);
  const a = ctx.a;
  if (!read || !a?.token || !ctx.op('login')) return;
  const code = 'rate_limit_per_user';
  const once = (token: string) => ctx.call(read.operationId, { params: read.params, token, check: false });
  let before = await once(a.token);
  // A window about to close could close between the two reads: start in a fresh one.
  const closing = header(before, 'ratelimit-reset');
  if (closing !== undefined && closing < 3) {
    await new Promise((resolve) => setTimeout(resolve, (closing + 1) * 1000));
    before = await once(a.token);
  }
  const session = await ctx.call('login', {
    body: { uniName: a.university, email: a.email, password: a.password },
    check: false,
  });
  const token = (dataOf(session) as { access_token?: unknown } | undefined)?.access_token;
  if (typeof token !== 'string') {
    const why = limited(session)
      ? 'signing in again was rate limited (429)'
      : `signing in answered ${statusOf(session)}`;
    ctx.recorder.add(skip(read.operationId, code, why));
    return;
  }
  const after = await once(token);
  ctx.recorder.add(sameWindow(read.operationId, before, after));
}

/** Judges the two reads: the second, with a fresh token, counts in the first's window. */
export function sameWindow(operationId: string, before: Exchange | undefined, after: Exchange | undefined) {
  const code = 'rate_limit_per_user';
  if (!before || !after) return skip(operationId, code, 'a read got no answer');
  if (limited(before)) {
    if (header(before, 'retry-after') === undefined) return skip(operationId, code, '429 without Retry-After');
    if (limited(after)) return pass(operationId, code);
    return fail(operationId, code, 'a new token of the same user is served past the limit the old one hit', after, {
      schemaPath: 'limit per user',
      expected: '429 with the new token too',
      actual: after.response.status,
    });
  }
  if (limited(after)) return pass(operationId, code);
  const first = header(before, 'ratelimit-remaining');
  const second = header(after, 'ratelimit-remaining');
  if (first === undefined || second === undefined) {
    return skip(operationId, code, 'no RateLimit-Remaining header to compare');
  }
  if (second < first) return pass(operationId, code);
  return fail(operationId, code, 'a new token of the same user starts a fresh rate window', after, {
    schemaPath: 'RateLimit-Remaining',
    expected: `below ${first} (the same user's window goes on)`,
    actual: second,
  });
}
