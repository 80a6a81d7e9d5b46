import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import { hashPassword, verifyPassword } from '../engine/password.ts';
import type { Guard } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import { deleteAccount } from '../store/account-deletion.ts';
import { hashToken } from '../store/accounts.ts';
import type { StoredUser } from '../store/types.ts';

export interface AccountRoutesOptions {
  /** Checks the password of a seeded user (they share one hash, made once per start). */
  seededPasswordHash: string;
  /** Wrong current passwords per session, then 429 (a password oracle must be slow to use). */
  passwordCheckLimiters: Guard[];
}

/** The account's own settings: password, sessions, privacy and notification settings, deletion. */
export function accountRoutes(ctx: RouteContext, options: AccountRoutesOptions): void {
  const { store } = ctx;
  const checkPassword = async (user: StoredUser, password: string, field: string) => {
    if (!(await verifyPassword(password, user.password_hash ?? options.seededPasswordHash))) {
      throw HttpError.invalid({ [field]: ['This is not your current password.'] });
    }
  };

  route(
    ctx,
    'changePassword',
    async ({ session, body }) => {
      if (body.password !== body.password_confirmation) {
        throw HttpError.invalid({ password_confirmation: ['The passwords do not match'] });
      }
      await checkPassword(session.user, body.current_password, 'current_password');
      const hash = await hashPassword(body.password);
      // After the awaits, in a transaction of its own: every other session and every open reset link end, this one stays.
      store.transact(() => {
        store.accounts.setPassword(session.user, hash, session.token);
        store.passwordResets.voidOpen(session.user.id);
        store.events.announce({ type: 'sessions-ended', userId: session.user.id, except: session.token });
      });
      return { status: 200, body: ok(null, 'Your password is changed. Every other session is signed out.') };
    },
    options.passwordCheckLimiters,
  );

  route(ctx, 'listSessions', ({ session }) => {
    const current = hashToken(session.token);
    const all = store.accounts.sessionsOf(session.user.id);
    return {
      status: 200,
      body: {
        success: true as const,
        message: 'OK',
        data: all.slice(0, 100).map(({ id, key, record }) => ({
          id,
          created_at: record.created_at,
          last_used_at: record.last_used_at ?? null,
          current: key === current,
        })),
        meta: { total: all.length },
      },
    };
  });

  route(ctx, 'signOutOtherSessions', ({ session }) => {
    const ended = store.accounts.endSessions(session.user.id, session.token);
    store.events.announce({ type: 'sessions-ended', userId: session.user.id, except: session.token });
    return { status: 200, body: ok({ ended }, 'Signed out everywhere else.') };
  });

  route(ctx, 'endSession', ({ session, params }) => {
    const found = store.accounts.sessionsOf(session.user.id).find((s) => s.id === params.id);
    if (!found) throw HttpError.notFound(`You have no session ${params.id}.`);
    store.accounts.endSession(found.key);
    store.events.announce({ type: 'sessions-ended', userId: session.user.id, only: found.key });
    return { status: 200, body: ok(null, 'Signed out.') };
  });

  route(ctx, 'getSettings', ({ session }) => ({ status: 200, body: ok(store.settings.get(session.user.id)) }));

  route(ctx, 'updateSettings', ({ session, body }) => ({
    status: 200,
    body: ok(store.settings.update(session.user.id, body), 'Settings saved.'),
  }));

  route(
    ctx,
    'deleteAccount',
    async ({ session, body }) => {
      await checkPassword(session.user, body.password, 'password');
      store.transact(() => deleteAccount(store, session.user.id));
      return { status: 200, body: ok(null, 'Your account is deleted.') };
    },
    options.passwordCheckLimiters,
  );
}
