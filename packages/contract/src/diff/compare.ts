import { HTTP_METHODS, type HttpMethod, type OpenApiDocument, resolveRef } from '@cohort/openapi';
import { type Ctx, emit } from './change-context.ts';
import { compareRequestBody, compareResponses } from './content-rules.ts';
import { join } from './json-pointer.ts';
import { compareParameters } from './parameter-rules.ts';
import type { Node } from './schema-resolve.ts';
import { compareSecurity } from './security-rules.ts';
import type { DiffChange } from './types.ts';

/** One operation present on both sides: parameters, request body, responses, security. */
function compareOperation(ctx: Ctx, bItem: Node, hItem: Node): void {
  const { path, method } = ctx.op;
  const opPointer = join('/paths', path, method);
  const bo = bItem[method] as Node;
  const ho = hItem[method] as Node;
  compareParameters(ctx, bItem, hItem);
  compareRequestBody(ctx, bo, ho, opPointer);
  compareResponses(ctx, bo, ho, opPointer);
  compareSecurity(ctx, bo, ho, opPointer);
}

/** Every change between two contracts, each classified as breaking or not for an existing client. */
export function diffContracts(base: OpenApiDocument, head: OpenApiDocument): DiffChange[] {
  const out: DiffChange[] = [];
  const bPaths = (base.paths ?? {}) as Record<string, Node>;
  const hPaths = (head.paths ?? {}) as Record<string, Node>;
  const opId = (op: Node, method: HttpMethod, path: string) =>
    typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`;
  for (const [path, raw] of Object.entries(bPaths)) {
    const bItem = resolveRef<Node>(base, raw);
    const hRaw = hPaths[path];
    const hItem = hRaw ? resolveRef<Node>(head, hRaw) : undefined;
    for (const method of HTTP_METHODS) {
      const bo = bItem[method] as Node | undefined;
      if (!bo) continue;
      const ctx: Ctx = { base, head, out, op: { operationId: opId(bo, method, path), method, path } };
      if (!hItem)
        emit(ctx, 'path-removed', true, join('/paths', path), `path ${path} removed (${method.toUpperCase()})`);
      else if (!hItem[method])
        emit(
          ctx,
          'operation-removed',
          true,
          join('/paths', path, method),
          `operation ${method.toUpperCase()} ${path} removed`,
        );
      else compareOperation(ctx, bItem, hItem);
    }
  }
  for (const [path, raw] of Object.entries(hPaths)) {
    const hItem = resolveRef<Node>(head, raw);
    const bItem = bPaths[path] ? resolveRef<Node>(base, bPaths[path]) : undefined;
    for (const method of HTTP_METHODS) {
      const ho = hItem[method] as Node | undefined;
      if (!ho || bItem?.[method]) continue;
      const ctx: Ctx = { base, head, out, op: { operationId: opId(ho, method, path), method, path } };
      if (!bItem) emit(ctx, 'path-added', false, join('/paths', path), `new path ${path} (${method.toUpperCase()})`);
      else
        emit(
          ctx,
          'operation-added',
          false,
          join('/paths', path, method),
          `new operation ${method.toUpperCase()} ${path}`,
        );
    }
  }
  return out;
}
