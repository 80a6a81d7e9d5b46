import type { StoredUser } from './types.ts';

/**
 * E-mail (lower case) → user, over the accounts' own list of users. It is filled a step at a time
 * after a start (`warm`: at 100,000 users the whole index took a tenth of a second), and in full
 * before any other use, so the list may change only after a call here.
 */
export class EmailIndex {
  readonly #byEmail = new Map<string, StoredUser>();
  /** How many of `users`, in order, the map holds while it is being filled; null once it holds them all. */
  #filled: number | null = 0;

  constructor(private readonly users: readonly StoredUser[]) {}

  /** Puts up to `count` more users in; true once all are in. */
  warm(count: number): boolean {
    if (this.#filled === null) return true;
    const end = Math.min(this.users.length, this.#filled + count);
    for (let i = this.#filled; i < end; i++) {
      const user = this.users[i] as StoredUser;
      this.#byEmail.set(user.email.toLowerCase(), user);
    }
    this.#filled = end === this.users.length ? null : end;
    return this.#filled === null;
  }

  find(email: string): StoredUser | undefined {
    return this.#whole().get(email.toLowerCase());
  }

  set(user: StoredUser): void {
    this.#whole().set(user.email.toLowerCase(), user);
  }

  /** Call before the user leaves the list. */
  delete(user: StoredUser): void {
    this.#whole().delete(user.email.toLowerCase());
  }

  #whole(): Map<string, StoredUser> {
    if (this.#filled !== null) this.warm(Number.POSITIVE_INFINITY);
    return this.#byEmail;
  }
}
