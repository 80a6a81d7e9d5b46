import type { operations } from '@cohort/api';
import type { Operation } from '@cohort/openapi/schema';
import { ContractRouter, type RouteMatch } from '../contract/router.ts';
import type { RequestValidator } from '../contract/validation.ts';
import { type EngineReply, type EngineRequest, type Guard, headerOf, type StreamSink } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import { beforeOperation, scheduleDrop } from '../scenarios/apply.ts';
import { noBehaviour } from '../scenarios/behaviour.ts';
import type { Behaviour, BehaviourFor } from '../scenarios/types.ts';
import type { Store } from '../store/store.ts';
import { authenticateToken, bearerToken, type Session } from './auth.ts';

export type OperationId = keyof operations;

export interface RouteContext {
  store: Store;
  operations: Map<string, Operation>;
  validators: Map<string, RequestValidator>;
  /** Where `route()` registers each operation; the app dispatches through it once per request. */
  table: OperationTable;
  /** The per-token limit of a spam-prone write (see WRITE_LIMITED), when the app sets one. */
  writeLimit?: (operationId: string) => Guard[];
}

/** Writes that reach other people (and uploads, which fill the disk): each is limited per token (429, declared in the contract). */
const WRITE_LIMITED = new Set([
  'storeChannel',
  'addChannelMembers',
  'inviteToChannel',
  'sendMessage',
  'forwardMessage',
  'reportMessage',
  'connectUser',
  'startCall',
  'createPost',
  'createComment',
  'reportPost',
  'createStory',
  'uploadMedia',
]);

type Op<Id extends OperationId> = operations[Id];
type Params<Id extends OperationId> = NonNullable<Op<Id>['parameters']['path']>;
type Query<Id extends OperationId> = NonNullable<Op<Id>['parameters']['query']>;
type Body<Id extends OperationId> =
  Op<Id> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Op<Id> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : undefined;
type Responses<Id extends OperationId> = Op<Id>['responses'];
/** The body of the operation's 200 or 201 answer, straight from the contract. */
export type SuccessBody<Id extends OperationId> = {
  [S in keyof Responses<Id>]: S extends 200 | 201
    ? Responses<Id>[S] extends { content: { 'application/json': infer B } }
      ? B
      : never
    : never;
}[keyof Responses<Id>];

export interface HandlerArgs<Id extends OperationId> {
  params: Params<Id>;
  query: Query<Id>;
  /** The declared header parameters, validated, under the contract's names. */
  headers: HeaderParams<Id>;
  body: Body<Id>;
  /** The signed-in session; only read it in secured operations (auth ran first). */
  session: Session;
  /** The request as the engine sees it (headers, the raw body of an upload). */
  request: EngineRequest;
  /** Adds a header to the answer. */
  setHeader(name: string, value: string): void;
}

export interface Reply<Id extends OperationId> {
  status: 200 | 201;
  body: SuccessBody<Id>;
}

export type Handler<Id extends OperationId> = (args: HandlerArgs<Id>) => Reply<Id> | Promise<Reply<Id>>;

/** One request as the table hands it to an operation: matched, signed in, its body read. */
export interface Call {
  req: EngineRequest;
  params: Record<string, string>;
  session: Session | undefined;
  body: unknown;
  /** Headers the answer carries, whatever its status (rate-limit headers). */
  headers: Record<string, string>;
  /** Told the answer's status once it is known. */
  after: ((status: number) => void)[];
}

/** The operation's declared header parameters (none: an empty record). */
type HeaderParams<Id extends OperationId> = Op<Id>['parameters'] extends { header?: infer H }
  ? [NonNullable<H>] extends [never]
    ? Record<string, never>
    : NonNullable<H>
  : Record<string, never>;

/**
 * Registers one contract operation in the table: method and path come from the contract by
 * operationId, then auth (when the operation is secured) → validation (path, query, headers,
 * body) → `guards` → the handler, in one transaction. An event stream registers the same way with
 * `{ stream: { tokenFrom } }`: its handler holds the stream open instead of answering.
 */
