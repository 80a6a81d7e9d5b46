import { type Guard, type GuardCall, headerOf } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';

export interface AuthLimits {
  /** Failed sign-ins per minute per e-mail + address (default 10); also wrong current passwords per session. */
  loginPerEmail?: number;
  /** Failed sign-ins per minute per address, whatever the e-mail: stops spraying (default 100). */
  loginPerAddress?: number;
  /** Registrations per 10 minutes per address (default 100: five conformance runs of about twelve each, and room to spare). */
  registerPerAddress?: number;
  /** Successful sign-ins per 10 minutes per address (default 200): each one mints a token. */
  signInPerAddress?: number;
  /** Directory reads (search, another user's profile) per minute per user (default 300). */
  directoryPerUser?: number;
  /** Writes that reach other people (messages, invitations, new groups…) per minute per user and operation (default 60). */
  writesPerUser?: number;
  /** Older names of `directoryPerUser` and `writesPerUser` (the windows were per token once). */
  directoryPerToken?: number;
  writesPerToken?: number;
  /** Password-reset mails asked for per hour per e-mail (default 5) and per address (default 30). */
  passwordResetPerEmail?: number;
  passwordResetPerAddress?: number;
}

export interface AuthLimiters {
  /** Failed sign-ins per e-mail + address and per address, and successful ones per address. */
  login: Guard[];
  register: Guard[];
  /** A wrong current password (`changePassword`, `deleteAccount`) per user, failed attempts only. */
  passwordCheck: Guard[];
  /** Asking for a password-reset mail: per e-mail and per address, so nobody floods an inbox. */
  passwordReset: Guard[];
  /** Directory reads per user: harvesting every profile takes hours, not seconds. */
  directory: Guard[];
  /** Spam-prone writes per user and operation (the contract declares their 429). */
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

  /** Takes back a hit (a successful sign-in is not a failed attempt, nor a failed one a success), if its window is still open. */
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
/** Which answers a window counts: every one, failures only (wrong passwords) or successes only (sign-ins). */
type Counts = 'all' | 'failed' | 'succeeded';

function makeLimiter(
  limit: number,
  windowMs: number,
  key: KeyOf,
  counts: Counts,
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
    if (counts === 'failed') return (status: number) => status < 400 && store.undo(id, window);
    if (counts === 'succeeded') return (status: number) => status >= 400 && store.undo(id, window);
    return undefined;
  };
  return { middleware, store };
}

const address = (call: GuardCall) => call.req.clientKey;

const emailOf = (call: GuardCall) => {
  const email = (call.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : '';
};
/** The signed-in user (a new token gets no new window); signed out, the token sent and the address. */
const userKey = (call: GuardCall) =>
  call.userId !== undefined
    ? `user:${call.userId}`
    : `${headerOf(call.req.headers, 'authorization') ?? ''}|${address(call)}`;

/**
 * Sign-in: failed attempts per e-mail + address and per address alone (one address trying 200
 * e-mails is a spray), successful ones per address (each mints a token); registration: accounts
 * per address; reads and writes per user. Each then 429 with Retry-After. `now` is the mock's
 * clock, so `/__mock/clock` moves the windows too.
 */
export function authLimiters(limits: AuthLimits = {}, now: () => number = Date.now): AuthLimiters {
  // Every window reads the mock's clock (token expiry reads the same one).
  const limiter = (limit: number, windowMs: number, key: KeyOf, counts: Counts) =>
    makeLimiter(limit, windowMs, key, counts, now);
  const perEmail = limiter(limits.loginPerEmail ?? 10, 60_000, (call) => `${emailOf(call)}|${address(call)}`, 'failed');
  const perAddress = limiter(limits.loginPerAddress ?? 100, 60_000, address, 'failed');
  const signIns = limiter(limits.signInPerAddress ?? 200, 600_000, address, 'succeeded');
  const register = limiter(limits.registerPerAddress ?? 100, 600_000, address, 'all');
  const directory = limiter(limits.directoryPerUser ?? limits.directoryPerToken ?? 300, 60_000, userKey, 'all');
  const resetPerEmail = limiter(limits.passwordResetPerEmail ?? 5, 3_600_000, emailOf, 'all');
  const resetPerAddress = limiter(limits.passwordResetPerAddress ?? 30, 3_600_000, address, 'all');
  // A wrong current password (changing it, deleting the account): per user, like sign-in per e-mail.
  const passwordCheck = limiter(limits.loginPerEmail ?? 10, 60_000, userKey, 'failed');
  const writesPerUser = limits.writesPerUser ?? limits.writesPerToken ?? 60;
  const stores = [
    perEmail.store,
    perAddress.store,
    signIns.store,
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
      const made = limiter(writesPerUser, 60_000, userKey, 'all');
      stores.push(made.store);
      middleware = made.middleware;
      writeLimiters.set(operationId, middleware);
    }
    return [middleware];
  };
  return {
    // Successful sign-ins first: past their limit, an attempt counts as no failed one.
    login: [signIns.middleware, perAddress.middleware, perEmail.middleware],
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
