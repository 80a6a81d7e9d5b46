import { HttpError } from '../lib/http-error.ts';
import type { Behaviour } from './types.ts';

/** A scenario's failure as the one error type: the contract's envelope, with the headers its status needs. */
export function failure({ status, message }: NonNullable<Behaviour['fail']>): HttpError {
  if (status === 401) return HttpError.unauthorized(message);
  // A 429 says when to come back, as the contract's Retry-After does.
  return new HttpError(status, message, undefined, status === 429 ? { 'Retry-After': '1' } : {});
}

/**
 * A request's behaviour without any framework: waits its latency, then throws its failure (an
 * `HttpError`). What a framework-free dispatcher awaits before auth and validation.
 */
export async function beforeOperation(behaviour: Behaviour): Promise<void> {
  if (behaviour.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
  if (behaviour.fail) throw failure(behaviour.fail);
}

/**
 * An opened event stream's cut, when the behaviour has one: `cut` runs `dropAfterMs` later unless
 * the stream closed first (call the returned function then). `undefined` when nothing is to cut.
 */
export function scheduleDrop(behaviour: Behaviour, cut: () => void): (() => void) | undefined {
  if (behaviour.dropAfterMs === undefined) return undefined;
  const timer = setTimeout(cut, behaviour.dropAfterMs);
  return () => clearTimeout(timer);
}
