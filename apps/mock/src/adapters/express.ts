import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Dispatch } from '../engine/pipeline.ts';
import type { EngineReply, EngineRequest, RequestHeaders, StreamSink } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import { readPlainJson } from './json-body.ts';
import { writeJson } from './json-response.ts';

/**
 * Whether the request carries a body: body-parser's own test (type-is `hasBody`). Without one the
 * JSON parser would do nothing, so the engine does not ask for it.
 */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}

/** An Express response as an event stream: headers flushed at once, closed when the client goes. */
class ExpressSink implements StreamSink {
  constructor(private readonly res: Response) {}
  start(status: number, headers: Record<string, string>): void {
    this.res.status(status).set(headers);
    this.res.flushHeaders();
  }
  write(text: string): void {
    this.res.write(text);
  }
  end(): void {
    this.res.end();
  }
  onClose(listener: () => void): void {
    this.res.on('close', listener);
  }
}

/** The engine's view of an Express request: fields read lazily, no copy of the headers or query. */
class ExpressRequest implements EngineRequest {
  readonly hasBody: boolean;
  constructor(
    readonly native: Request,
    private readonly res: Response,
    private readonly parseBody: RequestHandler,
  ) {
    this.hasBody = hasBody(native);
  }
  get method(): string {
    return this.native.method;
  }
  get path(): string {
    return this.native.path;
  }
  get url(): string {
    return this.native.originalUrl;
  }
  get query(): Record<string, unknown> {
    // Express parses the query string on every read of `req.query`; without one there is nothing to parse.
    return this.native.url.includes('?') ? (this.native.query as Record<string, unknown>) : NO_QUERY;
  }
  get headers(): RequestHeaders {
    return this.native.headers;
  }
  get clientKey(): string {
    return ipKeyGenerator(this.native.ip ?? '');
  }
  readJson(): Promise<unknown> {
    const plain = readPlainJson(this.native);
    if (plain) return plain;
    return new Promise((resolve, reject) => {
      this.parseBody(this.native, this.res, (error?: unknown) => (error ? reject(error) : resolve(this.native.body)));
    });
  }
  async readBytes(): Promise<Uint8Array<ArrayBuffer>> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.native) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  openStream(): StreamSink {
    return new ExpressSink(this.res);
  }
}

/** Writes the engine's answer (a read's ETag and `304` on a matching `If-None-Match` included: see `writeJson`). */
export function sendReply(res: Response, reply: EngineReply): void {
  if (reply.kind === 'stream') return;
  if (reply.kind === 'json') writeJson(res, reply.status, reply.headers, reply.body);
  else res.status(reply.status).set(reply.headers).end();
}

const API = /^\/api\//i;
/** The query of a URL without one (what Express's parser gives, frozen: nothing writes to it). */
const NO_QUERY: Record<string, unknown> = Object.freeze(Object.create(null));

/**
 * The Express adapter: every request under `/api/` goes through the engine's one request path
 * (and, with `paths`, the testing endpoints through theirs).
 */
export function engineMiddleware(dispatch: Dispatch, parseBody: RequestHandler, paths: RegExp = API): RequestHandler {
  return (req, res, next) => {
    if (!paths.test(req.path)) return next();
    const reply = dispatch(new ExpressRequest(req, res, parseBody));
    // An answer at hand is sent at once (a throw goes to the error handler like any middleware's).
    if (!(reply instanceof Promise)) return sendReply(res, reply);
    reply.then(
      (done) => sendReply(res, done),
      (error: unknown) => next(error ?? new Error('Rejected promise')),
    );
  };
}

/**
 * Requests under `/api/` go straight to `steps` (the request log, CORS, the engine), then `onError`
 * if one fails, without walking Express's router: what `app.use` would run for them, in the same
 * order, minus the router's own per-request work (a layer walk, path matching, a final handler
 * made per request), about a fifth of a read's time at 50 connections. Everything else goes
 * through the app as before. `app.handle` is what the app function (and so `createMockServer`)
 * calls for every request.
 */
export function answerApiDirectly(app: Express, steps: RequestHandler[], onError: ErrorRequestHandler): void {
  const express = app as unknown as {
    handle: (req: IncomingMessage, res: ServerResponse, done?: (error?: unknown) => void) => void;
  };
  const throughRouter = express.handle.bind(app);
  express.handle = (native, nativeRes, done) => {
    if (!API.test(native.url ?? '')) return throughRouter(native, nativeRes, done);
    // What app.handle sets up before its router (the prototypes are Express's from birth: see server.ts).
    const req = native as Request;
    const res = nativeRes as Response;
    req.res = res;
    res.req = req;
    res.locals ??= Object.create(null);
    req.originalUrl = req.url;
    req.baseUrl = '';
    let step = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null && error !== 'route' && error !== 'router') {
        onError(error, req, res, (unhandled?: unknown) => done?.(unhandled));
        return;
      }
      const handler = steps[step++];
      if (!handler) {
        // The engine answers every path under /api/ (404 and 405 included): nothing passes it on.
        next(HttpError.notFound(`No route for ${req.method} ${req.path}.`));
        return;
      }
      try {
        handler(req, res, next);
      } catch (thrown) {
        next(thrown ?? new Error('Thrown undefined'));
      }
    };
    next();
  };
}
