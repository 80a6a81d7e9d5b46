import type { operations } from '@cohort/api';
import type { Operation } from '@cohort/openapi';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HttpError } from '../http-error.ts';
import { authenticate, type Session } from '../middleware/auth.ts';
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

/** Writes that reach other people: each is limited per token (429, declared in the contract). */
const WRITE_LIMITED = new Set([
  'storeChannel',
  'addChannelMembers',
  'inviteToChannel',
  'sendMessage',
  'forwardMessage',
  'reportMessage',
  'connectUser',
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
  ctx.table.add(operation, (req, res, next) => {
    // The dispatcher authenticated a secured operation before it parsed the body (see dispatch).
    const session = secured
      ? ((req as SessionCarrier)[SESSION] ?? authenticate(store, req.headers.authorization))
      : undefined;
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
  });
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
  method: string;
  /** Needs a bearer token: checked before the body is read, so no token means 401, not a parse error. */
  secured: boolean;
  /** False for a GET that changes state: a HEAD is answered 405. */
  head: boolean;
  /** The contract path without its trailing slash (how Express registers it). */
  path: string;
  /** What Express's router would match: case-insensitive, one optional trailing slash. */
  regex: RegExp;
  names: string[];
  /** Auth, validation and the handler (see `route()`); throws or calls `next(error)` on failure. */
  handle: RequestHandler;
}

type Lookup = { entry: Entry; params: Record<string, string> } | { error: HttpError } | undefined;

function slashes(path: string): number {
  let count = 0;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) count++;
  return count;
}

/** Express's param decoding: only when there is a `%`; a malformed escape is a 400. */
function decodeParam(value: string): string {
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new HttpError(400);
  }
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
 * Every operation registered by `route()`, dispatched in one step instead of Express walking a
 * router per resource. Matching is Express's: first registered wins, case-insensitive, optional
 * trailing slash, HEAD served by GET; an exact-path Map answers the static paths without a scan.
 */
export class OperationTable {
  readonly #entries: Entry[] = [];
  /** `METHOD slashes` → entries in registration order; a path can only match entries with its slash count. */
  #byShape = new Map<string, Entry[]>();
  #exact = new Map<string, Entry>();
  #dirty = false;

  add(operation: Operation, handle: RequestHandler): void {
    const names: string[] = [];
    const path = operation.path.replace(/\/+$/, '');
    const source = path
      .split('/')
      .map((segment) => {
        const m = /^\{(.+)\}$/.exec(segment);
        if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1] ?? '');
        return '([^/]+)';
      })
      .join('/');
    this.#entries.push({
      method: operation.method.toUpperCase(),
      secured: operation.secured,
      head: !NOT_FOR_HEAD.has(operation.operationId),
      path,
      regex: new RegExp(`^${source}(?:/)?$`, 'i'),
      names,
      handle,
    });
    this.#dirty = true;
  }

  #index(): void {
    this.#dirty = false;
    this.#byShape = new Map();
    for (const entry of this.#entries) {
      const key = `${entry.method} ${slashes(entry.path)}`;
      const list = this.#byShape.get(key) ?? [];
      list.push(entry);
      this.#byShape.set(key, list);
    }
    // A static path maps to whichever entry the ordered scan picks for it (an earlier templated
    // path could shadow it), so the Map is only a shortcut, never a different answer.
    this.#exact = new Map();
    for (const entry of this.#entries) {
      if (entry.names.length > 0) continue;
      const path = entry.path;
      for (const method of entry.method === 'GET' ? ['GET', 'HEAD'] : [entry.method]) {
        const hit = this.#scan(method, path);
        if (hit && 'entry' in hit) this.#exact.set(`${method} ${path}`, hit.entry);
      }
    }
  }

  /** Express's walk: the first path match decodes its params (a bad escape is a 400, whatever the method). */
  #scan(method: string, path: string): Lookup {
    const wanted = method === 'HEAD' ? 'GET' : method;
    // Without a `%` decoding cannot fail, so only entries of this method can matter; a parameter
    // never holds a `/` and only one trailing `/` is allowed, so only those of the same shape.
    const shape = slashes(path) - (path.endsWith('/') ? 1 : 0);
    const candidates = path.indexOf('%') === -1 ? (this.#byShape.get(`${wanted} ${shape}`) ?? []) : this.#entries;
    for (const entry of candidates) {
      const hit = entry.regex.exec(path);
      if (!hit) continue;
      const params: Record<string, string> = {};
      try {
        for (let i = 0; i < entry.names.length; i++) params[entry.names[i] as string] = decodeParam(hit[i + 1] ?? '');
      } catch (error) {
        return { error: error as HttpError };
      }
      if (entry.method === wanted) return { entry, params };
    }
    return undefined;
  }

  /**
   * The middleware: a request for a registered operation runs `before` (latency, error rate, then
   * `parseBody`) then the operation; anything else goes on to the next middleware untouched. A
   * request without a body skips `parseBody`, and with nothing else before it the operation runs
   * straight away.
   */
  dispatch(before: RequestHandler[], parseBody: RequestHandler, store: Store): RequestHandler {
    return (req, res, next) => {
      if (this.#dirty) this.#index();
      const path = req.path;
      const exact = this.#exact.get(`${req.method} ${path}`);
      const found: Lookup = exact ? { entry: exact, params: {} } : this.#scan(req.method, path);
      if (!found) return next();
      if ('entry' in found && req.method === 'HEAD' && !found.entry.head) {
        // Allow names what the path does take (the spec's GET and the proposed POST for logout).
        const allow = this.#entries.filter((e) => e.path === found.entry.path).map((e) => e.method);
        throw new HttpError(405, 'HEAD is not allowed here: this GET changes state.', undefined, {
          Allow: [...new Set(allow)].sort().join(', '),
        });
      }
      // After the dev middlewares (latency, --error-rate), who is asking comes before what they
      // sent: without a live token a secured call is a 401 whatever its body, unparsed.
      const proceed = (error?: unknown): void => {
        if (error) {
          next(error);
          return;
        }
        if ('entry' in found && found.entry.secured) {
          try {
            (req as SessionCarrier)[SESSION] = authenticate(store, req.headers.authorization);
          } catch (failure) {
            next(failure);
            return;
          }
        }
        if (!hasBody(req)) {
          run(found, req, res, next);
          return;
        }
        runChain([parseBody], req, res, (parseError?: unknown) => {
          if (parseError) next(parseError);
          else run(found, req, res, next);
        });
      };
      if (before.length === 0) proceed();
      else runChain(before, req, res, proceed);
    };
  }
}

/** Runs the operation a lookup found, or passes on the lookup's error (a malformed escape). */
function run(found: Exclude<Lookup, undefined>, req: Request, res: Response, next: NextFunction): void {
  if ('error' in found) {
    next(found.error);
    return;
  }
  req.params = found.params;
  try {
    found.entry.handle(req, res, next);
  } catch (error) {
    next(error ?? new Error('Thrown falsy value'));
  }
}

/** `{ success: true, message, data }`. */
export function ok<T>(data: T, message = 'OK'): { success: true; message: string; data: T } {
  return { success: true, message, data };
}
