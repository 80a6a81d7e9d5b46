import type { OperationId, operations } from '@cohort/api';
import { cleanup } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { checkAnswer, checkEvent, operation, operationOf } from './contract.ts';
import { closeEngine, engineHandle, resetEngine, testEngine } from './engine.ts';

/**
 * The test server: msw/node answers the app's requests from the mock engine (test/engine.ts: the
 * real @cohort/mock request path over a small seed, a fresh engine for each test), under
 * per-operation overrides a test gives for states the seed cannot produce cheaply. Every JSON
 * body either answers with is judged by the contract (test/contract.ts): a drifted override (or
 * engine answer) fails the test with the operation, status and JSON pointer.
 */
export const server = setupServer();

/** Contract drift seen in the current test; an `afterEach` fails the test on any. */
const drift: string[] = [];

/**
 * Registers the server's hooks for one test file; the setup file calls it before each file, so it
 * holds when files share a worker's modules (the server then listens once per worker).
 */
export function serveEachFile() {
  beforeAll(async () => {
    if (!listening) server.listen({ onUnhandledRequest: 'error' });
    listening = true;
    // Built (seed, password hash) before the first test, so no test's waits pay for it.
    await testEngine().ready;
  });
  afterAll(() => {
    server.resetHandlers();
    closeEngine();
  });
  afterEach(async () => {
    // Unmount first: a screen still loading would otherwise reach a server with no answers.
    cleanup();
    server.resetHandlers();
    // A request already on its way when the test ended meets a network error, not a missing handler
    // (installed before the engine is replaced, which takes a moment).
    server.use(http.all(/^http:\/\/api-\d+\.cohort\.test\//, () => HttpResponse.error()));
    await resetEngine();
    expect(takeDrift(), 'test answers that do not match the contract').toEqual([]);
  });
}
let listening = false;

/** Judges an answer the app gets by another way than fetch (the uploader); drift fails the test. */
export function judge(operationId: OperationId, status: number, body: unknown) {
  drift.push(...checkAnswer(operationId, status, body));
}

/** The drift seen so far in this test, cleared (for a test about the check itself). */
export function takeDrift(): string[] {
  return [...new Set(drift.splice(0))];
}

type Responses<Op extends OperationId> = operations[Op]['responses'];
/** A status the operation declares (`5XX` standing for 500, 502, 503 and 504). */
export type Status<Op extends OperationId> =
  | Extract<keyof Responses<Op>, number>
  | ('5XX' extends keyof Responses<Op> ? 500 | 502 | 503 | 504 : never);
/** The JSON body the contract gives one declared response (`undefined` when it has none, as 204 and 304). */
type JsonOf<R> = R extends { content: { 'application/json': infer Body } }
  ? Body
  : R extends { content?: never }
    ? undefined
    : never;
/** The body `Op` answers with status `S`: a drifted fixture fails typecheck before it fails the run. */
export type BodyOf<Op extends OperationId, S extends number> = JsonOf<
  S extends keyof Responses<Op> ? Responses<Op>[S] : '5XX' extends keyof Responses<Op> ? Responses<Op>['5XX'] : never
>;
/** The JSON body the contract lets the app send to `Op` (`unknown` for one without). */
type RequestOf<Op extends OperationId> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : unknown;

/** One request the app made, as a handler sees it. */
interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
  authorization: string | null;
}
/** A request to operation `Op`, its body typed as the contract's request body (what the app's client sends). */
export type Recorded<Op extends OperationId | undefined = undefined> = Op extends OperationId
  ? Omit<RecordedRequest, 'body'> & { body: RequestOf<Op> | undefined }
  : RecordedRequest;

/**
 * What a resolver answers: a declared status and the contract's body for it (status 200 when left
 * out, for an operation that declares 200). Both are checked again at run time.
 */
export type Reply<Op extends OperationId = OperationId> = Op extends OperationId
  ?
      | { [S in Status<Op>]: { status: S; body: BodyOf<Op, S> } }[Status<Op>]
      | (200 extends Status<Op> ? { status?: undefined; body: BodyOf<Op, 200> } : never)
  : never;
/** Answers one call; `undefined` leaves it to the engine (fail once, then let the real server answer). */
export type Resolver<Op extends OperationId> = (
  req: Recorded<Op>,
) => Reply<Op> | undefined | Promise<Reply<Op> | undefined>;
/** A resolver as the server runs it, whatever its operation. */
type AnyReply = { status?: number; body: unknown } | undefined;
type AnyResolver = (req: Recorded) => AnyReply | Promise<AnyReply>;

/** Answers by operation, as `createTestApi` takes them: a later entry for an operation replaces an earlier one. */
export type Answers = { [Op in OperationId]?: Resolver<Op> };

export function envelope<T>(data: T, message = 'OK') {
  return { success: true as const, message, data };
}

export function errorBody(message: string, errors?: Record<string, string[]>) {
  return { success: false as const, message, ...(errors ? { errors } : {}) };
}

/** An error reply with its status kept literal, so the contract's typing can check it: `failure(503, 'Down.')`. */
export function failure<const S extends number>(status: S, message: string, errors?: Record<string, string[]>) {
  return { status, body: errorBody(message, errors) };
}

async function record(request: Request): Promise<Recorded> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  return {
    method: request.method,
    path: url.pathname,
    search: url.search,
    body: text ? JSON.parse(text) : undefined,
    authorization: request.headers.get('Authorization'),
  };
}

