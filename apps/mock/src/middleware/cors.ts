import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';

/** The answer headers a browser page may read (the contract declares them). */
export const EXPOSED_HEADERS = ['Retry-After', 'Allow', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/**
 * CORS for every request: `true` when it answered (a preflight), else it set the headers and the
 * request goes on. A preflight goes to the `cors` package; every other request gets the very
 * headers that package would set (`Access-Control-Allow-Origin` for an allowed origin, `Vary:
 * Origin`, `Access-Control-Expose-Headers`), computed once rather than per request: the package
 * copies its options and runs three callbacks for each one.
 */
export function corsFor(origins: string[] | '*'): (req: IncomingMessage, res: ServerResponse) => boolean {
  const preflight = cors({ origin: origins === '*' ? '*' : origins, exposedHeaders: EXPOSED_HEADERS, maxAge: 600 });
  const exposed = EXPOSED_HEADERS.join(',');
  const allowed = new Set(origins === '*' ? [] : origins);
  const answered = () => {};
  return (req, res) => {
    if (req.method === 'OPTIONS') {
      // The package answers 204 itself (no `preflightContinue`), so `next` is never called.
      preflight(req, res, answered);
      return true;
    }
    if (origins === '*') res.setHeader('Access-Control-Allow-Origin', '*');
    else {
      const origin = req.headers.origin;
      if (origin !== undefined && allowed.has(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
      // Nothing before this sets Vary (the package would append to it).
      res.setHeader('Vary', 'Origin');
    }
    res.setHeader('Access-Control-Expose-Headers', exposed);
    return false;
  };
}
