import { createServer, IncomingMessage, type Server, ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';
import { oweHeaders, payOwedHeaders, SECURITY_FLAT } from './owed-headers.ts';

export interface ServerLimits {
  /** Time to receive a whole request (headers and body); a slower one is answered 408 (default 30 s). */
  requestTimeoutMs?: number;
  /** Time to receive the headers (default 10 s, and never more than the request timeout). */
  headersTimeoutMs?: number;
}

/**
 * The HTTP server for an Express app, with requests and responses born with Express's prototypes.
 *
 * Express gives every request and response its own methods by swapping the prototype of the
 * objects node:http made (`Object.setPrototypeOf(req, app.request)`). V8 has to give each swapped
 * object a new shape, so node's own HTTP code, which is tuned for its shapes, stops being fast:
 * on our two-core bench machine the swap alone halves what a bare server answers per second.
 * Here node:http constructs them with `app.request`/`app.response` as their prototypes from the
 * start, so Express's swap finds the prototype already in place and changes nothing.
 *
 * Every answer carries the security headers (no MIME sniffing, no referrer leaking a URL, no
 * framing: `/docs` holds a token in the page), owed by each response from birth and written with
 * its status line (see `oweHeaders`).
 */
export function createMockServer(app: Express, limits: ServerLimits = {}): Server {
  // node:http's classes are plain constructor functions underneath; calling them on `this` is how
  // node's own subclasses were written before ES classes.
  const initRequest = IncomingMessage as unknown as (this: IncomingMessage, socket: Socket) => void;
  const initResponse = ServerResponse as unknown as (this: ServerResponse, ...args: unknown[]) => void;
  function ExpressRequest(this: IncomingMessage, socket: Socket): void {
    initRequest.call(this, socket);
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: ServerResponse, ...args: unknown[]): void {
    initResponse.apply(this, args);
    // Every answer carries the security headers, whatever answers it (the app's CORS step adds its own).
    oweHeaders(this, SECURITY_FLAT);
  }
  ExpressResponse.prototype = app.response;
  payOwedHeaders(app.response);
  const requestTimeout = limits.requestTimeoutMs ?? 30_000;
  const server = createServer(
    {
      IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
      ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
      requestTimeout,
      headersTimeout: Math.min(limits.headersTimeoutMs ?? 10_000, requestTimeout),
      // How often node looks for requests past their timeout (its default, 30 s, would let a
      // slow body linger that long past the limit).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeout / 4))),
    },
    app as unknown as (req: IncomingMessage, res: ServerResponse) => void,
  );
  server.on('clientError', answerClientError);
  return server;
}

/**
 * node:http's own answers to a request it cannot take (408 too slow, 431 headers too large, 400
 * unparsable) are bare text; these carry the contract's error envelope like every other answer.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request could not be read.'];
  const body = JSON.stringify({ success: false, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
