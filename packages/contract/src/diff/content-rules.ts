import { resolveRef } from '@cohort/openapi';
import { type Ctx, emit } from './change-context.ts';
import { join } from './json-pointer.ts';
import { isObject, type Node } from './schema-resolve.ts';
import { compareSchema } from './schema-rules.ts';
import type { Side } from './types.ts';

/** Media types removed or added under a `content` map, and the schema of each kept one. */
export function compareContent(ctx: Ctx, base: unknown, head: unknown, pointer: string, side: Side): void {
  const bc = isObject(base) ? base : {};
  const hc = isObject(head) ? head : {};
  for (const [type, media] of Object.entries(bc)) {
    const p = join(pointer, type);
    if (!(type in hc)) {
      emit(ctx, 'media-type-removed', true, p, `${side} media type ${type} removed`, { side });
      continue;
    }
    const bs = (media as Node).schema;
    const hs = (hc[type] as Node).schema;
    if (bs !== undefined && hs !== undefined)
      compareSchema(ctx, bs, hs, join(p, 'schema'), join(p, 'schema'), join(p, 'schema'), side, new Set());
  }
  for (const type of Object.keys(hc))
    if (!(type in bc))
      emit(ctx, 'media-type-added', false, join(pointer, type), `${side} media type ${type} added`, { side });
}

/** The request body becoming required, then its content. */
export function compareRequestBody(ctx: Ctx, bo: Node, ho: Node, opPointer: string): void {
  const bb = bo.requestBody ? resolveRef<Node>(ctx.base, bo.requestBody as Node) : undefined;
  const hb = ho.requestBody ? resolveRef<Node>(ctx.head, ho.requestBody as Node) : undefined;
  const bodyPointer = join(opPointer, 'requestBody');
  if (hb?.required === true && bb?.required !== true)
    emit(ctx, 'request-body-became-required', true, join(bodyPointer, 'required'), 'request body became required', {
      side: 'request',
    });
  if (bb || hb) compareContent(ctx, bb?.content, hb?.content, join(bodyPointer, 'content'), 'request');
}

/** Response statuses removed or added, and the content of each kept one. */
export function compareResponses(ctx: Ctx, bo: Node, ho: Node, opPointer: string): void {
  const brs = isObject(bo.responses) ? bo.responses : {};
  const hrs = isObject(ho.responses) ? ho.responses : {};
  for (const [status, response] of Object.entries(brs)) {
    const p = join(opPointer, 'responses', status);
    if (!(status in hrs)) {
      emit(ctx, 'response-status-removed', true, p, `response ${status} removed`, { side: 'response' });
      continue;
    }
    const br = resolveRef<Node>(ctx.base, response as Node);
    const hr = resolveRef<Node>(ctx.head, hrs[status] as Node);
    compareContent(ctx, br.content, hr.content, join(p, 'content'), 'response');
  }
  for (const status of Object.keys(hrs))
    if (!(status in brs))
      emit(ctx, 'response-status-added', false, join(opPointer, 'responses', status), `response ${status} added`, {
        side: 'response',
      });
}
