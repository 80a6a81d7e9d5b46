import type { Account, RunContext } from '../context.ts';
import { validBody } from '../inputs.ts';
import type { Exchange } from '../types.ts';
import { acceptance, dataOf, idOf, ok } from './answers.ts';

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

/**
 * Logout last, then the revoked token must be refused. Each selected logout (the proposed POST, the
 * deprecated GET) signs out a session of its own; the last token revoked is returned.
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