export function route<Id extends OperationId>(
  ctx: RouteContext,
  operationId: Id,
  handler: Handler<Id>,
  guards?: Guard[],
): void;
export function route<Id extends OperationId>(
  ctx: RouteContext,
  operationId: Id,
  handler: StreamHandler<Id>,
  options: StreamOptions,
): void;
export function route<Id extends OperationId>(
  ctx: RouteContext,
  operationId: Id,
  handler: Handler<Id> | StreamHandler<Id>,
  guardsOrStream: Guard[] | StreamOptions = [],
): void {
  const operation = ctx.operations.get(operationId);
  const validate = ctx.validators.get(operationId);
  if (!operation || !validate) throw new Error(`operation ${operationId} is not in the contract`);
  const { store } = ctx;
  type Input = { params: Params<Id>; query: Query<Id>; headers: HeaderParams<Id>; body: Body<Id> };
  const check = (call: Call, body: unknown): Input => {
    const result = validate({ params: call.params, query: call.req.query, headers: call.req.headers, body });
    if (!result.ok) throw HttpError.invalid(result.errors);
    return result.input as Input;
  };
  if (!Array.isArray(guardsOrStream)) {
    const open = handler as StreamHandler<Id>;
    const handle = (call: Call): EngineReply => {
      const { req } = call;
      const input = check(call, undefined);
      const sink = req.openStream();
      store.transact(() => open({ ...input, session: call.session as Session, request: req, sink }));
      return { kind: 'stream', status: 200, headers: call.headers, sink };
    };
    ctx.table.add(operation, { secured: true, stream: true, tokenFrom: guardsOrStream.stream.tokenFrom, handle });
    return;
  }
  const answer = handler as Handler<Id>;
  let guards = guardsOrStream;
  const takesJson = operation.requestBody?.content['application/json'] !== undefined;
  if (WRITE_LIMITED.has(operationId) && ctx.writeLimit) guards = [...guards, ...ctx.writeLimit(operationId)];
  // Synchronous unless the handler is: an async function per request costs its frame and promises.
  const handle = (call: Call): EngineReply | Promise<EngineReply> => {
    const { req, body, headers } = call;
    // A body the JSON parser left alone was sent as something else: say so, not "body is required".
    if (takesJson && body === undefined && req.hasBody) {
      throw HttpError.invalid({ body: ['must be JSON, sent with Content-Type: application/json'] });
    }
    const input = check(call, body);
    const setHeader = (name: string, value: string) => {
      headers[name] = value;
    };
    const userId = call.session?.user.id;
    for (const guard of guards) {
      const after = guard(userId === undefined ? { req, body, setHeader } : { req, body, setHeader, userId });
      if (after) call.after.push(after);
    }
    const args: HandlerArgs<Id> = {
      params: input.params,
      query: input.query,
      headers: input.headers,
      body: input.body,
      session: call.session as Session,
      request: req,
      setHeader,
    };
    // One transaction per request: all of the handler's changes commit together (persisted before
    // the answer is sent) or, if it throws, none does. `session` is read only in secured operations.
    const reply = store.transact(() => answer(args));
    if (reply instanceof Promise) return reply.then((done) => whenWritten(store, done, headers));
    return whenWritten(store, reply, headers);
  };
  ctx.table.add(operation, { secured: operation.secured, stream: false, handle });
}

/**
 * The answer, once what the store committed so far is kept (`--data` writes the commits of a turn
 * of the event loop together): a client is never told of a change a crash could still lose, nor
 * shown one. Without such a wait, the answer at once.
 */
function whenWritten(
  store: Store,
  { status, body }: { status: number; body?: unknown },
  headers: Record<string, string>,
): EngineReply | Promise<EngineReply> {
  const written = store.written;
  if (written) return written.then((): EngineReply => ({ kind: 'json', status, headers, body }));
  return { kind: 'json', status, headers, body };
}

export interface StreamArgs<Id extends OperationId> {
  params: Params<Id>;
  query: Query<Id>;
  headers: HeaderParams<Id>;
  session: Session;
  request: EngineRequest;
  /** The stream to hold open (the hub writes to it). */
  sink: StreamSink;
}

export type StreamHandler<Id extends OperationId> = (args: StreamArgs<Id>) => void;

/**
 * An event stream: always signed in, with the token `tokenFrom` finds (a header or a single-use
 * ticket); no latency, error rate or body parsing in front of it.
 */
export interface StreamOptions {
  stream: { tokenFrom: (req: EngineRequest) => string | undefined };
}

/** GET operations that change state (the deprecated GET logout): never run for a HEAD. */
const NOT_FOR_HEAD = new Set(['logoutViaGet']);

interface Entry {
  /** Needs a bearer token: checked before the body is read, so no token means 401, not a parse error. */
  secured: boolean;
  /** An event stream: no latency, error rate or body parsing in front of it (it stays open). */
  stream: boolean;
  /** Where its token comes from (default: the `Authorization: Bearer` header). */
  tokenFrom?: (req: EngineRequest) => string | undefined;
  /** Validation, guards and the handler (see `route()`); throws on failure. */
  handle: (call: Call) => EngineReply | Promise<EngineReply>;
}

/** What runs in front of every API request but an event stream: `--latency`, `--error-rate`. */
export type Before = () => void | Promise<void>;

/**
 * Every contract operation, registered by `route()` (event streams included) and dispatched in
 * one step through the contract's one path matcher (`ContractRouter`), which also answers 404 and
 * 405: dispatch and "not found" can never disagree about a path.
 */
