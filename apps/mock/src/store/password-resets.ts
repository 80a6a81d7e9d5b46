import { HttpError } from '../lib/http-error.ts';
import { newToken } from '../lib/ids.ts';
import { type Accounts, hashToken } from './accounts.ts';
import { mapCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import { nullable, record, str } from './row-schema.ts';
import type { StoredPasswordReset, StoredUser } from './types.ts';

/** A link to set a new password works this long after it was asked for, once. */
export const PASSWORD_RESET_TTL_MS = 3600_000;

/** Requests to set a new password, keyed by their token's hash. */
export const PASSWORD_RESETS = mapCollection({
  name: 'password_reset',
  place: { field: 'password_resets', optional: true },
  item: () => record({ user_id: str, created_at: str }, { used_at: nullable('string') }),
  read: (areas: { readonly passwordResets: PasswordResets }, key) => areas.passwordResets.get(key),
});

/** Forgotten passwords: single-use tokens (stored hashed) that set a new one within an hour. */
export class PasswordResets {
  constructor(
    private readonly core: StoreCore,
    private readonly accounts: Accounts,
    private readonly resets: Record<string, StoredPasswordReset>,
  ) {}

  all(): Record<string, StoredPasswordReset> {
    return this.resets;
  }

  get(hashed: string): StoredPasswordReset | undefined {
    return this.resets[hashed];
  }

  /** A deleted account's reset links go. */
  forgetUser(userId: string): void {
    for (const [key, reset] of Object.entries(this.resets)) {
      if (reset.user_id !== userId) continue;
      this.core.touch(PASSWORD_RESETS, key);
      delete this.resets[key];
    }
  }

  /** A single-use token to set a new password, for the account of that e-mail (undefined when there is none). */
  request(email: string): { token: string; user: StoredUser } | undefined {
    const user = this.accounts.findByEmail(email);
    if (!user) return undefined;
    const token = newToken();
    const key = hashToken(token);
    this.core.touch(PASSWORD_RESETS, key);
    this.resets[key] = { user_id: user.id, created_at: this.core.now().toISOString(), used_at: null };
    return { token, user };
  }

  /** Whose password a token may set: 422 naming `token` when it is unknown, used or expired. */
  check(token: string): StoredUser {
    const reset = this.resets[hashToken(token)];
    const age = reset ? this.core.nowMs() - Date.parse(reset.created_at) : Number.POSITIVE_INFINITY;
    const user = reset ? this.accounts.find(reset.user_id) : undefined;
    if (!reset || !user) throw HttpError.invalid({ token: ['This link is not valid. Ask for a new one.'] });
    if (reset.used_at) throw HttpError.invalid({ token: ['This link was already used. Ask for a new one.'] });
    if (age > PASSWORD_RESET_TTL_MS) throw HttpError.invalid({ token: ['This link has expired. Ask for a new one.'] });
    return user;
  }

  /** Sets the new password (already hashed), uses up the token, voids the account's other links and ends every session. */
  reset(token: string, passwordHash: string): StoredUser {
    const user = this.check(token);
    const key = hashToken(token);
    this.core.touch(PASSWORD_RESETS, key);
    (this.resets[key] as StoredPasswordReset).used_at = this.core.now().toISOString();
    this.voidOpen(user.id);
    this.accounts.setPassword(user, passwordHash);
    return user;
  }

  /** A new password voids every link still open for the account: one mailed earlier must not set another. */
  voidOpen(userId: string): void {
    for (const [key, reset] of Object.entries(this.resets)) {
      if (reset.user_id !== userId || reset.used_at) continue;
      this.core.touch(PASSWORD_RESETS, key);
      delete this.resets[key];
    }
  }
}
