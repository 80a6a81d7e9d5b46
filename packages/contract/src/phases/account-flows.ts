import { fail, pass, skip } from '../checks/diagnostic.ts';
import { type Account, freshAccount, type RunContext } from '../context.ts';
import type { CheckName, Diagnostic, Exchange } from '../types.ts';
import { acceptance, dataOf, ok } from './answers.ts';
import { note } from './provoke.ts';
import { signIn } from './sessions.ts';

/**
 * What a backend most often gets wrong about an account, tried on a user the run made itself:
 * a changed password leaves the old one (and the other sessions) working; a deleted account
 * still signs in, still reads with its token, still shows in the directory. Then 429s provoked
 * only on the run's own users (wrong passwords), so another run against the same server is not held up.
 */

const limited = (ex: Exchange | undefined) => ex?.response.status === 429;
const statusOf = (ex: Exchange | undefined) => (ex ? String(ex.response.status) : 'no answer');
const tokenOf = (ex: Exchange | undefined) => {
  const token = (dataOf(ex) as { access_token?: unknown } | undefined)?.access_token;
  return typeof token === 'string' ? token : undefined;
};

const login = (ctx: RunContext, account: Account, password: string) =>
  ctx.call('login', {
    body: { uniName: account.university, email: account.email, password },
    check: false,
    remember: false,
  });

/**
 * The answer to a request that must be refused after `after` (a 4xx; 429 proves nothing either way).
 * `refusal` says what the contract promises, e.g. "401".
 */
export function refusedAfter(
  operationId: string,
  code: CheckName,
  what: string,
  ex: Exchange | undefined,
  refusal: string,
): Diagnostic {
  if (!ex) return skip(operationId, code, `${what}: no answer`);
  if (limited(ex)) return skip(operationId, code, `${what}: rate limited (429)`);
  const { status } = ex.response;
  if (status >= 400 && status < 500) return pass(operationId, code);
  if (!ok(ex)) return skip(operationId, code, `${what}: answered ${status}`);
  return fail(operationId, code, `${what} still succeeds (${status})`, ex, {
    schemaPath: what,
    expected: `refused (${refusal})`,
    actual: status,
  });
}

/** The spare user: the access phase's third user once it is done with it, or one registered here. */
async function spareUser(ctx: RunContext): Promise<Account | string> {
  const third = ctx.thirdUser ? await ctx.thirdUser : undefined;
  if (third && third.failed === undefined && third.account.token) return third.account;
  const account = freshAccount('d');
  const failed = await signIn(ctx, account, true, false);
  return failed === undefined && account.token ? account : `no user of the run's own: ${failed ?? 'no token'}`;
}

/**
 * changePassword on the spare user from one session while a second is signed in: the call must
 * succeed; then the old password and the second session are refused, the new password and the
 * calling session work.
 */
async function passwordChange(ctx: RunContext, account: Account): Promise<void> {
  const id = 'changePassword';
  const op = ctx.op(id);
  if (!op || !account.token) return;
  const other = ctx.op('login') ? tokenOf(await login(ctx, account, account.password)) : undefined;
  const next = `${account.password}-n`;
  const changed = await ctx.call(id, {
    token: account.token,
    body: { current_password: account.password, password: next, password_confirmation: next },
  });
  acceptance(ctx, op, changed, "changing the password of the run's own user, with its current password");
  if (!ok(changed)) {
    ctx.recorder.add(
      skip(id, 'ignored_auth', `the old password not tested: changePassword answered ${statusOf(changed)}`),
    );
    return;
  }
  const old = account.password;
  account.password = next;
  if (ctx.op('login')) {
    const before = await login(ctx, account, old);
    ctx.recorder.add(
      refusedAfter(id, 'ignored_auth', 'signing in with the password changePassword replaced', before, '401'),
    );
    const after = await login(ctx, account, next);
    if (!limited(after)) acceptance(ctx, op, after, 'signing in with the password changePassword set');
  }
  if (ctx.op('getMe')) {
    if (other) {
      const stale = await ctx.call('getMe', { token: other, check: false });
      ctx.recorder.add(
        refusedAfter(id, 'ignored_auth', 'another session of the user, after changePassword', stale, '401'),
      );
    }
    const own = await ctx.call('getMe', { token: account.token, check: false });
    if (!limited(own)) acceptance(ctx, op, own, 'the session that changed the password, reading getMe');
  }
}