const mswPath = (origin: string, path: string) => `${origin}${path.replace(/\{([^}]+)\}/g, ':$1')}`;

/**
 * The one way a test answers a call: an MSW handler for `operationId` on `origin` answering
 * `status` with `body` (or what `body(req)` returns), checked against the contract.
 * `answer(op, resolve)` lets the resolver pick the status too.
 */
export function answer<Op extends OperationId, S extends Status<Op>>(
  operationId: Op,
  status: S,
  body: BodyOf<Op, S> | ((req: Recorded<Op>) => BodyOf<Op, S>),
  origin?: string,
): ReturnType<typeof http.all>;
export function answer<Op extends OperationId>(
  operationId: Op,
  resolve: Resolver<Op>,
  origin?: string,
): ReturnType<typeof http.all>;
export function answer(
  operationId: OperationId,
  statusOrResolve: number | AnyResolver,
  bodyOrOrigin?: unknown,
  maybeOrigin?: string,
) {
  const resolve: AnyResolver =
    typeof statusOrResolve === 'function'
      ? statusOrResolve
      : (req) => ({
          status: statusOrResolve,
          body: typeof bodyOrOrigin === 'function' ? bodyOrOrigin(req) : bodyOrOrigin,
        });
  const origin = (typeof statusOrResolve === 'function' ? (bodyOrOrigin as string | undefined) : maybeOrigin) ?? '*';
  const op = operation(operationId);
  const method = op.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](mswPath(origin, op.path), async ({ request }) => {
    const url = new URL(request.url);
    // `/users/me` is not `/users/{id}`: leave a request to the operation it reaches.
    if (operationOf(request.method, url.pathname)?.operationId !== operationId) return undefined;
    const reply = await resolve(await record(request));
    if (!reply) return undefined;
    const status = reply.status ?? 200;
    drift.push(...checkAnswer(operationId, status, reply.body));
    return HttpResponse.json(reply.body as never, { status });
  });
}

/** An event stream the app opened: the test sends events (checked against the contract) or drops it. */
export interface TestStream {
  path: string;
  authorization: string | null;
  lastEventId: string | null;
  /** Sends one SSE event. */
  send: (event: string, data: unknown, id?: string) => void;
  /** Ends the response, as a server restart would: the app reconnects. */
  drop: () => void;
  closed: () => boolean;
}

const STREAMS = ['streamMe', 'streamChannel'] as const satisfies OperationId[];

function openStream(operationId: OperationId, request: Request, streams: TestStream[]): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    try {
      controller.close();
    } catch {
      // already cancelled by the reader
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      closed = true;
    },
  });
  request.signal.addEventListener('abort', close);
  streams.push({
    path: new URL(request.url).pathname,
    authorization: request.headers.get('Authorization'),
    lastEventId: request.headers.get('Last-Event-ID'),
    send: (event, data, id) => {
      if (closed) return;
      drift.push(...checkEvent(operationId, { event, ...(id ? { id } : {}), data }));
      const text = `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
      controller.enqueue(new TextEncoder().encode(text));
    },
    drop: close,
    closed: () => closed,
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

let instances = 0;

/** The engine's answer, its JSON body judged by the contract like an override's. */
async function fromEngine(request: Request, live: string[]): Promise<Response> {
  const response = await engineHandle(request);
  const path = new URL(request.url).pathname;
  if (response.headers.get('Content-Type')?.startsWith('text/event-stream')) live.push(path);
  const op = operationOf(request.method, path);
  if (op && response.headers.get('Content-Type')?.startsWith('application/json')) {
    const body: unknown = await response.clone().json();
    drift.push(...checkAnswer(op.operationId as OperationId, response.status, body).map((d) => `engine: ${d}`));
  }
  return response;
}

export interface TestApiOptions {
  /**
   * Who serves the event streams (streamMe, streamChannel): `'engine'` (default; what the engine
   * publishes reaches the app) or `'test'`, streams the test drives by hand through `streams`.
   */
  streams?: 'engine' | 'test';
}

/**
 * A server for one app under test, on its own origin so two apps in one test do not share
 * overrides: `answers` by operation first, then the mock engine for every other call (the test's
 * engine, so two apps in one test share its data, as two browsers share a server).
 * The app gets `baseUrl` and `fetch`, which records every request in `calls`; `live` lists the
 * paths of the event streams the engine has opened (subscribed: what it publishes from then on arrives).
 */
export function createTestApi(answers: Answers = {}, options: TestApiOptions = {}) {
  const baseUrl = `http://api-${++instances}.cohort.test`;
  const calls: Recorded[] = [];
  const live: string[] = [];
  const streams: TestStream[] = [];
  const own = Object.entries(answers).map(([operationId, resolve]) =>
    answer(operationId as OperationId, resolve as Resolver<OperationId>, baseUrl),
  );
  const streamHandlers =
    options.streams === 'test'
      ? STREAMS.filter((op) => !(op in answers)).map((operationId) =>
          http.get(mswPath(baseUrl, operation(operationId).path), ({ request }) =>
            openStream(operationId, request, streams),
          ),
        )
      : [];
  const engine = http.all(`${baseUrl}/*`, ({ request }) => fromEngine(request, live));
  server.use(...own, ...streamHandlers, engine);
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    calls.push(await record(request));
    return globalThis.fetch(request);
  };
  return { baseUrl, fetch, calls, streams, live };
}
