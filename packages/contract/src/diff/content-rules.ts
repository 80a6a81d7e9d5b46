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
    // An event stream's items: OpenAPI 3.2's itemSchema, or the x-events union read until generators take it.
    const bi = (media as Node).itemSchema;
    const hi = (hc[type] as Node).itemSchema;
    if (bi !== undefined && hi !== undefined) {
      const at = join(p, 'itemSchema');
      compareSchema(ctx, bi, hi, at, at, at, side, new Set());
    }
    const bx = (media as Node)['x-events'];
    const hx = (hc[type] as Node)['x-events'];
    if (bx !== undefined || hx !== undefined) compareEvents(ctx, bx, hx, join(p, 'x-events'));
  }
  for (const type of Object.keys(hc))
    if (!(type in bc))
      emit(ctx, 'media-type-added', false, join(pointer, type), `${side} media type ${type} added`, { side });
}

/** An `x-events` union by SSE event name: the discriminator's mapping, else each member's `event` const. */
function eventsOf(doc: Ctx['base'], node: unknown): Map<string, Node> {
  const ref = typeof node === 'string' ? { $ref: node } : node;
  const union = isObject(ref) ? resolveRef<Node>(doc, ref as Node) : {};
  const events = new Map<string, Node>();
  const mapping = isObject(union.discriminator) ? (union.discriminator as Node).mapping : undefined;
  if (isObject(mapping)) {
    for (const [name, ref] of Object.entries(mapping)) if (typeof ref === 'string') events.set(name, { $ref: ref });
    return events;
  }
  for (const member of Array.isArray(union.oneOf) ? union.oneOf : []) {
    const schema = resolveRef<Node>(doc, member as Node);
    const name = isObject(schema.properties)
      ? ((schema.properties as Node).event as Node | undefined)?.const
      : undefined;
    if (typeof name === 'string') events.set(name, member as Node);
  }
  return events;
}

/**
 * Events of a stream judged as a listener reads them, like a response body: an event removed, or a
 * field of one, breaks a listener; a new event does not (a stream reader skips names it does not know).
 */
function compareEvents(ctx: Ctx, base: unknown, head: unknown, pointer: string): void {
  const be = eventsOf(ctx.base, base);
  const he = eventsOf(ctx.head, head);
  for (const [name, schema] of be) {
    const p = join(pointer, name);
    const kept = he.get(name);
    if (!kept) {
      emit(ctx, 'event-removed', true, p, `event ${name} removed from the stream`, { side: 'response', before: name });
      continue;
    }
    compareSchema(ctx, schema, kept, p, p, p, 'response', new Set());
  }
  for (const name of he.keys())
    if (!be.has(name))
      emit(ctx, 'event-added', false, join(pointer, name), `new event ${name} on the stream`, {
        side: 'response',
        after: name,
      });
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
