import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import { hashPassword, verifyPassword } from '../engine/password.ts';
import { type Guard, headerOf } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Mail, Outbox } from '../tools/mail.ts';

export interface AuthRoutesOptions {
  /** Limits asking for password-reset mails. */
  passwordResetLimiters: Guard[];
  /** Where the mails the mock would send go (`GET /__mock/mail`), and the web app's origin for their links. */
  outbox: Outbox;
  webOrigin: string;
  /** Origins a mail's link may point at instead (the allowed browser origins, never `*`). */
  mailOrigins: readonly string[];
  /** Told of each mail as it is "sent" (main prints the reset link in dev). */
  onMail?: (mail: Mail) => void;
  /** Checks the password of a seeded user (they share one hash, made once per start). */
  seededPasswordHash: string;
  /** Limit sign-in attempts and registrations; they run after validation, so a 422 does not count. */
  loginLimiters: Guard[];
  registerLimiters: Guard[];
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

  // The same answer whether or not the e-mail has an account, so it tells nobody who has one.
  route(
    ctx,
    'requestPasswordReset',
    ({ body, request }) => {
      const made = store.passwordResets.request(body.email);
      if (made) {
        // Back where the person asked from, if that is an allowed origin; never from Host or X-Forwarded-*.
        const origin = headerOf(request.headers, 'origin');
        const base = origin && options.mailOrigins.includes(origin) ? origin : options.webOrigin;
        const link = `${base}/reset-password?token=${made.token}`;
        const mail: Mail = {
          to: made.user.email,
          subject: 'Set a new Cohort password',
          text: `Someone (we hope you) asked to set a new password for this account. The link works once, for an hour: ${link}`,
          link,
          sent_at: store.now().toISOString(),
        };
        store.afterCommit(() => {
          options.outbox.send(mail);
          options.onMail?.(mail);
        });
      }
      return {
        status: 200,
        body: ok(null, 'If an account uses that e-mail, a link to set a new password is on its way.'),
      };
    },
    options.passwordResetLimiters,
  );

  route(ctx, 'resetPassword', async ({ body }) => {
    // A bad link or mismatched passwords are told before the (slow) hashing.
    store.passwordResets.check(body.token);
    if (body.password !== body.password_confirmation) {
      throw HttpError.invalid({ password_confirmation: ['The passwords do not match'] });
    }
    const hash = await hashPassword(body.password);
    // After the await, in a transaction of its own; the token is checked again (used meanwhile: 422).
    store.transact(() => {
      const user = store.passwordResets.reset(body.token, hash);
      store.events.announce({ type: 'sessions-ended', userId: user.id });
    });
    return { status: 200, body: ok(null, 'Your password is changed. Sign in with it.') };
  });

  // POST (proposed) and the older GET (deprecated: a GET should not change state) do the same.
  const signOut = (token: string) => {
    store.accounts.revokeToken(token);
    store.events.announce({ type: 'signed-out', token });
    return { status: 200 as const, body: ok(null, 'Signed out.') };
  };
  route(ctx, 'logout', ({ session }) => signOut(session.token));
  route(ctx, 'logoutViaGet', ({ session }) => signOut(session.token));
}
