import type { RequestHandler } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit } from 'express-rate-limit';
import { HttpError } from '../http-error.ts';

export interface AuthLimits {
  /** Failed sign-ins per minute per e-mail + address (default 10). */
  loginPerEmail?: number;
  /** Failed sign-ins per minute per address, whatever the e-mail: stops spraying (default 100). */
  loginPerAddress?: number;
  /** Registrations per 10 minutes per address (default 20). */
  registerPerAddress?: number;
  /** Directory reads (search, another user's profile) per minute per token (default 300). */
  directoryPerToken?: number;
  /** Writes that reach other people (messages, invitations, new groups…) per minute per token and operation (default 60). */
  writesPerToken?: number;
}

export interface AuthLimiters {
  login: RequestHandler[];
  register: RequestHandler[];
  /** Directory reads per token: harvesting every profile takes hours, not seconds. */
  directory: RequestHandler[];
  /** Spam-prone writes per token and operation (the contract declares their 429). */
  writes: (operationId: string) => RequestHandler[];
  /** Forgets every count (`POST /__mock/reset`). */
  reset: () => void;
}

function limiter(
  limit: number,
  windowMs: number,
  key: (req: Parameters<RequestHandler>[0]) => string,
  failedOnly: boolean,
): { middleware: RequestHandler; store: MemoryStore } {
  const store = new MemoryStore();
  const middleware = rateLimit({
    windowMs,
    limit,
    store,
    skipSuccessfulRequests: failedOnly,
    // RateLimit-Limit / -Remaining / -Reset (IETF draft 6), as the contract declares them.
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    keyGenerator: key,
    handler: (req, _res, next) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000));
      next(
        new HttpError(429, `Too many attempts. Try again in ${seconds} seconds.`, undefined, {
          'Retry-After': String(seconds),
        }),
      );
    },
  });
  return { middleware, store };
}

const address = (req: Parameters<RequestHandler>[0]) => ipKeyGenerator(req.ip ?? '');

/**
 * Sign-in: failed attempts per e-mail + address and per address alone (one address trying 200
 * e-mails is a spray); registration: accounts per address. Each then 429 with Retry-After.
 */
export function authLimiters(limits: AuthLimits = {}): AuthLimiters {
  const perEmail = limiter(
    limits.loginPerEmail ?? 10,
    60_000,
    (req) => `${typeof req.body?.email === 'string' ? req.body.email.toLowerCase() : ''}|${address(req)}`,
    true,
  );
  const perAddress = limiter(limits.loginPerAddress ?? 100, 60_000, address, true);
  const register = limiter(limits.registerPerAddress ?? 20, 600_000, address, false);
  const directory = limiter(
    limits.directoryPerToken ?? 300,
    60_000,
    (req) => `${req.headers.authorization ?? ''}|${address(req)}`,
    false,
  );
  const stores = [perEmail.store, perAddress.store, register.store, directory.store];
  const writeLimiters = new Map<string, RequestHandler>();
  const writes = (operationId: string): RequestHandler[] => {
    let middleware = writeLimiters.get(operationId);
    if (!middleware) {
      const made = limiter(
        limits.writesPerToken ?? 60,
        60_000,
        (req) => `${req.headers.authorization ?? ''}|${address(req)}`,
        false,
      );
      stores.push(made.store);
      middleware = made.middleware;
      writeLimiters.set(operationId, middleware);
    }
    return [middleware];
  };
  return {
    login: [perAddress.middleware, perEmail.middleware],
    register: [register.middleware],
    directory: [directory.middleware],
    writes,
    reset: () => {
      for (const store of stores) store.resetAll();
    },
  };
}
