import { type Guard, type GuardCall, headerOf } from '../engine/http.ts';
import { HttpError } from '../http-error.ts';

export interface AuthLimits {
  /** Failed sign-ins per minute per e-mail + address (default 10); also wrong current passwords per session. */
  loginPerEmail?: number;
  /** Failed sign-ins per minute per address, whatever the e-mail: stops spraying (default 100). */
  loginPerAddress?: number;
  /** Registrations per 10 minutes per address (default 100: five conformance runs of about twelve each, and room to spare). */
  registerPerAddress?: number;
  /** Directory reads (search, another user's profile) per minute per token (default 300). */
  directoryPerToken?: number;
  /** Writes that reach other people (messages, invitations, new groups…) per minute per token and operation (default 60). */
  writesPerToken?: number;
  /** Password-reset mails asked for per hour per e-mail (default 5) and per address (default 30). */
  passwordResetPerEmail?: number;
  passwordResetPerAddress?: number;
}

export interface AuthLimiters {
  login: Guard[];
  register: Guard[];
  /** A wrong current password (`changePassword`, `deleteAccount`) per session, failed attempts only. */
  passwordCheck: Guard[];
  /** Asking for a password-reset mail: per e-mail and per address, so nobody floods an inbox. */
  passwordReset: Guard[];
  /** Directory reads per token: harvesting every profile takes hours, not seconds. */
  directory: Guard[];
  /** Spam-prone writes per token and operation (the contract declares their 429). */
  writes: (operationId: string) => Guard[];
  /** Forgets every count (`POST /__mock/reset`). */
  reset: () => void;
}

/**
 * Fixed windows per key, read off the mock's clock (`/__mock/clock` moves it, so a test can wait
 * out a window without waiting). Expired windows are swept as new ones open: no timer.
 */
class Windows {
  readonly #windows = new Map<string, { hits: number; resetAt: number }>();
  #nextSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts a hit for `key`; returns the window it fell in. */
  hit(key: string): { hits: number; resetAt: number } {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      if (now >= this.#nextSweep) this.#sweep(now);
      window = { hits: 0, resetAt: now + this.windowMs };
      this.#windows.set(key, window);
    }
    window.hits++;
    return window;
  }

  /** Takes back a hit (a successful sign-in is not a failed attempt), if its window is still open. */
  undo(key: string, window: { hits: number; resetAt: number }): void {
    if (this.#windows.get(key) === window && window.hits > 0) window.hits--;
  }

  resetAll(): void {
    this.#windows.clear();
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
    this.#nextSweep = now + this.windowMs;
  }
}

type KeyOf = (call: GuardCall) => string;

function makeLimiter(
  limit: number,
  windowMs: number,
  key: KeyOf,
  failedOnly: boolean,
  now: () => number,
): { middleware: Guard; store: Windows } {
  const store = new Windows(windowMs, now);
  const middleware: Guard = (call) => {
    const id = key(call);
    const window = store.hit(id);
    const seconds = Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
    // RateLimit-Limit / -Remaining / -Reset (IETF draft 6), as the contract declares them.
    call.setHeader('RateLimit-Limit', String(limit));
    call.setHeader('RateLimit-Remaining', String(Math.max(0, limit - window.hits)));
    call.setHeader('RateLimit-Reset', String(seconds));
    if (window.hits > limit) {
      throw new HttpError(429, `Too many attempts. Try again in ${seconds} seconds.`, undefined, {
        'Retry-After': String(seconds),
      });
    }
    return failedOnly ? (status: number) => status < 400 && store.undo(id, window) : undefined;
  };
  return { middleware, store };
}

const address = (call: GuardCall) => call.req.clientKey;

const emailOf = (call: GuardCall) => {
  const email = (call.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : '';
};
const tokenKey = (call: GuardCall) => `${headerOf(call.req.headers, 'authorization') ?? ''}|${address(call)}`;

/**
 * Sign-in: failed attempts per e-mail + address and per address alone (one address trying 200
 * e-mails is a spray); registration: accounts per address. Each then 429 with Retry-After. `now`
 * is the mock's clock, so `/__mock/clock` moves the windows too.
 */
export function authLimiters(limits: AuthLimits = {}, now: () => number = Date.now): AuthLimiters {
  // Every window reads the mock's clock (token expiry reads the same one).
  const limiter = (limit: number, windowMs: number, key: KeyOf, failedOnly: boolean) =>
    makeLimiter(limit, windowMs, key, failedOnly, now);
  const perEmail = limiter(limits.loginPerEmail ?? 10, 60_000, (call) => `${emailOf(call)}|${address(call)}`, true);
  const perAddress = limiter(limits.loginPerAddress ?? 100, 60_000, address, true);
  const register = limiter(limits.registerPerAddress ?? 100, 600_000, address, false);
  const directory = limiter(limits.directoryPerToken ?? 300, 60_000, tokenKey, false);
  const resetPerEmail = limiter(limits.passwordResetPerEmail ?? 5, 3_600_000, emailOf, false);
  const resetPerAddress = limiter(limits.passwordResetPerAddress ?? 30, 3_600_000, address, false);
  // A wrong current password (changing it, deleting the account): per session, like sign-in per e-mail.
  const passwordCheck = limiter(limits.loginPerEmail ?? 10, 60_000, tokenKey, true);
  const stores = [
    perEmail.store,
    perAddress.store,
    register.store,
    directory.store,
    resetPerEmail.store,
    resetPerAddress.store,
    passwordCheck.store,
  ];
  const writeLimiters = new Map<string, Guard>();
  const writes = (operationId: string): Guard[] => {
    let middleware = writeLimiters.get(operationId);
    if (!middleware) {
      const made = limiter(limits.writesPerToken ?? 60, 60_000, tokenKey, false);
      stores.push(made.store);
      middleware = made.middleware;
      writeLimiters.set(operationId, middleware);
    }
    return [middleware];
  };
  return {
    login: [perAddress.middleware, perEmail.middleware],
    register: [register.middleware],
    passwordReset: [resetPerAddress.middleware, resetPerEmail.middleware],
    passwordCheck: [passwordCheck.middleware],
    directory: [directory.middleware],
    writes,
    reset: () => {
      for (const store of stores) store.resetAll();
    },
  };
}