/**
 * deleteAccount on the spare user: the call must succeed; then its token, its password and its
 * profile are gone (401, a refused sign-in, 404 for another user's getUser).
 */
async function accountDeletion(ctx: RunContext, account: Account): Promise<void> {
  const id = 'deleteAccount';
  const op = ctx.op(id);
  if (!op || !account.token) return;
  const deleted = await ctx.call(id, { token: account.token, body: { password: account.password } });
  acceptance(ctx, op, deleted, "deleting the run's own user, with its password");
  if (!ok(deleted)) {
    ctx.recorder.add(
      skip(id, 'use_after_free', `the deleted account not tested: deleteAccount answered ${statusOf(deleted)}`),
    );
    return;
  }
  if (ctx.op('getMe')) {
    const me = await ctx.call('getMe', { token: account.token, check: false });
    ctx.recorder.add(refusedAfter(id, 'use_after_free', "the deleted account's token, reading getMe", me, '401'));
  }
  if (ctx.op('login')) {
    const again = await login(ctx, account, account.password);
    ctx.recorder.add(refusedAfter(id, 'use_after_free', 'signing in to the deleted account', again, '401'));
  }
  const reader = ctx.a?.token;
  if (ctx.op('getUser') && account.id && reader) {
    const profile = await ctx.call('getUser', { params: { id: account.id }, token: reader, check: false });
    ctx.recorder.add(
      refusedAfter(id, 'use_after_free', "another user reading the deleted account's profile", profile, '404'),
    );
  }
  account.token = undefined;
}

/**
 * Wrong passwords until the server says 429 (at most `limit` + 1), each on the run's own second
 * user: a per-user (or per-e-mail) window, so nobody else, and no later run, is held up.
 */
async function wrongPasswords(ctx: RunContext, limit = 10): Promise<void> {
  const b = ctx.b;
  if (!b?.token) return;
  if (ctx.op('login') && ctx.isSelected('login')) {
    note(ctx, 'login', 401, "a wrong password for the run's own user");
    note(ctx, 'login', 429, "wrong passwords for the run's own user, until the limit");
    for (let i = 0; i <= limit; i++) {
      if (
        limited(
          await ctx.call('login', { body: { uniName: b.university, email: b.email, password: `${b.password}-wrong` } }),
        )
      )
        break;
    }
  }
  const checks = ['changePassword', 'deleteAccount'].filter((id) => ctx.op(id) && ctx.isSelected(id));
  for (const id of checks) {
    note(ctx, id, 429, "wrong current passwords for the run's own user, until the limit");
    for (let i = 0; i <= limit; i++) {
      const body =
        id === 'changePassword'
          ? {
              current_password: `${b.password}-wrong`,
              password: 'unused-pass-1',
              password_confirmation: 'unused-pass-1',
            }
          : { password: `${b.password}-wrong` };
      if (limited(await ctx.call(id, { token: b.token, body, remember: false }))) break;
    }
  }
}

/** Runs last: the spare user is changed, then deleted; the second user's password windows are used up. */
export async function runAccountFlows(ctx: RunContext): Promise<void> {
  const change = ctx.isSelected('changePassword') && ctx.op('changePassword') !== undefined;
  const remove = ctx.isSelected('deleteAccount') && ctx.op('deleteAccount') !== undefined;
  if (change || remove) {
    const account = await spareUser(ctx);
    if (typeof account === 'string') {
      if (change) ctx.recorder.add(skip('changePassword', 'ignored_auth', `the old password not tested: ${account}`));
      if (remove)
        ctx.recorder.add(skip('deleteAccount', 'use_after_free', `the deleted account not tested: ${account}`));
    } else {
      if (change) await passwordChange(ctx, account);
      if (remove) await accountDeletion(ctx, account);
    }
  }
  // The second user is always the run's own; with credentials given, the first is someone's real account.
  await wrongPasswords(ctx);
}
