import type { ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from '../lib/http.ts';

/** Header names and values in turn, as `writeHead(status, headers)` takes them in one flat list. */
export type FlatHeaders = readonly string[];

/** The security headers as one flat list: what every answer owes at least. */
export const SECURITY_FLAT: FlatHeaders = Object.freeze(Object.entries(SECURITY_HEADERS).flat());

const OWED = Symbol('headers owed');

/** A response of the mock's server: it carries the headers it still owes (see `oweHeaders`). */
interface Owing extends ServerResponse {
  [OWED]?: FlatHeaders | undefined;
}

/**
 * The headers every answer carries (security, CORS) are owed, not set: they go out with the
 * status line, in the call that writes it. A `setHeader` per header per request costs more than
 * the rest of a small answer's headers (node keeps each in a table of lower-cased names, then
 * reads the table back); `writeJson` hands them to `writeHead` in its own flat list instead, and
 * every other answer (Express's `send`, a stream, a preflight) has them set just before its
 * status line by the response's `writeHead` (see `payOwedHeaders`), unless it set them itself.
 */
export function oweHeaders(res: ServerResponse, headers: FlatHeaders): void {
  (res as Owing)[OWED] = headers;
}

/** What `res` still owes, now taken: the caller writes them with the status line itself. */
export function takeOwedHeaders(res: ServerResponse): FlatHeaders | undefined {
  const owed = (res as Owing)[OWED];
  (res as Owing)[OWED] = undefined;
  return owed;
}

const PAYS = Symbol('pays owed headers');

/**
 * Makes `proto` (the server's response prototype) set what a response owes before it writes its
 * status line: node writes every status line through `writeHead`, an implicit one included.
 */
export function payOwedHeaders(proto: ServerResponse): void {
  const target = proto as ServerResponse & { [PAYS]?: true };
  if (target[PAYS]) return;
  const writeHead = proto.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  Object.defineProperty(target, PAYS, { value: true });
  proto.writeHead = function (this: ServerResponse, ...args: unknown[]): ServerResponse {
    const owed = takeOwedHeaders(this);
    if (owed) {
      for (let at = 0; at < owed.length; at += 2) {
        const name = owed[at] as string;
        if (!this.hasHeader(name)) this.setHeader(name, owed[at + 1] as string);
      }
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
