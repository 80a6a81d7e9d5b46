import { HTTP_METHODS, type HttpMethod, type OpenApiDocument, resolveRef } from '@cohort/openapi';
import type { DiffChange, DiffRule, Side } from './types.ts';

type Node = Record<string, unknown>;

interface OperationRef {
  operationId: string;
  method: HttpMethod;
  path: string;
}

interface Ctx {
  base: OpenApiDocument;
  head: OpenApiDocument;
  op: OperationRef;
  out: DiffChange[];
}

/** A schema and where it is written (after following `$ref`s). */
interface Located {
  schema: Node;
  at: string;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function join(pointer: string, ...segments: (string | number)[]): string {
  return pointer + segments.map((s) => `/${escapePointer(String(s))}`).join('');
}

function isObject(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deref(doc: OpenApiDocument, node: unknown, at: string): Located {
  let current: unknown = node;
  let where = at;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string'; depth++) {
    if (depth > 20) throw new Error(`$ref cycle at ${current.$ref}`);
    const ref = current.$ref;
    current = resolveRef(doc, { $ref: ref });
    where = ref.startsWith('#') ? ref.slice(1) : ref;
  }
  return { schema: isObject(current) ? current : {}, at: where };
}

/** `allOf` members folded into one schema: properties and `required` merged, other keywords first one wins. */
function flatten(doc: OpenApiDocument, located: Located, depth = 0): Located {
  const { schema } = located;
  if (!Array.isArray(schema.allOf) || depth > 10) return located;
  const merged: Node = { ...schema };
  delete merged.allOf;
  const properties: Node = { ...(isObject(schema.properties) ? schema.properties : {}) };
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  schema.allOf.forEach((member, i) => {
    const part = flatten(doc, deref(doc, member, join(located.at, 'allOf', i)), depth + 1).schema;
    if (isObject(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) for (const name of part.required as string[]) required.add(name);
    for (const [key, value] of Object.entries(part)) {
      if (key !== 'properties' && key !== 'required' && !(key in merged)) merged[key] = value;
    }
  });
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return { schema: merged, at: located.at };
}

function emit(
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

function typesOf(schema: Node): Set<string> | undefined {
  const t = schema.type;
  if (t === undefined) return undefined;
  const set = new Set<string>(Array.isArray(t) ? (t as string[]) : [String(t)]);
  if (schema.nullable === true) set.add('null');
  return set;
}

/** Does `wide` accept every value `narrow` accepts? (undefined = any type) */
function covers(wide: Set<string> | undefined, narrow: Set<string> | undefined): boolean {
  if (wide === undefined) return true;
  if (narrow === undefined) return false;
  for (const t of narrow) if (!wide.has(t) && !(t === 'integer' && wide.has('number'))) return false;
  return true;
}

function enumOf(schema: Node): string[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v));
  if ('const' in schema) return [JSON.stringify(schema.const)];
  return undefined;
}

const UPPER = ['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum'] as const;
const LOWER = ['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum'] as const;

function numberOf(schema: Node, key: string): number | undefined {
  const v = schema[key];
  return typeof v === 'number' ? v : undefined;
}

/** Hidden on this side: readOnly fields are never sent, writeOnly ones never received. */
function hidden(schema: Node, side: Side): boolean {
  return side === 'request' ? schema.readOnly === true : schema.writeOnly === true;
}

function compareSchema(
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

  // Limits: only a request is refused by a tighter one.
  for (const [keys, tighter] of [
    [UPPER, (o: number, n: number) => n < o],
    [LOWER, (o: number, n: number) => n > o],
  ] as const) {
    for (const k of keys) {
      const o = numberOf(base, k);
      const n = numberOf(head, k);
      if (o === n) continue;
      const tightened = n !== undefined && (o === undefined || tighter(o, n));
      emit(
        ctx,
        tightened ? 'limit-tightened' : 'limit-loosened',
        tightened && request,
        join(pointer, k),
        `${side} ${k} ${o ?? 'none'} → ${n ?? 'none'}`,
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

interface LocatedParameter {
  parameter: Node;
  pointer: string;
}

function parametersOf(
  doc: OpenApiDocument,
  path: string,
  item: Node,
  method: HttpMethod,
): Map<string, LocatedParameter> {
  const out = new Map<string, LocatedParameter>();
  const add = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((p, i) => {
      const parameter = resolveRef<Node>(doc, p as Node);
      const where = String(parameter.in);
      const name = where === 'header' ? String(parameter.name).toLowerCase() : String(parameter.name);
      out.set(`${where}:${name}`, { parameter, pointer: join(pointer, 'parameters', i) });
    });
  };
  add(item.parameters, join('/paths', path));
  add((item[method] as Node).parameters, join('/paths', path, method));
  return out;
}

function securityOf(doc: OpenApiDocument, op: Node): string[] {
  const list = (Array.isArray(op.security) ? op.security : (doc.security ?? [])) as Record<string, string[]>[];
  return list.map((req) =>
    JSON.stringify(
      Object.keys(req)
        .sort()
        .map((k) => [k, [...(req[k] ?? [])].sort()]),
    ),
  );
}

function compareContent(ctx: Ctx, base: unknown, head: unknown, pointer: string, side: Side): void {
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

function compareOperation(ctx: Ctx, bItem: Node, hItem: Node): void {
  const { path, method } = ctx.op;
  const opPointer = join('/paths', path, method);
  const bo = bItem[method] as Node;
  const ho = hItem[method] as Node;

  // Parameters.
  const bps = parametersOf(ctx.base, path, bItem, method);
  const hps = parametersOf(ctx.head, path, hItem, method);
  for (const [key, { pointer }] of bps) {
    if (!hps.has(key)) emit(ctx, 'parameter-removed', true, pointer, `parameter ${key} removed`, { side: 'request' });
  }
  for (const [key, { parameter, pointer }] of hps) {
    const old = bps.get(key);
    if (!old) {
      if (parameter.required === true)
        emit(ctx, 'required-parameter-added', true, pointer, `new required parameter ${key}`, { side: 'request' });
      else emit(ctx, 'parameter-added', false, pointer, `new optional parameter ${key}`, { side: 'request' });
      continue;
    }
    if (parameter.required === true && old.parameter.required !== true)
      emit(ctx, 'parameter-became-required', true, join(pointer, 'required'), `parameter ${key} became required`, {
        side: 'request',
      });
    if (old.parameter.schema !== undefined && parameter.schema !== undefined)
      compareSchema(
        ctx,
        old.parameter.schema,
        parameter.schema,
        join(pointer, 'schema'),
        join(old.pointer, 'schema'),
        join(pointer, 'schema'),
        'request',
        new Set(),
      );
  }

  // Request body.
  const bb = bo.requestBody ? resolveRef<Node>(ctx.base, bo.requestBody as Node) : undefined;
  const hb = ho.requestBody ? resolveRef<Node>(ctx.head, ho.requestBody as Node) : undefined;
  const bodyPointer = join(opPointer, 'requestBody');
  if (hb?.required === true && bb?.required !== true)
    emit(ctx, 'request-body-became-required', true, join(bodyPointer, 'required'), 'request body became required', {
      side: 'request',
    });
  if (bb || hb) compareContent(ctx, bb?.content, hb?.content, join(bodyPointer, 'content'), 'request');

  // Responses.
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

  // Security: each alternative (requirement object) a client may have used must still be accepted.
  // A client is refused when its alternative is gone, unless the head accepts anonymous calls (`{}`).
  const bs = securityOf(ctx.base, bo);
  const hs = securityOf(ctx.head, ho);
  const open = (list: string[]) => list.length === 0 || list.includes('[]');
  const names = (list: string[]) =>
    list.map(
      (s) => (JSON.parse(s) as [string, string[]][]).map(([k, v]) => (v.length ? `${k}[${v}]` : k)).join('+') || '{}',
    );
  if (JSON.stringify([...bs].sort()) !== JSON.stringify([...hs].sort())) {
    const pointer = join(opPointer, 'security');
    const before = bs.map((s) => Object.fromEntries(JSON.parse(s)));
    const after = hs.map((s) => Object.fromEntries(JSON.parse(s)));
    const gone = bs.filter((s) => !hs.includes(s));
    const goneText = gone.length > 0 ? ` (${names(gone).join(', ')} no longer listed)` : '';
    if (open(hs) && !open(bs))
      emit(
        ctx,
        'security-removed',
        false,
        pointer,
        `security relaxed: calls without credentials are accepted${goneText}`,
        {
          before,
          after,
        },
      );
    else if (open(bs) && !open(hs))
      emit(ctx, 'security-changed', true, pointer, 'security added: the operation now needs credentials', {
        before,
        after,
      });
    else if (gone.length > 0 && !open(hs))
      emit(ctx, 'security-changed', true, pointer, `security changed: ${names(gone).join(', ')} no longer accepted`, {
        before,
        after,
      });
    else emit(ctx, 'security-changed', false, pointer, 'security alternative added', { before, after });
  }
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
