/**
 * The contract as the panel reads it (`/openapi.json`): its operations, each status's response schema,
 * a starting body for it, and the schema's errors for a body as it is typed. An interpreter of the
 * keywords the contract uses, not a compiler: the page's CSP forbids the `new Function` a compiler needs.
 * The mock checks the saved override itself; this is what the panel shows before that.
 */
export type Schema = { [key: string]: unknown };
export interface Doc {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

export interface StatusChoice {
  /** The status sent (`5XX` and `default` offer concrete ones). */
  status: number;
  /** The JSON schema of its body; `undefined` when it has none. */
  schema: Schema | undefined;
  /** Not JSON (an event stream): the mock refuses to override it. */
  other: boolean;
  example: unknown;
  description: string;
}

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  statuses: StatusChoice[];
}

export interface Issue {
  /** A JSON pointer into the body (`''`: the body itself). */
  pointer: string;
  keyword: string;
  message: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows `$ref`s (`#/components/...`) until a schema without one. */
export function resolve(doc: Doc, node: unknown): Schema {
  let at = node;
  for (let hops = 0; isObject(at) && typeof at.$ref === 'string' && hops < 32; hops++) {
    let next: unknown = doc;
    for (const part of at.$ref.replace(/^#\//, '').split('/'))
      next = isObject(next) ? next[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    at = next;
  }
  return isObject(at) ? at : {};
}

function statusesOf(code: string): number[] {
  if (/^\d{3}$/.test(code)) return [Number(code)];
  if (/^[1-5]XX$/.test(code)) return code === '5XX' ? [500, 502, 503] : [Number(code[0]) * 100];
  return code === 'default' ? [500] : [];
}

/** Every operation of the contract, by operationId, with the statuses it declares. */
export function operationsOf(doc: Doc): OperationInfo[] {
  const out: OperationInfo[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      const statuses: StatusChoice[] = [];
      const seen = new Set<number>();
      for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        const response = resolve(doc, raw);
        const content = isObject(response.content) ? response.content : {};
        const json = isObject(content['application/json']) ? content['application/json'] : undefined;
        for (const status of statusesOf(code)) {
          if (seen.has(status)) continue;
          seen.add(status);
          statuses.push({
            status,
            schema: json?.schema === undefined ? undefined : resolve(doc, json.schema),
            other: !json && Object.keys(content).length > 0,
            example: json?.example,
            description: typeof response.description === 'string' ? response.description : '',
          });
        }
      }
      statuses.sort((a, b) => a.status - b.status);
      out.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: typeof op.summary === 'string' ? op.summary : '',
        statuses,
      });
    }
  }
  return out.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const FORMATS: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i,
  date: /^\d{4}-\d\d-\d\d$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S*$/i,
};

/** The schema's errors for `value` (the first few per branch; `oneOf` names the closest branch's). */
export function validate(doc: Doc, node: unknown, value: unknown, pointer = ''): Issue[] {
  const schema = resolve(doc, node);
  const issues: Issue[] = [];
  const fail = (keyword: string, message: string, at = pointer) => issues.push({ pointer: at, keyword, message });
  const types = typesOf(schema);
  const actual = typeOf(value);
  if (types.length > 0 && !types.some((t) => t === actual || (t === 'number' && actual === 'integer'))) {
    fail('type', `must be ${types.join(' or ')}`);
    return issues;
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value))
    fail('const', `must be ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => JSON.stringify(v) === JSON.stringify(value)))
    fail('enum', `must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      fail('minLength', `must have at least ${schema.minLength} characters`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      fail('maxLength', `must have at most ${schema.maxLength} characters`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      fail('pattern', `must match ${schema.pattern}`);
    const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
    if (format && !format.test(value)) fail('format', `must be a ${schema.format}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) fail('minimum', `must be ≥ ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) fail('maximum', `must be ≤ ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      fail('minItems', `must have at least ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      fail('maxItems', `must have at most ${schema.maxItems} items`);
    if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length)
      fail('uniqueItems', 'must not repeat an item');
    if (schema.items !== undefined)
      value.forEach((item, i) => {
        issues.push(...validate(doc, schema.items, item, `${pointer}/${i}`));
      });
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : [])
      if (!(name in value)) fail('required', `must have ${name}`);
    if (typeof schema.minProperties === 'number' && Object.keys(value).length < schema.minProperties)
      fail('minProperties', `must have at least ${schema.minProperties} properties`);
    for (const [name, item] of Object.entries(value)) {
      const at = `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (name in properties) issues.push(...validate(doc, properties[name], item, at));
      else if (schema.additionalProperties === false) fail('additionalProperties', `${name} is not allowed`, at);
      else if (isObject(schema.additionalProperties))
        issues.push(...validate(doc, schema.additionalProperties, item, at));
    }
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) issues.push(...validate(doc, part, value, pointer));
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const results = branches.map((branch) => validate(doc, branch, value, pointer));
    const passing = results.filter((r) => r.length === 0).length;
    if (keyword === 'oneOf' && passing > 1) fail('oneOf', 'matches more than one of the alternatives');
    if (passing === 0) {
      const closest = [...results].sort((a, b) => a.length - b.length)[0] ?? [];
      issues.push(...(closest.length > 0 ? closest : [{ pointer, keyword, message: 'matches no alternative' }]));
    }
  }
  return issues;
}

const SAMPLE_FORMATS: Record<string, string> = {
  'date-time': '2026-01-01T12:00:00Z',
  date: '2026-01-01',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  'uri-reference': '/',
};

/** A body to start from: the contract's example, else one built from the schema (required fields only). */
export function sample(doc: Doc, node: unknown, depth = 0): unknown {
  const schema = resolve(doc, node);
  if ('const' in schema) return schema.const;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const first = [schema.oneOf, schema.anyOf, schema.allOf].find(Array.isArray)?.[0];
  if (first !== undefined && typesOf(schema).length === 0) return sample(doc, first, depth + 1);
  const type = typesOf(schema).find((t) => t !== 'null') ?? (isObject(schema.properties) ? 'object' : 'null');
  if (depth > 12) return null;
  switch (type) {
    case 'string': {
      const made = (typeof schema.format === 'string' && SAMPLE_FORMATS[schema.format]) || 'text';
      return typeof schema.minLength === 'number' && made.length < schema.minLength
        ? made.padEnd(schema.minLength, 'x')
        : made;
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: typeof schema.minItems === 'number' ? schema.minItems : 0 }, () =>
        sample(doc, schema.items, depth + 1),
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : [])
        out[name] = sample(doc, properties[name], depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** The value at a JSON pointer's parent and the last key: what a form field writes. */
export function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    if (value === undefined && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = isObject(root) ? { ...root } : {};
  if (value === undefined && rest.length === 0) delete copy[head];
  else copy[head] = setAt(copy[head], rest, value);
  return copy;
}

export const pointerOf = (path: (string | number)[]) =>
  path.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
