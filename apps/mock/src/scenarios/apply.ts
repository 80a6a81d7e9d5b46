import type { StreamSink } from '../engine/http.ts';
import { HttpError } from '../http-error.ts';
import type { Behaviour } from './types.ts';

/** Whether the scenario does anything to this request (the default does not, at no cost). */
export const acts = (behaviour: Behaviour): boolean =>
  behaviour.delayMs > 0 || behaviour.fail !== undefined || behaviour.dropAfterMs !== undefined;

/**
 * The scenario's latency, then its failure: an error with the contract's envelope (a 429 says when
 * to come back, as the contract's Retry-After does). Runs in front of everything else a request meets.
 */
export async function delayOrFail(behaviour: Behaviour): Promise<void> {
  if (behaviour.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
  const failure = behaviour.fail;
  if (!failure) return;
  if (failure.status === 401) throw HttpError.unauthorized(failure.message);
  throw new HttpError(failure.status, failure.message, undefined, failure.status === 429 ? { 'Retry-After': '1' } : {});
}

/**
 * Cuts an open event stream `ms` after it opens, as a proxy with an idle timeout does: the answer
 * ends (rather than the connection being reset), so a dev proxy in between (Vite's) passes the end on.
 */
export function dropAfter(sink: StreamSink, ms: number): void {
  const timer = setTimeout(() => sink.end(), ms);
  sink.onClose(() => clearTimeout(timer));
}
