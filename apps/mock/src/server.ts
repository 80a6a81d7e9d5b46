import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/**
 * The HTTP server for an Express app, with requests and responses born with Express's prototypes.
 *
 * Express gives every request and response its own methods by swapping the prototype of the
 * objects node:http made (`Object.setPrototypeOf(req, app.request)`). V8 has to give each swapped
 * object a new shape, so node's own HTTP code, which is tuned for its shapes, stops being fast:
 * on our two-core bench machine the swap alone halves what a bare server answers per second.
 * Here node:http constructs them with `app.request`/`app.response` as their prototypes from the
 * start, so Express's swap finds the prototype already in place and changes nothing.
 */
export function createMockServer(app: Express): Server {
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
  }
  ExpressResponse.prototype = app.response;
  return createServer(
    {
      IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
      ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
    },
    app,
  );
}
