import type { operations } from '@cohort/api';
import type { Operation } from '@cohort/openapi';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ContractRouter } from '../contract.ts';
import { HttpError } from '../http-error.ts';
import { authenticateToken, bearerToken, type Session } from '../middleware/auth.ts';
import { noBehaviour } from '../scenarios/behaviour.ts';
import { withBehaviour } from '../scenarios/express.ts';
import type { BehaviourFor } from '../scenarios/types.ts';
import type { Store } from '../store/store.ts';
import type { RequestValidator } from '../validation.ts';

export type OperationId = keyof operations;

export interface RouteContext {
  store: Store;
  operations: Map<string, Operation>;
  validators: Map<string, RequestValidator>;
  /** Where `route()` registers each operation; the app dispatches through it once per request. */
  table: OperationTable;
  /** The per-token limit of a spam-prone write (see WRITE_LIMITED), when the app sets one. */
  writeLimit?: (operationId: string) => RequestHandler[];
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
  body: Body<Id>;
  /** The signed-in session; only read it in secured operations (auth ran first). */
  session: Session;
  req: Request;
  res: Response;
}

export interface Reply<Id extends OperationId> {
  status: 200 | 201;
  body: SuccessBody<Id>;
}

export type Handler<Id extends OperationId> = (args: HandlerArgs<Id>) => Reply<Id> | Promise<Reply<Id>>;

/**
 * Registers one contract operation in the table: method and path come from the contract by
 * operationId, then auth (when the operation is secured) → validation → `extra` → handler.
 * Auth, validation and the handler run as one step (no middleware chain per request); only the
 * rare `extra` middlewares go through one.
 */
export function route<Id extends OperationId>(
  ctx: RouteContext,
  operationId: Id,
  handler: Handler<Id>,
  extra: RequestHandler[] = [],
): void {
  const operation = ctx.operations.get(operationId);
  const validate = ctx.validators.get(operationId);
  if (!operation || !validate) throw new Error(`operation ${operationId} is not in the contract`);
  const { store } = ctx;
  const secured = operation.secured;
  type Input = { params: Params<Id>; query: Query<Id>; body: Body<Id> };

  const send = (res: Response, reply: Reply<Id>): void => {
    res.status(reply.status).json(reply.body);
  };
  const answer = (req: Request, res: Response, next: NextFunction, input: Input, session: Session | undefined) => {
    // One transaction per request: all of the handler's changes commit together (persisted before
    // the answer is sent) or, if it throws, none does. `session` is read only in secured operations.
    const reply = store.transact(() => handler({ ...input, session: session as Session, req, res }));
    if (reply instanceof Promise) {
      reply.then((r) => send(res, r)).then(undefined, (e: unknown) => next(e ?? new Error('Rejected promise')));
    } else {
      send(res, reply);
    }
  };
  const takesJson = operation.requestBody?.content['application/json'] !== undefined;
  if (WRITE_LIMITED.has(operationId) && ctx.writeLimit) extra = [...extra, ...ctx.writeLimit(operationId)];
  const handle: RequestHandler = (req, res, next) => {
    // The dispatcher authenticated a secured operation before it parsed the body (see dispatch).
    const session = secured ? (req as SessionCarrier)[SESSION] : undefined;
    // A body the JSON parser left alone was sent as something else: say so, not "body is required".
    if (takesJson && req.body === undefined && hasBody(req)) {
      throw HttpError.invalid({ body: ['must be JSON, sent with Content-Type: application/json'] });
    }
    const result = validate({ params: req.params, query: req.query as Record<string, unknown>, body: req.body });
    if (!result.ok) throw HttpError.invalid(result.errors);
    const input = result.input as Input;
    if (extra.length === 0) {
      answer(req, res, next, input, session);
      return;
    }
    runChain(extra, req, res, (error?: unknown) => {
      if (error) next(error);
      else answer(req, res, next, input, session);
    });
  };
  ctx.table.add(operation, { secured, stream: false, handle });
}

export interface StreamArgs<Id extends OperationId> {
  params: Params<Id>;
  query: Query<Id>;
  session: Session;
  req: Request;
  res: Response;
}

/**
 * Registers an event-stream operation in the same table as `route()`, with the same validation
 * and one transaction around its handler, which answers by holding `res` open. Always signed in,
 * with the token `tokenFrom` finds (a header or a single-use ticket); no latency, error rate or
 * body parsing in front of it.
 */
export function streamRoute<Id extends OperationId>(
  ctx: RouteContext,
  operationId: Id,
  handler: (args: StreamArgs<Id>) => void,
  tokenFrom: (req: Request) => string | undefined,
): void {
  const operation = ctx.operations.get(operationId);
  const validate = ctx.validators.get(operationId);
  if (!operation || !validate) throw new Error(`operation ${operationId} is not in the contract`);
  const { store } = ctx;
  const handle: RequestHandler = (req, res) => {
    const session = (req as SessionCarrier)[SESSION] as Session;
    const result = validate({ params: req.params, query: req.query as Record<string, unknown>, body: undefined });
    if (!result.ok) throw HttpError.invalid(result.errors);
    const input = result.input as unknown as { params: Params<Id>; query: Query<Id> };
    store.transact(() => handler({ ...input, session, req, res }));
  };
  ctx.table.add(operation, { secured: true, stream: true, tokenFrom, handle });
}

