import fresh from 'fresh';
import { cryptoPlatform } from '../lib/crypto.ts';
import {
  type EngineReply,
  type EngineRequest,
  type RequestHeaders,
  revalidatable,
  SECURITY_HEADERS,
  type StreamSink,
  weakTag,
} from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import { jsonOfBytes } from './json-text.ts';

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const EMPTY = new Uint8Array(0);

/** An event stream as a `ReadableStream` of UTF-8 text. */
class FetchSink implements StreamSink {
  status = 200;
  headers: Record<string, string> = {};
  readonly readable: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #closed = false;
  readonly #listeners: (() => void)[] = [];
  readonly #encoder = new TextEncoder();

  constructor() {
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      cancel: () => this.#close(),
    });
  }
  start(status: number, headers: Record<string, string>): void {
    this.status = status;
    this.headers = headers;
  }
  write(text: string): void {
    if (!this.#closed) this.#controller.enqueue(this.#encoder.encode(text));
  }
  end(): void {
    if (this.#closed) return;
    this.#controller.close();
    this.#close();
  }
  onClose(listener: () => void): void {
    this.#listeners.push(listener);
  }
  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const listener of this.#listeners) listener();
  }
}

/** Query strings as Express's simple parser (node:querystring) reads them: a repeated name is an array. */
function queryOf(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of params) {
    const seen = out[name];
    if (seen === undefined) out[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else out[name] = [seen, value];
  }
  return out;
}

/** The engine's view of a fetch `Request`. */
export function fromFetch(request: Request, clientKey: string): EngineRequest {
  const url = new URL(request.url);
  const headers: RequestHeaders = {};
  // Lower-cased as Node reads them: some `Headers` (happy-dom's) keep the case they were given.
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  let bytes: Promise<Uint8Array<ArrayBuffer>> | undefined;
  const readBytes = () => {
    bytes ??= request.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    return bytes;
  };
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    url: url.pathname + url.search,
    query: queryOf(url.searchParams),
    headers,
    clientKey,
    hasBody: request.body !== null,
    readBytes,
    async readJson() {
      const type = request.headers.get('content-type') ?? '';
      // Another type or charset is refused before its bytes are waited for, as body-parser does.
      if (JSON_TYPE.test(type)) jsonOfBytes(type, EMPTY);
      return jsonOfBytes(type, await readBytes());
    },
    openStream: () => new FetchSink(),
    native: request,
  };
}

/** The engine's answer as a fetch `Response`, shaped as the Express adapter sends it (a read's ETag, 304, Content-Length). */
export function toResponse(request: Request, reply: EngineReply): Response {
  if (reply.kind === 'stream') {
    const sink = reply.sink as FetchSink;
    return new Response(sink.readable, { status: sink.status, headers: { ...SECURITY_HEADERS, ...sink.headers } });
  }
  const headers = new Headers({ ...SECURITY_HEADERS, ...reply.headers });
  if (reply.kind === 'empty') return new Response(null, { status: reply.status, headers });
  const text = JSON.stringify(reply.body);
  const bytes = new TextEncoder().encode(text);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  const method = request.method.toUpperCase();
  if (revalidatable(method, reply.status)) {
    const etag = weakTag(bytes.length, cryptoPlatform().sha1Base64(bytes));
    headers.set('ETag', etag);
    const conditional = {
      'if-none-match': request.headers.get('if-none-match') ?? undefined,
      'if-modified-since': request.headers.get('if-modified-since') ?? undefined,
      'cache-control': request.headers.get('cache-control') ?? undefined,
    };
    if (fresh(conditional, { etag })) {
      headers.delete('Content-Type');
      return new Response(null, { status: 304, headers });
    }
  }
  headers.set('Content-Length', String(bytes.length));
  return new Response(method === 'HEAD' ? null : bytes, { status: reply.status, headers });
}

/** A request the engine does not serve (not under `/api/`): the contract's 404 envelope. */
export function notServed(request: Request): EngineReply {
  const error = HttpError.notFound(`No route for ${request.method} ${new URL(request.url).pathname}.`);
  return { kind: 'json', status: 404, headers: {}, body: error.toBody() };
}
