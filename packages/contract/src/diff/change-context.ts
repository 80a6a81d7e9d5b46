import type { HttpMethod, OpenApiDocument } from '@cohort/openapi';
import type { DiffChange, DiffRule } from './types.ts';

export interface OperationRef {
  operationId: string;
  method: HttpMethod;
  path: string;
}

/** The two documents, the operation being compared and the changes found so far. */
export interface Ctx {
  base: OpenApiDocument;
  head: OpenApiDocument;
  op: OperationRef;
  out: DiffChange[];
}

/** Records one change against the current operation, classified breaking or not. */
export function emit(
  ctx: Ctx,
  code: DiffRule,
  breaking: boolean,
  pointer: string,
  message: string,
  extra: Partial<DiffChange> = {},
): void {
  const { location, ...rest } = extra;
  ctx.out.push({
    operationId: ctx.op.operationId,
    method: ctx.op.method,
    path: ctx.op.path,
    severity: breaking ? 'breaking' : 'non-breaking',
    code,
    message,
    pointer,
    ...(location !== undefined && location !== pointer ? { location } : {}),
    ...rest,
  });
}
