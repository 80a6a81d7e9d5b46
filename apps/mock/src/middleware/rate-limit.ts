import type { RequestHandler } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit } from 'express-rate-limit';
import { HttpError } from '../http-error.ts';

export interface LoginLimiter {
  middleware: RequestHandler;
  /** Forgets every count (`POST /__mock/reset`). */
  reset: () => void;
}

/** At most `limit` failed sign-ins per minute per e-mail + client address; then 429 with Retry-After. */
export function loginLimiter(limit = 10, windowMs = 60_000): LoginLimiter {
  const store = new MemoryStore();
  const middleware = rateLimit({
    windowMs,
    limit,
    store,
    skipSuccessfulRequests: true,
    standardHeaders: false,
    legacyHeaders: false,
    keyGenerator: (req) => {
      const email = typeof req.body?.email === 'string' ? req.body.email.toLowerCase() : '';
      return `${email}|${ipKeyGenerator(req.ip ?? '')}`;
    },
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
  return { middleware, reset: () => void store.resetAll() };
}
