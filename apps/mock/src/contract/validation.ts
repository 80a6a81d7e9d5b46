import {
  compileFragment,
  createContractAjv,
  describeErrors,
  type ErrorObject,
  type OpenApiDocument,
  type Operation,
  resolveRef,
  type ValidateFunction,
} from '@cohort/openapi/schema';
import type { FieldErrors } from '../lib/http-error.ts';

export interface ValidInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The operation's declared header parameters that were sent, under the contract's names. */
  headers: Record<string, unknown>;
  body: unknown;
}

export type RequestValidator = (raw: {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** Request headers, lower-case names (as node:http and the engine give them); absent: none declared are read. */
  headers?: Record<string, string | string[] | undefined>;
  body: unknown;
}) => { ok: true; input: ValidInput } | { ok: false; errors: FieldErrors };

interface Compiled {
  params?: ValidateFunction;
  query?: ValidateFunction;
  headers?: ValidateFunction;
  body?: ValidateFunction;
  bodyRequired: boolean;
}

/** Query parameters whose schema is an array (`?club=A&club=B`); a single value is a one-item array. */
function arrayQueryNames(doc: OpenApiDocument, parameters: Operation['parameters']): Set<string> {
  return new Set(
    parameters
      .filter((p) => p.in === 'query' && p.schema && resolveRef<{ type?: unknown }>(doc, p.schema).type === 'array')
      .map((p) => p.name),
  );
}

function objectSchema(parameters: Operation['parameters'], location: 'path' | 'query' | 'header') {
  const own = parameters.filter((p) => p.in === location);
  if (own.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [p.name, p.schema ?? {}])),
    required: own.filter((p) => p.required || location === 'path').map((p) => p.name),
    // Unknown query strings and headers are ignored (cache busters, tracking, proxies); unknown path params cannot occur.
  };
}

/** Whether Ajv's `useDefaults` could write into a value of this schema (a `default` anywhere, refs followed). */
function hasDefaults(doc: OpenApiDocument, schema: unknown, seen = new Set<unknown>()): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  const node = schema as Record<string, unknown>;
  if ('default' in node) return true;
  if (typeof node.$ref === 'string' && hasDefaults(doc, resolveRef(doc, node), seen)) return true;
  return Object.values(node).some((child) => hasDefaults(doc, child, seen));
}

/** A plain decimal integer: no sign but `-`, no leading zeros, no `0x`, `1.0`, `1e1` or spaces. */
const INTEGER = /^-?(0|[1-9][0-9]*)$/;
/** A plain decimal number: an integer with an optional fraction. */
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

type Coerce = (value: unknown) => unknown;

/**
 * How a path or query string becomes its parameter's type, stricter than Ajv's `coerceTypes`
 * (which reads `0x10` as 16, `1.0` as 1 and `1e400` as Infinity): only plain decimals become
 * numbers and only `true`/`false` booleans. Anything else stays a string, which Ajv then rejects
 * with the parameter named. `undefined` when the parameter is read as the string it is.
 */
function coercer(doc: OpenApiDocument, schema: unknown): Coerce | undefined {
  const node = resolveRef<{ type?: unknown; items?: unknown }>(doc, (schema ?? {}) as object);
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('array')) {
    const item = coercer(doc, node.items);
    return item && ((value) => (Array.isArray(value) ? value.map(item) : value));
  }
  const integer = types.includes('integer');
  const number = types.includes('number');
  const boolean = types.includes('boolean');
  if (!integer && !number && !boolean) return undefined;
  return (value) => {
    if (typeof value !== 'string') return value;
    if ((integer && INTEGER.test(value)) || (number && NUMBER.test(value))) return Number(value);
    if (boolean && (value === 'true' || value === 'false')) return value === 'true';
    return value;
  };
}

/** The coercers of one location's parameters that have one. */
function coercers(doc: OpenApiDocument, parameters: Operation['parameters'], location: 'path' | 'query') {
  const out: [string, Coerce][] = [];
  for (const p of parameters) {
    const coerce = p.in === location ? coercer(doc, p.schema) : undefined;
    if (coerce) out.push([p.name, coerce]);
  }
  return out;
}

/** Coerces in place the parameters `values` holds. */
function coerceAll(values: Record<string, unknown>, list: [string, Coerce][]): void {
  for (const [name, coerce] of list) if (values[name] !== undefined) values[name] = coerce(values[name]);
}

/** `/users/2` → `users.2`; the body itself is `body`. */
function fieldName(pointer: string, root: string): string {
  const path = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  return path || root;
}

/**
 * What a contract `pattern` asks for, in words, where Ajv would quote the regular expression
 * (`must match pattern "^\s{0,1999}\S…"`); a pattern not listed keeps Ajv's message.
 */
