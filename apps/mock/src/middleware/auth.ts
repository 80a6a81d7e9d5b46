import type { RequestHandler } from 'express';
import { HttpError } from '../http-error.ts';
import type { Store } from '../store/store.ts';
import type { StoredUser } from '../store/types.ts';

export interface Session {
  user: StoredUser;
  token: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** 401 unless the request carries a live bearer token; puts the session in `res.locals.session`. */
export function requireAuth(store: Store): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const match = BEARER.exec(header);
    const token = match?.[1];
    const user = token ? store.userForToken(token) : undefined;
    if (!token || !user) throw HttpError.unauthorized();
    res.locals.session = { user, token } satisfies Session;
    next();
  };
}
