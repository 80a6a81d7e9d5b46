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

/** The session of a token however it came (a header, a stream ticket); throws 401 when it is not live. */
export function authenticateToken(store: Store, token: string | undefined): Session {
  const state = token ? store.accounts.tokenState(token) : undefined;
  if (state === 'expired') throw HttpError.sessionExpired();
  if (!token || !state) throw HttpError.unauthorized();
  return { user: state.user, token };
}
