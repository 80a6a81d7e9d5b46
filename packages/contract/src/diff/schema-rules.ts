import { type Ctx, emit } from './change-context.ts';
import { join } from './json-pointer.ts';
import { covers, enumOf, hidden, LOWER, numberOf, typesOf, UPPER } from './schema-keywords.ts';
import { deref, flatten, isObject, type Located } from './schema-resolve.ts';
import type { Side } from './types.ts';

/**
 * Compares two schemas at the same place of an operation (type, enum, limits, pattern, properties,
 * nested schemas) and records each change; `seen` stops the walk on recursive `$ref`s.
 */
export function compareSchema(
  ctx: Ctx,
  baseNode: unknown,
  headNode: unknown,
  pointer: string,
  baseAt: string,
  headAt: string,
  side: Side,
  seen: Set<string>,
): void {
  const b = flatten(ctx.base, deref(ctx.base, baseNode, baseAt));
  const h = flatten(ctx.head, deref(ctx.head, headNode, headAt));
  const key = `${b.at}|${h.at}|${side}`;
  if (seen.has(key)) return;
  seen.add(key);
  try {
    compareResolved(ctx, b, h, pointer, side, seen);
  } finally {
    seen.delete(key);
  }
}

function compareResolved(ctx: Ctx, b: Located, h: Located, pointer: string, side: Side, seen: Set<string>): void {
  const base = b.schema;
  const head = h.schema;
  const request = side === 'request';
  const where = { location: h.at, side };
  const at = (...segments: (string | number)[]) => ({ ...where, location: join(h.at, ...segments) });

  // Type: a request that accepts fewer types refuses what clients send; a response that may hold
  // more types hands clients a value they do not expect.
  const bt = typesOf(base);
  const ht = typesOf(head);
  const before = bt ? [...bt] : 'any';
  const after = ht ? [...ht] : 'any';
  if (!covers(ht, bt))
    emit(ctx, 'type-narrowed', request, join(pointer, 'type'), `${side} type narrowed`, {
      ...at('type'),
      before,
      after,
    });
  if (!covers(bt, ht))
    emit(ctx, 'type-widened', !request, join(pointer, 'type'), `${side} type widened`, {
      ...at('type'),
      before,
      after,
    });

  // Enum (and const).
  const be = enumOf(base);
  const he = enumOf(head);
  if (be || he) {
    const removed = be && he ? be.filter((v) => !he.includes(v)) : he ? ['(any value)'] : [];
    const added = be && he ? he.filter((v) => !be.includes(v)) : be ? ['(any value)'] : [];
    const p = join(pointer, 'enum' in head || 'enum' in base ? 'enum' : 'const');
    if (removed.length > 0)
      emit(ctx, 'enum-narrowed', request, p, `${side} enum narrowed: ${removed.join(', ')} no longer allowed`, {
        ...at('enum'),
        before: be?.map((v) => JSON.parse(v)),
        after: he?.map((v) => JSON.parse(v)),
      });
    if (added.length > 0)
      emit(ctx, 'enum-widened', !request, p, `${side} enum widened: ${added.join(', ')} added`, {
        ...at('enum'),
        before: be?.map((v) => JSON.parse(v)),
        after: he?.map((v) => JSON.parse(v)),
      });
  }

  // Limits: only a request is refused by a tighter one, and a response list capped lower: a client
  // that read the whole list there now gets part of it (a group's members become a sample).
  for (const [keys, tighter] of [
    [UPPER, (o: number, n: number) => n < o],
    [LOWER, (o: number, n: number) => n > o],
  ] as const) {
    for (const k of keys) {
      const o = numberOf(base, k);
      const n = numberOf(head, k);
      if (o === n) continue;
      const tightened = n !== undefined && (o === undefined || tighter(o, n));
      const capped = tightened && !request && k === 'maxItems';
      emit(
        ctx,
        tightened ? 'limit-tightened' : 'limit-loosened',
        tightened && (request || capped),
        join(pointer, k),
        `${side} ${k} ${o ?? 'none'} → ${n ?? 'none'}${capped ? ' (a list read whole now stops sooner)' : ''}`,
        { ...at(k), before: o, after: n },
      );
    }
  }
  if (base.pattern !== head.pattern && (typeof base.pattern === 'string' || typeof head.pattern === 'string')) {
    const added = typeof head.pattern === 'string';
    emit(
      ctx,
      'pattern-changed',
      request && added,
      join(pointer, 'pattern'),
      `${side} pattern ${base.pattern === undefined ? 'added' : added ? 'changed' : 'removed'}`,
      { ...at('pattern'), before: base.pattern, after: head.pattern },
    );
  }

  // Properties.
  const bp = isObject(base.properties) ? base.properties : {};
  const hp = isObject(head.properties) ? head.properties : {};
  const br = new Set(Array.isArray(base.required) ? (base.required as string[]) : []);
  const hr = new Set(Array.isArray(head.required) ? (head.required as string[]) : []);
  for (const [name, node] of Object.entries(bp)) {
    if (hidden(deref(ctx.base, node, '').schema, side)) continue;
    if (!(name in hp)) {
      emit(
        ctx,
        request ? 'request-field-removed' : 'response-field-removed',
        true,
        join(pointer, 'properties', name),
        `${side} field \`${name}\` removed`,
        { side, location: join(b.at, 'properties', name) },
      );
    }
  }
  for (const [name, node] of Object.entries(hp)) {
    const p = join(pointer, 'properties', name);
    if (hidden(deref(ctx.head, node, '').schema, side)) continue;
    if (!(name in bp)) {
      if (request && hr.has(name))
        emit(ctx, 'required-field-added', true, p, `new required request field \`${name}\``, at('properties', name));
      else emit(ctx, 'field-added', false, p, `new ${side} field \`${name}\``, at('properties', name));
      continue;
    }
    if (request && hr.has(name) && !br.has(name))
      emit(ctx, 'field-became-required', true, p, `request field \`${name}\` became required`, at('required'));
    if (!request && br.has(name) && !hr.has(name))
      emit(
        ctx,
        'response-field-became-optional',
        true,
        p,
        `response field \`${name}\` is no longer required (may be absent)`,
        at('required'),
      );
    compareSchema(ctx, bp[name], node, p, join(b.at, 'properties', name), join(h.at, 'properties', name), side, seen);
  }

  // Nested schemas.
  for (const k of ['items', 'additionalProperties', 'not'] as const) {
    if (isObject(base[k]) && isObject(head[k]))
      compareSchema(ctx, base[k], head[k], join(pointer, k), join(b.at, k), join(h.at, k), side, seen);
  }
  if (base.additionalProperties !== false && head.additionalProperties === false && request)
    emit(ctx, 'type-narrowed', true, join(pointer, 'additionalProperties'), 'request object closed to extra fields', {
      ...at('additionalProperties'),
      before: base.additionalProperties ?? true,
      after: false,
    });
  for (const k of ['oneOf', 'anyOf', 'prefixItems'] as const) {
    const bl = Array.isArray(base[k]) ? (base[k] as unknown[]) : [];
    const hl = Array.isArray(head[k]) ? (head[k] as unknown[]) : [];
    for (let i = 0; i < Math.max(bl.length, hl.length); i++) {
      const p = join(pointer, k, i);
      if (i >= hl.length)
        emit(ctx, 'type-narrowed', request, p, `${side} ${k} alternative ${i} removed`, {
          side,
          location: join(b.at, k, i),
        });
      else if (i >= bl.length) emit(ctx, 'type-widened', !request, p, `${side} ${k} alternative ${i} added`, at(k, i));
      else compareSchema(ctx, bl[i], hl[i], p, join(b.at, k, i), join(h.at, k, i), side, seen);
    }
  }
}
