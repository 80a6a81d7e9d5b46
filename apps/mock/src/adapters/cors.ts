import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import { type FlatHeaders, oweHeaders, SECURITY_FLAT } from './owed-headers.ts';

/** The answer headers a browser page may read (the contract declares them). */
export const EXPOSED_HEADERS = ['Retry-After', 'Allow', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/**
 * CORS for every request: `true` when it answered (a preflight), else the request goes on, owing
 * (see `oweHeaders`) the security headers and the very CORS headers the `cors` package would set
 * (`Access-Control-Allow-Origin` for an allowed origin, `Vary: Origin`,
 * `Access-Control-Expose-Headers`). A preflight goes to the package. The lists are made once per
 * origin rather than per request: the package copies its options and runs three callbacks for each.
 */
export function corsFor(origins: string[] | '*'): {
  (req: IncomingMessage, res: ServerResponse): boolean;
  /** What an answer to a request from `origin` owes: the security headers, then CORS's. */
  headersFor(origin: string | undefined): FlatHeaders;
} {
  const preflight = cors({ origin: origins === '*' ? '*' : origins, exposedHeaders: EXPOSED_HEADERS, maxAge: 600 });
  const exposed = ['Access-Control-Expose-Headers', EXPOSED_HEADERS.join(',')];
  const answered = () => {};
  const anyOrigin = Object.freeze([...SECURITY_FLAT, 'Access-Control-Allow-Origin', '*', ...exposed]);
  const otherOrigin = Object.freeze([...SECURITY_FLAT, 'Vary', 'Origin', ...exposed]);
  const allowed = new Map(
    (origins === '*' ? [] : origins).map((origin) => [
      origin,
      Object.freeze([...SECURITY_FLAT, 'Access-Control-Allow-Origin', origin, 'Vary', 'Origin', ...exposed]),
    ]),
  );
  const headersFor = (origin: string | undefined): FlatHeaders => {
    if (origins === '*') return anyOrigin;
    return (origin !== undefined && allowed.get(origin)) || otherOrigin;
  };
  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method === 'OPTIONS') {
      oweHeaders(res, SECURITY_FLAT);
      // The package answers 204 itself (no `preflightContinue`), so `next` is never called.
      preflight(req, res, answered);
      return true;
    }
    oweHeaders(res, headersFor(req.headers.origin));
    return false;
  };
  return Object.assign(handle, { headersFor });
}