export class OperationTable {
  readonly router: ContractRouter;
  readonly #entries = new Map<string, Entry>();
  /** The scenario's hook (`--scenario`): latency and failure per request of an operation; none by default. */
  behaviourFor: BehaviourFor = noBehaviour;

  constructor(operations: Operation[]) {
    this.router = new ContractRouter(operations);
  }

  add(operation: Operation, entry: Entry): void {
    if (this.#entries.has(operation.operationId)) throw new Error(`${operation.operationId} is registered twice`);
    this.#entries.set(operation.operationId, entry);
  }

  /**
   * Answers one API request: `before` (latency, error rate), auth (who is asking comes before what
   * they sent: without a live token a secured call is a 401 whatever its body, unparsed), the body
   * (only when there is one), then the operation. A path the contract lacks is a 404, a method its
   * path does not take a 405 with `Allow`, after `before` and the body as for any request.
   */
  run(
    req: EngineRequest,
    before: Before | undefined,
    store: Store,
    call: Call,
    found: RouteMatch = this.router.match(req.method, req.path),
  ): EngineReply | Promise<EngineReply> {
    if (found && 'badEscape' in found) throw new HttpError(400);
    const entry = found && 'operation' in found ? this.#entries.get(found.operation.operationId) : undefined;
    if (!found || 'allow' in found || !entry) return this.#refuse(req, before, call, found);
    const { operation, params } = found as { operation: Operation; params: Record<string, string> };
    if (req.method === 'HEAD' && NOT_FOR_HEAD.has(operation.operationId)) {
      // Allow names what the path does take (the deprecated GET and the proposed POST for logout).
      throw new HttpError(405, 'HEAD is not allowed here: this GET changes state.', undefined, {
        Allow: this.router.methodsOf(req.path).join(', '),
      });
    }
    // The scenario's latency and failures (src/scenarios/), then the dev ones; streams skip the latter.
    const behaviour = this.behaviourFor(operation.operationId);
    const waits = behaviour.delayMs > 0 || behaviour.fail || (before !== undefined && !entry.stream);
    // Nothing to wait for first (the common case): no async step of its own.
    if (!waits) return this.#answer(req, store, call, entry, params, behaviour);
    return this.#answerLater(req, before, store, call, entry, params, behaviour);
  }

  /** The scenario's wait, then `before`, then the answer. */
  async #answerLater(
    req: EngineRequest,
    before: Before | undefined,
    store: Store,
    call: Call,
    entry: Entry,
    params: Record<string, string>,
    behaviour: Behaviour,
  ): Promise<EngineReply> {
    if (behaviour.delayMs > 0 || behaviour.fail) await beforeOperation(behaviour);
    if (before && !entry.stream) await before();
    return this.#answer(req, store, call, entry, params, behaviour);
  }

  /**
   * Who is asking comes before what they sent: signed in first, then the body (a write waits for
   * it through one promise), then the operation.
   */
  #answer(
    req: EngineRequest,
    store: Store,
    call: Call,
    entry: Entry,
    params: Record<string, string>,
    behaviour: Behaviour,
  ): EngineReply | Promise<EngineReply> {
    if (entry.secured) {
      const token = entry.tokenFrom ? entry.tokenFrom(req) : bearerToken(headerOf(req.headers, 'authorization'));
      call.session = authenticateToken(store, token);
    }
    call.params = params;
    if (entry.stream || !req.hasBody) return this.#handle(call, entry, behaviour);
    return req.readJson().then((body) => {
      call.body = body;
      return this.#handle(call, entry, behaviour);
    });
  }

  #handle(call: Call, entry: Entry, behaviour: Behaviour): EngineReply | Promise<EngineReply> {
    const reply = entry.handle(call);
    if (reply instanceof Promise) return reply.then((done) => this.#dropLater(done, behaviour));
    return this.#dropLater(reply, behaviour);
  }

  /** A stream the scenario drops (`stream.dropAfterMs`) is ended on time. */
  #dropLater(reply: EngineReply, behaviour: Behaviour): EngineReply {
    if (reply.kind === 'stream') {
      const { sink } = reply;
      const cancel = scheduleDrop(behaviour, () => sink.end());
      if (cancel) sink.onClose(cancel);
    }
    return reply;
  }

  /** A path the contract lacks (404) or a method its path does not take (405), after `before` and the body as for any request. */
  async #refuse(req: EngineRequest, before: Before | undefined, call: Call, found: RouteMatch): Promise<never> {
    if (before) await before();
    if (req.hasBody) call.body = await req.readJson();
    if (found && 'allow' in found) {
      throw new HttpError(405, `${req.method} is not allowed here.`, undefined, { Allow: found.allow.join(', ') });
    }
    throw HttpError.notFound(`No route for ${req.method} ${req.path}.`);
  }
}

/** `{ success: true, message, data }`. */
export function ok<T>(data: T, message = 'OK'): { success: true; message: string; data: T } {
  return { success: true, message, data };
}