const PATTERN_WORDS: readonly (readonly [RegExp, string])[] = [
  // "Not all spaces" at any length (a comment, a post's text, a story card): ^\s{0,N}\S[\s\S]{0,N}$.
  [/^\^\\s\{0,\d+\}\\S\[\\s\\S\]\{0,\d+\}\$$/, 'must hold more than spaces'],
  // A URL field that takes a web address or the API's own media path: ^(https?://[^\s]{1,N}|/media/[^\s]{1,N})$.
  [
    /^\^\(https\?:\/\/\[\^\\s\]\{1,\d+\}\|\/media\/\[\^\\s\]\{1,\d+\}\)\$$/,
    'must be an http(s) URL or a path under /media/',
  ],
  // A web address only: ^https?://[^\s]{1,N}$.
  [/^\^https\?:\/\/\[\^\\s\]\{1,\d+\}\$$/, 'must be an http(s) URL'],
];

const patternWords = (pattern: string) => PATTERN_WORDS.find(([shape]) => shape.test(pattern))?.[1];

function message(e: ErrorObject): string {
  switch (e.keyword) {
    case 'pattern':
      return patternWords(String(e.params.pattern)) ?? e.message ?? 'is not valid';
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'type':
      return `must be ${String(e.params.type).replace(',', ' or ')}`;
    case 'oneOf':
    case 'anyOf':
      return 'is not valid';
    default:
      return e.message ?? 'is not valid';
  }
}

/** The request's error record, made on its first error. */
function recordOf(errors: FieldErrors | undefined): FieldErrors {
  // Keyed by field names the client chose (`constructor`, `__proto__`…): no prototype to collide with.
  return errors ?? (Object.create(null) as FieldErrors);
}

type ContractAjv = ReturnType<typeof createContractAjv>;

/** Every schema object reachable from `schema`, `$ref`s followed (Ajv's own objects, as its errors name them). */
function reachable(ajv: ContractAjv, schema: unknown, into = new Set<object>()): Set<object> {
  if (typeof schema !== 'object' || schema === null || into.has(schema)) return into;
  into.add(schema);
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') reachable(ajv, ajv.getSchema(ref)?.schema, into);
  for (const child of Object.values(schema)) reachable(ajv, child, into);
  return into;
}

const branchSchemas = new WeakMap<object, Set<object>>();

/**
 * Of a failed `oneOf` between object shapes, only the errors of the one branch the value has the
 * shape of (nothing missing or unknown at the value itself): a message file sent as a URL is told
 * what is wrong with its URL, not also that it lacks an `id` and that `url` is not allowed.
 */
function shapedBranch(ajv: ContractAjv, errors: ErrorObject[]): ErrorObject[] {
  let kept = errors;
  for (const failed of errors) {
    if (failed.keyword !== 'oneOf' || !Array.isArray(failed.schema)) continue;
    const branches = (failed.schema as object[]).map((branch) => {
      const known = branchSchemas.get(branch);
      if (known) return known;
      const set = reachable(ajv, branch);
      branchSchemas.set(branch, set);
      return set;
    });
    const at = failed.instancePath;
    const inBranch = (e: ErrorObject, b: number) =>
      e !== failed &&
      (e.instancePath === at || e.instancePath.startsWith(`${at}/`)) &&
      branches[b]?.has(e.parentSchema as object);
    const misshapen = (b: number) =>
      kept.some(
        (e) =>
          inBranch(e, b) && e.instancePath === at && (e.keyword === 'required' || e.keyword === 'additionalProperties'),
      );
    const shaped = branches.map((_, b) => b).filter((b) => !misshapen(b));
    if (shaped.length !== 1 || shaped.length === branches.length) continue;
    const keep = shaped[0] as number;
    kept = kept.filter((e) => !branches.some((_, b) => b !== keep && inBranch(e, b)) || inBranch(e, keep));
  }
  return kept;
}

/** Adds Ajv's errors under `root` to `into` (made when none yet) and returns it. */
function collect(
  found: ErrorObject[] | null | undefined,
  root: string,
  into: FieldErrors | undefined,
  ajv?: ContractAjv,
): FieldErrors {
  const out = recordOf(into);
  const errors = ajv && found ? shapedBranch(ajv, found) : found;
  const issues = describeErrors(errors);
  (errors ?? []).forEach((e, i) => {
    const issue = issues[i];
    if (!issue) return;
    // oneOf(null | X) also reports each branch; the branch errors say more than "is not valid".
    if ((e.keyword === 'oneOf' || e.keyword === 'anyOf') && (errors ?? []).length > 1) return;
    const field = fieldName(issue.pointer, root);
    const list = out[field] ?? [];
    const text = message(e);
    if (!list.includes(text)) list.push(text);
    out[field] = list;
  });
  return out;
}

/**
 * How many levels of objects and arrays a request body may nest. The contract's deepest body is a
 * few levels; a client could send thousands, and a recursive walk (`structuredClone`, a deep
 * equality in Ajv, `JSON.stringify` of what was stored) would then overflow the stack.
 */
export const MAX_BODY_DEPTH = 32;