/**
 * Whether the request carries a body: body-parser's own test (type-is `hasBody`). Without one the
 * JSON parser would do nothing, so the dispatcher does not call it.
 */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}

const SESSION = Symbol('cohort.session');
type SessionCarrier = Request & { [SESSION]?: Session };

/** GET operations that change state (the spec's logout): never run for a HEAD. */
const NOT_FOR_HEAD = new Set(['logoutViaGet']);

interface Entry {
  /** Needs a bearer token: checked before the body is read, so no token means 401, not a parse error. */
  secured: boolean;
  /** An event stream: no latency, error rate or body parsing in front of it (it stays open). */
  stream: boolean;
  /** Where its token comes from (default: the `Authorization: Bearer` header). */
  tokenFrom?: (req: Request) => string | undefined;
  /** Auth, validation and the handler (see `route()`); throws or calls `next(error)` on failure. */
  handle: RequestHandler;
}

/** Runs Express-style middlewares in order, as a Route would: a throw or a rejected promise goes to `done(error)`. */
function runChain(chain: RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  let index = 0;
  const next = (error?: unknown): void => {
    if (error) {
      done(error);
      return;
    }
    const fn = chain[index++];
    if (!fn) {
      done();
      return;
    }
    try {
      const result: unknown = fn(req, res, next);
      if (result instanceof Promise) {
        result.then(undefined, (e: unknown) => next(e ?? new Error('Rejected promise')));
      }
    } catch (e) {
      next(e ?? new Error('Thrown falsy value'));
    }
  };
  next();
}

/**
 * Every contract operation, registered by `route()` (streams by `streamRoute()`) and dispatched in
 * one step through the contract's one path matcher (`ContractRouter`), which also answers 404 and
 * 405 at the end of the app: dispatch and "not found" can never disagree about a path.
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
   * The middleware: a request for a registered operation runs `before` (latency, error rate), auth,
   * `parseBody` (only when there is a body) and the operation; a request for no operation, or for a
   * method its path does not take, goes on untouched (the 404/405 handler at the end answers it).
   */
  dispatch(before: RequestHandler[], parseBody: RequestHandler, store: Store): RequestHandler {
    return (req, res, next) => {
      const found = this.router.match(req.method, req.path);
      if (!found || 'allow' in found) return next();
      if ('badEscape' in found) throw new HttpError(400);
      const { operation, params } = found;
      const entry = this.#entries.get(operation.operationId);
      if (!entry) return next();
      if (req.method === 'HEAD' && NOT_FOR_HEAD.has(operation.operationId)) {
        // Allow names what the path does take (the spec's GET and the proposed POST for logout).
        throw new HttpError(405, 'HEAD is not allowed here: this GET changes state.', undefined, {
          Allow: this.router.methodsOf(req.path).join(', '),
        });
      }
      // The scenario's latency and failures (src/scenarios/), then the dev middlewares; streams skip the latter.
      const chain = withBehaviour(this.behaviourFor(operation.operationId), entry.stream ? [] : before);
      if (chain.length === 0) proceed(entry, params, store, parseBody, req, res, next);
      else
        runChain(chain, req, res, (error?: unknown) => {
          if (error) next(error);
          else proceed(entry, params, store, parseBody, req, res, next);
        });
    };
  }
}

/**
 * After the dev middlewares (latency, --error-rate), who is asking comes before what they sent:
 * without a live token a secured call is a 401 whatever its body, unparsed. A plain function, not a
 * closure made per request.
 */
function proceed(
  entry: Entry,
  params: Record<string, string>,
  store: Store,
  parseBody: RequestHandler,
  req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (entry.secured) {
    try {
      const token = entry.tokenFrom ? entry.tokenFrom(req) : bearerToken(req.headers.authorization);
      (req as SessionCarrier)[SESSION] = authenticateToken(store, token);
    } catch (failure) {
      next(failure);
      return;
    }
  }
  req.params = params;
  if (entry.stream || !hasBody(req)) {
    run(entry, req, res, next);
    return;
  }
  runChain([parseBody], req, res, (parseError?: unknown) => {
    if (parseError) next(parseError);
    else run(entry, req, res, next);
  });
}

function run(entry: Entry, req: Request, res: Response, next: NextFunction): void {
  try {
    entry.handle(req, res, next);
  } catch (error) {
    next(error ?? new Error('Thrown falsy value'));
  }
}

/** `{ success: true, message, data }`. */
export function ok<T>(data: T, message = 'OK'): { success: true; message: string; data: T } {
  return { success: true, message, data };
}
