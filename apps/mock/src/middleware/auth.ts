import { HttpError } from '../http-error.ts';
import type { Store } from '../store/store.ts';
import type { StoredUser } from '../store/types.ts';

export interface Session {
  user: StoredUser;
  token: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer …` header, if that is what it holds. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return BEARER.exec(authorization ?? '')?.[1];
}

/** The session of the request's bearer token; throws 401 when there is none or it is not live. */
export function authenticate(store: Store, authorization: string | undefined): Session {
  const token = bearerToken(authorization);
  const state = token ? store.tokenState(token) : undefined;
  if (state === 'expired') throw HttpError.sessionExpired();
  if (!token || !state) throw HttpError.unauthorized();
  return { user: state.user, token };
}