/**
 * Whether `value` nests objects or arrays more than `limit` levels deep. Recursive, but it never
 * goes more than one level past `limit`, so any depth is safe to ask about; it allocates nothing.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  return deeperThan(value, limit, 1);
}

function deeperThan(value: unknown, limit: number, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > limit) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (deeperThan(item, limit, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && deeperThan((value as Record<string, unknown>)[key], limit, depth + 1)) return true;
  }
  return false;
}

/**
 * A validator per operationId. Each operation's path, query and body schemas are compiled once, on
 * its first request (compiling all of them took a sixth of the mock's start-up).
 */
export function compileValidators(doc: OpenApiDocument, operations: Operation[]): Map<string, RequestValidator> {
  let ajv: ReturnType<typeof createContractAjv> | undefined;
  const out = new Map<string, RequestValidator>();
  for (const op of operations) {
    let validator: RequestValidator | undefined;
    out.set(op.operationId, (raw) => {
      // No type coercion anywhere: bodies are JSON, and path and query strings go through `coercer`.
      ajv ??= createContractAjv(doc, { useDefaults: true, coerceTypes: false, verbose: true });
      validator ??= compileOperation(doc, ajv, op);
      return validator(raw);
    });
  }
  return out;
}

function compileOperation(
  doc: OpenApiDocument,
  ajv: ReturnType<typeof createContractAjv>,
  op: Operation,
): RequestValidator {
  const params = objectSchema(op.parameters, 'path');
  const query = objectSchema(op.parameters, 'query');
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const arrays = arrayQueryNames(doc, op.parameters);
  const headerSchema = objectSchema(op.parameters, 'header');
  // Header names are case-blind: each declared one is read by its lower-case name, kept under the contract's.
  const headerNames = op.parameters
    .filter((p) => p.in === 'header')
    .map((p): [string, string] => [p.name, p.name.toLowerCase()]);
  const pathCoercers = coercers(doc, op.parameters, 'path');
  const queryCoercers = coercers(doc, op.parameters, 'query');
  // Without defaults Ajv (no type coercion for bodies) leaves the body as it is: no copy needed.
  const copyBody = bodySchema !== undefined && hasDefaults(doc, bodySchema);
  const compiled: Compiled = {
    ...(params ? { params: compileFragment(ajv, params) } : {}),
    ...(query ? { query: compileFragment(ajv, query) } : {}),
    ...(headerSchema ? { headers: compileFragment(ajv, headerSchema) } : {}),
    ...(bodySchema ? { body: compileFragment(ajv, bodySchema) } : {}),
    bodyRequired: op.requestBody?.required ?? false,
  };
  const noHeaders: Record<string, unknown> = Object.freeze(Object.create(null));
  // What an operation without path or query parameters is given: nothing to copy, check or coerce.
  const noParams: Record<string, unknown> = Object.freeze({});
  const noQuery: Record<string, unknown> = Object.freeze(Object.create(null));
  // Runs on every request: no spread, no entries arrays, no closure, the error record made only on a failure.
  return (raw) => {
    let errors: FieldErrors | undefined;
    // Ajv coerces and fills defaults in place: work on copies (the router's names, its own strings).
    let params = noParams;
    if (compiled.params) {
      params = {};
      for (const key in raw.params) params[key] = raw.params[key];
      coerceAll(params, pathCoercers);
      if (!compiled.params(params)) errors = collect(compiled.params.errors, 'path', errors);
    }
    // Query strings the operation does not declare are ignored (cache busters, tracking).
    let query = noQuery;
    if (compiled.query) {
      query = Object.create(null);
      for (const key in raw.query) {
        const value = raw.query[key];
        if (arrays.has(key)) query[key] = Array.isArray(value) ? value : [value];
        // A repeated scalar query parameter (?limit=1&limit=2) is ambiguous: take the last one.
        else query[key] = Array.isArray(value) ? value.at(-1) : value;
      }
      coerceAll(query, queryCoercers);
      if (!compiled.query(query)) errors = collect(compiled.query.errors, 'query', errors);
    }
    let headers = noHeaders;
    if (headerNames.length > 0) {
      headers = Object.create(null);
      for (const [name, lower] of headerNames) {
        const value = raw.headers?.[lower];
        // A header sent twice arrives as a list (or joined by node:http): the last one counts.
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.at(-1) : value;
      }
      if (compiled.headers && !compiled.headers(headers)) errors = collect(compiled.headers.errors, 'header', errors);
    }
    let body = raw.body;
    if (compiled.body) {
      if (body === undefined) {
        if (compiled.bodyRequired) {
          errors = recordOf(errors);
          errors.body = ['is required'];
        }
      } else if (nestedDeeperThan(body, MAX_BODY_DEPTH)) {
        errors = recordOf(errors);
        errors.body = ['is nested too deeply'];
      } else {
        if (copyBody) body = structuredClone(body);
        if (!compiled.body(body)) errors = collect(compiled.body.errors, 'body', errors, ajv);
      }
    }
    if (errors !== undefined) return { ok: false, errors };
    return { ok: true, input: { params, query, headers, body } };
  };
}
