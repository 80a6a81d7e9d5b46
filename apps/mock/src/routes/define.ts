import type { operations } from '@cohort/api';
import type { Operation } from '@cohort/openapi';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { expressPath } from '../contract.ts';
import { HttpError } from '../http-error.ts';
import type { Session } from '../middleware/auth.ts';
import type { Store } from '../store/store.ts';
import type { RequestValidator } from '../validation.ts';

export type OperationId = keyof operations;

export interface RouteContext {
  store: Store;
  operations: Map<string, Operation>;
  validators: Map<string, RequestValidator>;
  requireAuth: RequestHandler;
}

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
 * Registers one contract operation on a router: method and path come from the contract by
 * operationId, then auth (when the operation is secured) → validation → `extra` → handler.
 */
export function route<Id extends OperationId>(
  router: Router,
  ctx: RouteContext,
  operationId: Id,
  handler: Handler<Id>,
  extra: RequestHandler[] = [],
): void {
  const operation = ctx.operations.get(operationId);
  const validate = ctx.validators.get(operationId);
  if (!operation || !validate) throw new Error(`operation ${operationId} is not in the contract`);
  const chain: RequestHandler[] = [];
  if (operation.secured) chain.push(ctx.requireAuth);
  chain.push((req: Request, res: Response, next: NextFunction) => {
    const result = validate({ params: req.params, query: req.query as Record<string, unknown>, body: req.body });
    if (!result.ok) throw HttpError.invalid(result.errors);
    res.locals.input = result.input;
    next();
  });
  chain.push(...extra);
  chain.push(async (req: Request, res: Response) => {
    const input = res.locals.input as { params: Params<Id>; query: Query<Id>; body: Body<Id> };
    const reply = await handler({ ...input, session: res.locals.session as Session, req, res });
    res.status(reply.status).json(reply.body);
  });
  router[operation.method as 'get' | 'post' | 'patch' | 'delete'](expressPath(operation.path), ...chain);
}

/** `{ success: true, message, data }`. */
export function ok<T>(data: T, message = 'OK'): { success: true; message: string; data: T } {
  return { success: true, message, data };
}
