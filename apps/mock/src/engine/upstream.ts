/**
 * `--upstream`: the mock in front of a real backend. Each API request goes to the backend first;
 * what it has not built (501, or a 404 that is not the contract's) is answered by the engine, as is
 * every operation of `--mock-ops`. One step of the engine's request path (pipeline.ts), after the
 * overrides and `--latency`/`--error-rate`; the platform injects the transport that reaches the backend.
 */
import type { Operation } from '@cohort/openapi/schema';
import type { RequestValidator } from '../contract/validation.ts';
import { type EngineReply, type EngineRequest, headerOf, type RequestHeaders, SECURITY_HEADERS } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Store } from '../store/store.ts';
import type { MockTools } from '../tools/tools.ts';
import type { FallbackReason } from '../tools/upstream-report.ts';
import { bearerToken } from './auth.ts';
import { jsonOfBytes } from './json-text.ts';

/** What `--upstream` is given: where the backend is, how to reach it, and which operations go where. */
export interface UpstreamOptions {
  /** The backend's base URL (`http://localhost:8000`): a request's path and query are appended to it. */
  url: string;
  /** Sends one request to the backend (node:http on a keep-alive pool in Node; `fetchTransport` elsewhere). */
  send: UpstreamSend;
  /** Operations the engine answers without asking the backend (`--mock-ops`). */
  mockOps?: readonly string[];
  /** Operations only the backend answers, whatever it says (`--upstream-ops`). */
  upstreamOps?: readonly string[];
  /** The largest request body kept to be sent on (and replayed to the engine); larger is a 413. */
  maxBodyBytes: number;
}

/** One request as the backend gets it. */
export interface UpstreamRequest {
  method: string;
  /** Absolute. */
  url: string;
  /** Lower-case names. */
  headers: Record<string, string | string[]>;
  body?: Uint8Array<ArrayBuffer> | undefined;
  /** Aborted when the client goes: given for an event stream only (a signal costs each request a listener pair). */
  signal?: AbortSignal | undefined;
}

/** The backend's answer: its status and headers at once, the body when asked for. */
export interface UpstreamResponse {
  status: number;
  /** Lower-case names; a repeated header's values joined with `, `. */
  headers: Record<string, string>;
  text(): Promise<string>;
  /** The body as it comes. */
  chunks(): AsyncIterable<Uint8Array>;
  /** The body is not wanted: dropped unread. */
  discard(): void;
}

/** What the platform injects: one request to the backend; rejects when it cannot be reached. */
export type UpstreamSend = (request: UpstreamRequest) => Promise<UpstreamResponse>;

/** A transport over a `fetch` (a browser's, or any other runtime's). */
export function fetchTransport(doFetch: typeof fetch = fetch): UpstreamSend {
  return async ({ method, url, headers, body, signal }) => {
    const sent = new Headers();
    for (const [name, value] of Object.entries(headers)) {
      if (Array.isArray(value)) for (const one of value) sent.append(name, one);
      else sent.set(name, value);
    }
    const response = await doFetch(url, {
      method,
      headers: sent,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
      ...(signal === undefined ? {} : { signal }),
    });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      out[name] = value;
    });
    return {
      status: response.status,
      headers: out,
      text: () => response.text(),
      async *chunks() {
        if (!response.body) return;
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield value;
        }
      },
      discard: () => void response.body?.cancel().catch(() => {}),
    };
  };
}

/** One request's answer and who gave it. */
export interface Answered {
  reply: EngineReply;
  side: 'backend' | 'engine';
  /** The JSON body as sent, for the journal (`undefined` without one). */
  body: unknown;
  /** Why the engine answered (`side: 'engine'`). */
  reason?: FallbackReason;
  /** The backend's answer broke the contract before it could be checked as JSON (it was not JSON). */
  drifted?: boolean;
}

/** Headers that describe one connection, not the request: a proxy never passes them on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** Also not sent on: the backend has its own name (`Host`); the transport sets the length and the encodings it decodes; `x-mock-*` are the mock's. */
const NOT_SENT = new Set(['host', 'content-length', 'accept-encoding', 'expect', 'x-mock-session', 'x-mock-scenario']);
/** Not passed back: the mock writes its own length, type, ETag, security and CORS headers; several cookies do not fit one header. */
const NOT_RETURNED = new Set([
  'content-length',
  'content-encoding',
  'content-type',
  'etag',
  'date',
  'vary',
  'set-cookie',
  ...Object.keys(SECURITY_HEADERS).map((name) => name.toLowerCase()),
]);
/** Engine tokens bound to backend tokens, per engine, before the map starts over. */
const MAX_BOUND_TOKENS = 10_000;

