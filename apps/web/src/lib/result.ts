import type { ApiError } from '@cohort/api';

/** What an action atom resolves to: the UI shows `error.message` (and field errors) and keeps the input. */
export type ActionResult<T = undefined> = { ok: true; value: T } | { ok: false; error: ApiError };

export const ok = <T>(value: T): ActionResult<T> => ({ ok: true, value });
export const fail = (error: ApiError): ActionResult<never> => ({ ok: false, error });

/** A server read in progress or done, kept with whose data it is (`owner`) so a late answer cannot mix users. */
export interface Loadable<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: T | undefined;
  error: ApiError | null;
  owner: string | null;
}

export function idle<T>(): Loadable<T> {
  return { status: 'idle', data: undefined, error: null, owner: null };
}
