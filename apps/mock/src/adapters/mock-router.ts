import { isIP } from 'node:net';
import type { Request } from 'express';
import type { EngineRequest } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';

export interface MockGuardOptions {
  /** Browser origins the mock serves besides its own (`--cors-origin`); `'*'` allows none extra here. */
  corsOrigins: string[] | '*';
  /** False when the server listens beyond loopback without `--allow-remote-mock-tools`: every `/__mock` endpoint is refused. */
  allowMockTools: boolean;
}

/**
 * The server's guard on every `/__mock` endpoint, reads included (the outbox lists live reset
 * links, the journal message bodies). A foreign `Origin` is refused outright, so no web page reads
 * or changes the mock even with `--cors-origin '*'`; curl, tests and the web app (no Origin, or an
 * allowed one) keep working. State changes must also be JSON (the endpoints check that).
 */
export function mockGuard(options: MockGuardOptions): (req: EngineRequest) => void {
  return (engineRequest) => {
    const req = engineRequest.native as Request;
    if (!options.allowMockTools) {
      throw HttpError.forbidden(
        'The /__mock endpoints are off: the server listens beyond loopback. Start it with --allow-remote-mock-tools to allow them.',
      );
    }
    const origin = req.get('origin');
    if (origin !== undefined && origin !== ownOrigin(req) && !allowed(options.corsOrigins, origin)) {
      throw HttpError.forbidden(`Requests from ${origin.slice(0, 200)} may not use the mock's /__mock endpoints.`);
    }
  };
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
