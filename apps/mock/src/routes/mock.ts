import { isIP } from 'node:net';
import express, { type Request, type RequestHandler, Router } from 'express';
import type { MockClock } from '../clock.ts';
import { requireJson } from '../engine/mock-endpoints.ts';
import { HttpError } from '../http-error.ts';
import type { Outbox } from '../mail.ts';

export interface MockRouterOptions {
  clock: MockClock;
  /** Browser origins the mock serves besides its own (`--cors-origin`); `'*'` allows none extra here. */
  corsOrigins: string[] | '*';
  /** False when the server listens beyond loopback without `--allow-reset`: state changes are refused. */
  allowStateChanges: boolean;
  /** The mails the mock would have sent (`GET /__mock/mail`). */
  outbox: Outbox;
}

/**
 * What guards every `/__mock` endpoint that changes state. A plain form or a `text/plain` fetch
 * from any web page is a "simple" request that needs no preflight, so JSON is required (a
 * cross-site JSON POST needs a preflight, which the CORS policy answers), and a foreign `Origin`
 * is refused outright: curl, tests and the web app (no Origin, or an allowed one) keep working.
 */
export function guard(options: Pick<MockRouterOptions, 'allowStateChanges' | 'corsOrigins'>): RequestHandler {
  return (req, _res, next) => {
    refuseStateChange(req, options);
    next();
  };
}

/** `guard` as a check: throws the 403 or 415 that refuses `req`. */
export function refuseStateChange(
  req: Request,
  options: Pick<MockRouterOptions, 'allowStateChanges' | 'corsOrigins'>,
): void {
  if (!options.allowStateChanges) {
    throw HttpError.forbidden(
      'The /__mock endpoints that change state are off: the server listens beyond loopback. Start it with --allow-reset to allow them.',
    );
  }
  const origin = req.get('origin');
  if (origin !== undefined && origin !== ownOrigin(req) && !allowed(options.corsOrigins, origin)) {
    throw HttpError.forbidden(`Requests from ${origin.slice(0, 200)} may not change the mock's state.`);
  }
  // The header, not `req.is()`: that needs a body, and a bare `curl -X POST -H 'Content-Type:
  // application/json'` is fine (a page cannot send that header cross-site without a preflight).
  requireJson(req.headers);
}

/**
 * The mock's own origin, as the browser names it. Only by address or `localhost`: a page whose
 * DNS name was rebound to the mock's address also sends `Origin` equal to its `Host`, and it must
 * not count as the mock itself (a mock reached by another name lists it in `--cors-origin`).
 */
function ownOrigin(req: Request): string | undefined {
  const host = req.get('host') ?? '';
  const name = host.replace(/:\d+$/, '').toLowerCase();
  const byAddress = name === 'localhost' || isIP(name) !== 0 || (name.startsWith('[') && name.endsWith(']'));
  return byAddress ? `${req.protocol}://${host}` : undefined;
}
const allowed = (origins: string[] | '*', origin: string) => origins !== '*' && origins.includes(origin);

/** Developer-only endpoints of the server alone (the testing tools and reset are src/engine/mock-endpoints.ts). */
export function mockRouter(options: MockRouterOptions): Router {
  const router = Router();
  const json = express.json({ limit: '1kb' });
  const guarded = [guard(options), json];

  const clockBody = () => ({ now: options.clock.now().toISOString(), offset_ms: options.clock.offsetMs });
  // The mails the mock would have sent (it has no mail server), newest first; `?to=` one address.
  router.get('/__mock/mail', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    res.json({ success: true, message: 'OK', data: options.outbox.list(to) });
  });

  router.get('/__mock/clock', (_req, res) => {
    res.json({ success: true, message: 'OK', data: clockBody() });
  });
  router.post('/__mock/clock', ...guarded, (req, res) => {
    const advance = (req.body as { advance_ms?: unknown } | undefined)?.advance_ms;
    if (typeof advance !== 'number' || !Number.isSafeInteger(advance) || advance < 0) {
      throw HttpError.invalid({ advance_ms: ['must be a whole number of milliseconds, 0 or more'] });
    }
    options.clock.advance(advance);
    res.json({ success: true, message: 'Mock clock moved.', data: clockBody() });
  });
  return router;
}