const NO_NAMES: ReadonlySet<string> = new Set();

/** Names listed in `Connection` are hop-by-hop too. */
function connectionNames(value: string | undefined): ReadonlySet<string> {
  // What nearly every request and answer says: names already hop-by-hop, so no set is built for them.
  if (value === undefined || value === 'keep-alive' || value === 'close') return NO_NAMES;
  return new Set(
    (value ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The request's headers as the backend gets them. */
function forwardHeaders(headers: RequestHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const named = connectionNames(headerOf(headers, 'connection'));
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || NOT_SENT.has(name) || named.has(name)) continue;
    out[name] = value;
  }
  const host = headerOf(headers, 'host');
  if (host !== undefined) out['x-forwarded-host'] = host;
  const via = headerOf(headers, 'via');
  out.via = via === undefined ? '1.1 cohort-mock' : `${via}, 1.1 cohort-mock`;
  return out;
}

/** The backend's headers as the client gets them. */
function returnedHeaders(response: UpstreamResponse): Record<string, string> {
  const out: Record<string, string> = {};
  const named = connectionNames(response.headers.connection);
  for (const name in response.headers) {
    if (HOP_BY_HOP.has(name) || NOT_RETURNED.has(name) || named.has(name) || name.startsWith('access-control-'))
      continue;
    out[name] = response.headers[name] as string;
  }
  return out;
}

/** The contract's error envelope: `{ success: false, message }`. */
function isEnvelope(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { success?: unknown }).success === false &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/** An answer the mock makes up (the backend could not give a usable one). */
function failure(status: number, message: string): EngineReply {
  const error = new HttpError(status, message);
  return { kind: 'json', status, headers: {}, body: error.toBody() };
}

/** The request again, for the engine: its body from the bytes kept, its bearer token the engine's own when one is bound. */
function replayed(req: EngineRequest, bytes: Uint8Array<ArrayBuffer> | undefined, token?: string): EngineRequest {
  const headers = token === undefined ? req.headers : { ...req.headers, authorization: `Bearer ${token}` };
  if (bytes === undefined && token === undefined) return req;
  const type = headerOf(req.headers, 'content-type') ?? '';
  const body = bytes ?? new Uint8Array(0);
  return {
    method: req.method,
    path: req.path,
    url: req.url,
    query: req.query,
    headers,
    clientKey: req.clientKey,
    hasBody: req.hasBody,
    readJson: async () => jsonOfBytes(type, body),
    readBytes: async () => body,
    openStream: () => req.openStream(),
    // A platform reading the upload itself (Node's busboy) gets these bytes, not the spent stream.
    native:
      bytes === undefined
        ? req.native
        : new Request('http://upstream.invalid/', { method: 'POST', headers: { 'content-type': type }, body }),
  };
}

export interface UpstreamParts {
  options: UpstreamOptions;
  tools: MockTools;
  store: Store;
  operations: ReadonlyMap<string, Operation>;
  validators: ReadonlyMap<string, RequestValidator>;
}

/**
 * The upstream step of one engine (each session's engine has its own, over its own store): sends a
 * request to the backend and returns its answer, or has the engine answer it (`engine`).
 */
export class Upstream {
  readonly #options: UpstreamOptions;
  readonly #base: string;
  readonly #mockOps: ReadonlySet<string>;
  readonly #upstreamOps: ReadonlySet<string>;
  readonly #tools: MockTools;
  readonly #store: Store;
  readonly #operations: ReadonlyMap<string, Operation>;
  readonly #validators: ReadonlyMap<string, RequestValidator>;
  /** Backend token → the engine's token bound to it (the identity rule: see docs/upstream.md). */
  readonly #bound = new Map<string, string>();

  constructor({ options, tools, store, operations, validators }: UpstreamParts) {
    this.#options = options;
    this.#base = options.url.replace(/\/+$/, '');
    this.#mockOps = new Set(options.mockOps ?? []);
    this.#upstreamOps = new Set(options.upstreamOps ?? []);
    this.#tools = tools;
    this.#store = store;
    this.#operations = operations;
    this.#validators = validators;
  }

  /**
   * Answers `req` (an operation of the contract, path parameters `params`): the backend's answer,
   * or `engine(request)`'s for the request replayed (its body from the bytes kept).
   */
  async answer(
    req: EngineRequest,
    operationId: string,
    params: Record<string, string>,
    /** `--latency` and `--error-rate`: waited for (or thrown) once, whoever answers; never in front of a stream. */
    before: (() => void | Promise<void>) | undefined,
    engine: (req: EngineRequest) => EngineReply | Promise<EngineReply>,
  ): Promise<Answered> {
    const operation = this.#operations.get(operationId);
    const stream = operation?.responses['200']?.content?.['text/event-stream'] !== undefined;
    if (before && !stream) await before();
    if (this.#mockOps.has(operationId) || !operation)
      return this.#engine(req, undefined, undefined, engine, 'mock-ops');
    const bytes = req.hasBody ? await this.#readBody(req) : undefined;
    const type = headerOf(req.headers, 'content-type') ?? '';
    let body: unknown;
    try {
      body = bytes === undefined ? undefined : jsonOfBytes(type, bytes);
    } catch {
      // Not JSON the contract can read: the engine answers it (400, 413 or 415), the client is told apart from the backend.
      this.#tools.violations.report(
        operationId,
        400,
        [{ pointer: '/request/body', message: 'is not readable JSON' }],
        'client',
      );
      return this.#engine(req, bytes, undefined, engine, 'invalid-request');
    }
    // The request is checked against the contract before it goes: one that breaks it is never sent (the engine's 422 answers it).
    const invalid = this.#requestIssues(operationId, params, req, body);
    if (invalid.length > 0) {
      this.#tools.violations.report(operationId, 422, invalid, 'client');
      return this.#engine(req, bytes, body, engine, 'invalid-request');
    }
    const only = this.#upstreamOps.has(operationId);
    const abort = stream ? new AbortController() : undefined;
    let response: UpstreamResponse;
    try {
      response = await this.#options.send({
        method: req.method,
        url: this.#base + req.url,
        headers: forwardHeaders(req.headers),
        body: bytes === undefined || req.method === 'GET' || req.method === 'HEAD' ? undefined : bytes,
        signal: abort?.signal,
      });
    } catch (error) {
      if (!only) return this.#engine(req, bytes, body, engine, 'unreachable');
      const why = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      return {
        reply: failure(502, `The backend at ${this.#base} could not be reached${why ? ` (${why})` : ''}.`),
        side: 'backend',
        body,
      };
    }
    const contentType = response.headers['content-type'] ?? '';
    if (abort && response.status === 200 && contentType.startsWith('text/event-stream')) {
      return { reply: this.#pipe(req, response, abort), side: 'backend', body };
    }
    const text = req.method === 'HEAD' ? '' : await response.text();
    let parsed: unknown;
    let json = false;
    if (text !== '' && /^application\/(.+\+)?json\b/i.test(contentType)) {
      try {
        parsed = JSON.parse(text);
        json = true;
      } catch {
        // Not JSON after all: judged below as a body the contract does not declare.
      }
    }
    if (!only && (response.status === 501 || (response.status === 404 && !this.#realNotFound(operationId, parsed)))) {
      return this.#engine(req, bytes, body, engine, response.status === 501 ? 'not-implemented' : 'no-route');
    }
    const headers = returnedHeaders(response);
    if (json) return { reply: { kind: 'json', status: response.status, headers, body: parsed }, side: 'backend', body };
    if (text === '') return { reply: { kind: 'empty', status: response.status, headers }, side: 'backend', body };
    // A body the mock cannot pass on as the contract's: the drift is listed, the client told why.
    this.#tools.violations.report(
      operationId,
      response.status,
      [{ pointer: '', message: `the backend's body is not JSON (${contentType || 'no Content-Type'})` }],
      'backend',
    );
    return {
      reply: failure(
        502,
        `The backend's ${response.status} answer to ${operationId} is not JSON (${contentType || 'no Content-Type'}).`,
      ),
      side: 'backend',
      body,
      drifted: true,
    };
  }

  /** A 404 the backend means: the operation declares one and the body is the contract's envelope. */
  #realNotFound(operationId: string, body: unknown): boolean {
    return this.#operations.get(operationId)?.responses['404'] !== undefined && isEnvelope(body);
  }

  /** The body, kept whole up to the limit (to be sent on and replayed), else a 413 before any byte goes anywhere. */
  async #readBody(req: EngineRequest): Promise<Uint8Array<ArrayBuffer>> {
    const limit = this.#options.maxBodyBytes;
    const tooLarge = () =>
      new HttpError(
        413,
        'The request body is too large.',
        { body: [`must be at most ${limit} bytes`] },
        { Connection: 'close' },
      );
    if (Number(headerOf(req.headers, 'content-length') ?? 0) > limit) throw tooLarge();
    const bytes = await req.readBytes();
    if (bytes.length > limit) throw tooLarge();
    return bytes;
  }

  /** What the request breaks of the contract (path, query, declared headers, JSON body), as the drift alarm lists it. */
  #requestIssues(
    operationId: string,
    params: Record<string, string>,
    req: EngineRequest,
    body: unknown,
  ): { pointer: string; message: string }[] {
    const validate = this.#validators.get(operationId);
    if (!validate) return [];
    // The validator copies a body it fills defaults into (and refuses one nested too deeply before any copy).
    const result = validate({ params, query: req.query, headers: req.headers, body });
    if (result.ok) return [];
    return Object.entries(result.errors).flatMap(([field, messages]) =>
      messages.map((message) => ({ pointer: `/request/${field.replaceAll('.', '/')}`, message })),
    );
  }

  /** The backend's event stream, passed on as it comes (each chunk written as it arrives); closed with either side. */
  #pipe(req: EngineRequest, response: UpstreamResponse, abort: AbortController): EngineReply {
    const sink = req.openStream();
    const headers = { ...returnedHeaders(response), 'Content-Type': 'text/event-stream; charset=utf-8' };
    sink.start(response.status, headers);
    let open = true;
    sink.onClose(() => {
      if (!open) return;
      open = false;
      abort.abort();
    });
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for await (const chunk of response.chunks()) {
          if (!open) break;
          sink.write(decoder.decode(chunk, { stream: true }));
        }
      } catch {
        // The backend went away (or the client did): the stream ends.
      }
      open = false;
      sink.end();
    })();
    return { kind: 'stream', status: response.status, headers, sink };
  }

  /** The engine's answer to the request replayed, signed in as the engine's user bound to the backend's token. */
  async #engine(
    req: EngineRequest,
    bytes: Uint8Array<ArrayBuffer> | undefined,
    body: unknown,
    engine: (req: EngineRequest) => EngineReply | Promise<EngineReply>,
    reason: FallbackReason,
  ): Promise<Answered> {
    const token = bearerToken(headerOf(req.headers, 'authorization'));
    const bound = token === undefined ? undefined : await this.#bind(token);
    const reply = await engine(replayed(req, bytes, bound));
    return { reply, side: 'engine', body, reason };
  }

  /**
   * The engine's token for a backend token: none when the engine issued it itself; else bound on
   * first sight to the engine's user with the e-mail the backend's `getMe` answers (made when none has it).
   */
  async #bind(token: string): Promise<string | undefined> {
    const known = this.#bound.get(token);
    // A reset (or a revoke) takes the engine's token back: bound again below.
    if (known !== undefined && typeof this.#store.accounts.tokenState(known) === 'object') return known;
    if (this.#store.accounts.tokenState(token) !== undefined) return undefined;
    let me: {
      email?: unknown;
      university?: unknown;
      graduation_year?: unknown;
      first_name?: unknown;
      last_name?: unknown;
    };
    try {
      const response = await this.#options.send({
        method: 'GET',
        url: `${this.#base}/api/v1/users/me`,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', via: '1.1 cohort-mock' },
      });
      if (response.status !== 200) {
        response.discard();
        return undefined;
      }
      me = (JSON.parse(await response.text()) as { data?: typeof me }).data ?? {};
    } catch {
      return undefined;
    }
    if (typeof me.email !== 'string' || me.email === '') return undefined;
    const email = me.email;
    const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);
    const engineToken = this.#store.transact(() => {
      const accounts = this.#store.accounts;
      const user =
        accounts.findByEmail(email) ??
        accounts.create({
          email,
          // No password signs in as this user at the engine: the backend signs them in.
          password_hash: 'upstream$none$none',
          university_name: text(me.university, 'Unknown University'),
          graduation_year:
            typeof me.graduation_year === 'number' ? me.graduation_year : this.#store.now().getUTCFullYear(),
          first_name: text(me.first_name, email.split('@')[0] ?? ''),
          last_name: text(me.last_name, ''),
        });
      return accounts.issueToken(user.id);
    });
    if (this.#bound.size >= MAX_BOUND_TOKENS) this.#bound.clear();
    this.#bound.set(token, engineToken);
    return engineToken;
  }
}
