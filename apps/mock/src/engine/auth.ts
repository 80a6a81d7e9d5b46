import { HttpError } from '../lib/http-error.ts';
import type { Store } from '../store/store.ts';
import type { StoredUser } from '../store/types.ts';

export interface Session {
  user: StoredUser;
  token: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer …` header, if that is what it holds. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  // What every client sends, `Bearer <token>`, read without the regular expression's match array:
  // a token of printable characters none of which can be whitespace (any other goes to it).
  if (authorization.length > 7 && authorization.startsWith('Bearer ')) {
    let plain = true;
    for (let i = 7; i < authorization.length && plain; i++) {
      const code = authorization.charCodeAt(i);
      plain = code > 0x20 && code < 0x7f;
    }
    if (plain) return authorization.slice(7);
  }
  return BEARER.exec(authorization)?.[1];
}

/** The session of a token however it came (a header, a stream ticket); throws 401 when it is not live. */
export function authenticateToken(store: Store, token: string | undefined): Session {
  const state = token ? store.accounts.tokenState(token) : undefined;
  if (state === 'expired') throw HttpError.sessionExpired();
  if (!token || !state) throw HttpError.unauthorized();
  return { user: state.user, token };
}
