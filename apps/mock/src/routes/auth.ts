import type { RequestHandler } from 'express';
import { HttpError } from '../http-error.ts';
import { hashPassword, verifyPassword } from '../password.ts';
import { ok, type RouteContext, route } from './define.ts';

export interface AuthRoutesOptions {
  /** Checks the password of a seeded user (they share one hash, made once per start). */
  seededPasswordHash: string;
  /** Limit sign-in attempts and registrations; they run after validation, so a 422 does not count. */
  loginLimiters: RequestHandler[];
  registerLimiters: RequestHandler[];
}

export function authRoutes(ctx: RouteContext, options: AuthRoutesOptions): void {
  const { store } = ctx;

  route(
    ctx,
    'login',
    async ({ body }) => {
      const user = store.accounts.findByEmail(body.email);
      const hash = user ? (user.password_hash ?? options.seededPasswordHash) : options.seededPasswordHash;
      // Always run scrypt, so an unknown e-mail takes as long as a wrong password.
      const passwordOk = await verifyPassword(body.password, hash);
      const uniOk = user?.university?.trim().toLowerCase() === body.uniName.trim().toLowerCase();
      if (!user || !passwordOk || !uniOk) throw HttpError.unauthorized('These credentials do not match our records.');
      // After the await: the handler's own transaction has ended, so this change needs one.
      const access_token = store.transact(() => store.accounts.issueToken(user.id));
      return {
        status: 200,
        body: ok(
          { access_token, token_type: 'Bearer' as const, expires_in: store.accounts.tokenTtlSeconds },
          'Signed in.',
        ),
      };
    },
    options.loginLimiters,
  );

  route(
    ctx,
    'register',
    async ({ body }) => {
      if (store.accounts.findByEmail(body.email)) {
        throw HttpError.conflict('The email has already been taken.', { email: ['The email has already been taken.'] });
      }
      const password_hash = await hashPassword(body.password);
      // The account and its first token commit together (after the await, in a transaction of their own).
      const access_token = store.transact(() =>
        store.accounts.issueToken(store.accounts.create({ ...body, password_hash }).id),
      );
      return {
        status: 201,
        body: ok(
          { access_token, token_type: 'Bearer' as const, expires_in: store.accounts.tokenTtlSeconds },
          'Account created.',
        ),
      };
    },
    options.registerLimiters,
  );

  // POST (proposed) and the spec's GET (deprecated) do the same.
  const signOut = (token: string) => {
    store.accounts.revokeToken(token);
    store.chat.announce({ type: 'signed-out', token });
    return { status: 200 as const, body: ok(null, 'Signed out.') };
  };
  route(ctx, 'logout', ({ session }) => signOut(session.token));
  route(ctx, 'logoutViaGet', ({ session }) => signOut(session.token));
}
