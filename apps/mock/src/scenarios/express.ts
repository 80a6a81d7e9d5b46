import type { RequestHandler } from 'express';
import { HttpError } from '../http-error.ts';
import type { Behaviour } from './types.ts';

function fail({ status, message }: NonNullable<Behaviour['fail']>): RequestHandler {
  return () => {
    if (status === 401) throw HttpError.unauthorized(message);
    // A 429 says when to come back, as the contract's Retry-After does.
    throw new HttpError(status, message, undefined, status === 429 ? { 'Retry-After': '1' } : {});
  };
}

const delay =
  (ms: number): RequestHandler =>
  (_req, _res, next) => {
    setTimeout(next, ms);
  };

/**
 * Cuts the stream `ms` after it opens, as a proxy with an idle timeout does: the answer ends and the
 * connection closes. Ended rather than reset, so a dev proxy in between (Vite's) passes the end on:
 * a bare reset behind it leaves the browser waiting on a stream that will never speak again.
 */
const drop =
  (ms: number): RequestHandler =>
  (_req, res, next) => {
    const timer = setTimeout(() => {
      res.once('finish', () => res.socket?.destroy());
      res.end();
    }, ms);
    res.once('close', () => clearTimeout(timer));
    next();
  };

/**
 * A request's behaviour as Express middlewares in front of `chain` (the dispatcher's own `before`):
 * `chain` itself when the scenario does nothing to it, so the default costs no allocation.
 */
export function withBehaviour(behaviour: Behaviour, chain: RequestHandler[]): RequestHandler[] {
  if (behaviour.delayMs === 0 && !behaviour.fail && behaviour.dropAfterMs === undefined) return chain;
  const steps: RequestHandler[] = [];
  if (behaviour.delayMs > 0) steps.push(delay(behaviour.delayMs));
  if (behaviour.fail) steps.push(fail(behaviour.fail));
  else if (behaviour.dropAfterMs !== undefined) steps.push(drop(behaviour.dropAfterMs));
  return [...steps, ...chain];
}
