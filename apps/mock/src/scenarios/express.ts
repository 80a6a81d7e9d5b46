import type { RequestHandler } from 'express';
import { failure, scheduleDrop } from './apply.ts';
import type { Behaviour } from './types.ts';

const delay =
  (ms: number): RequestHandler =>
  (_req, _res, next) => {
    setTimeout(next, ms);
  };

/**
 * Cuts the stream when the behaviour says, as a proxy with an idle timeout does: the answer ends and
 * the connection closes. Ended rather than reset, so a dev proxy in between (Vite's) passes the end
 * on: a bare reset behind it leaves the browser waiting on a stream that will never speak again.
 */
const drop =
  (behaviour: Behaviour): RequestHandler =>
  (_req, res, next) => {
    const cancel = scheduleDrop(behaviour, () => {
      res.once('finish', () => res.socket?.destroy());
      res.end();
    });
    if (cancel) res.once('close', cancel);
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
  if (behaviour.fail) {
    const error = failure(behaviour.fail);
    steps.push(() => {
      throw error;
    });
  } else if (behaviour.dropAfterMs !== undefined) steps.push(drop(behaviour));
  return [...steps, ...chain];
}
