/** The contract's helpers without Node built-ins (no file reading), for code that also runs in a browser. */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type JsonSchema = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, MediaTypeObject> } | { $ref: string };
  responses: Record<string, ResponseObject | { $ref: string }>;
  'x-proposed'?: boolean;
}

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  security?: Record<string, string[]>[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>> & { parameters?: ParameterObject[] }>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    headers?: Record<string, unknown>;
    securitySchemes?: Record<string, unknown>;
  };
}

/** One operation with its $refs to parameters, bodies and responses resolved. */
export interface Operation {
  operationId: string;
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  proposed: boolean;
  /** True when the operation needs a bearer token. */
  secured: boolean;
  parameters: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
}

/** Follows a local `#/...` reference inside the document. */
export function resolveRef<T>(doc: OpenApiDocument, value: T | { $ref: string }): T {
  let current: unknown = value;
  for (let depth = 0; isRef(current); depth++) {
    if (depth > 20) throw new Error(`$ref cycle at ${current.$ref}`);
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[decodePointer(key)], doc);
    if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return current as T;
}

function isRef(value: unknown): value is { $ref: string } {
  return typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string';
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Every operation of the contract, in document order. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p));
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const own = (op.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p));
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const body = op.requestBody ? resolveRef(doc, op.requestBody) : undefined;
      const responses: Record<string, ResponseObject> = {};
      for (const [status, response] of Object.entries(op.responses)) {
        responses[status] = resolveRef<ResponseObject>(doc, response);
      }
      const security = op.security ?? doc.security ?? [];
      out.push({
        operationId: op.operationId,
        method,
        path,
        summary: op.summary ?? '',
        tags: op.tags ?? [],
        proposed: op['x-proposed'] === true,
        secured: security.some((req) => Object.keys(req).length > 0),
        parameters,
        ...(body ? { requestBody: { required: body.required ?? false, content: body.content } } : {}),
        responses,
      });
    }
  }
  return out;
}

const SCHEMA_URN = 'urn:cohort:schema:';

/** The URI under which a component schema is registered in the Ajv instance. */
export function schemaRef(name: string): string {
  return `${SCHEMA_URN}${name}`;
}

/** Rewrites `#/components/schemas/X` refs so a schema fragment can be compiled on its own. */
export function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      out[key] = schemaRef(value.slice('#/components/schemas/'.length));
    } else {
      out[key] = toJsonSchema(value);
    }
  }
  return out;
}

export interface AjvOptions {
  /** Fill in `default`s (request validation in the mock). Off for response checks. */
  useDefaults?: boolean;
  /** Turn query strings into the schema's types (request validation). */
  coerceTypes?: boolean | 'array';
  /** Each error carries the schema objects it came from (`parentSchema`, `schema`): the mock tells a `oneOf`'s branches apart by them. */
  verbose?: boolean;
  /**
   * Compile fast rather than run fast (the conformance checker, which compiles a hundred fragments
   * once each in a run): each component is compiled once and called, not inlined into every schema
   * that refers to it, and Ajv's code optimisation pass is skipped. Same verdicts and errors.
   */
  compileFast?: boolean;
}

/**
 * An Ajv (JSON Schema 2020-12, as OpenAPI 3.1) in strict mode with formats, which knows every
 * component schema of the contract. Compile fragments with `compileFragment`.
 */
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const ZERO = 48;
/** The value of the ASCII digit at `at`, or NaN. */
const digit = (text: string, at: number) => {
  const value = text.charCodeAt(at) - ZERO;
  return value >= 0 && value <= 9 ? value : Number.NaN;
};

/**
 * `format: date` (RFC 3339 full-date) exactly as ajv-formats' full mode decides it (`YYYY-MM-DD`,
 * a month 1–12, a day that month has, 29 February in a leap year), read digit by digit: its
 * regular expression made a match array and three strings for every date a request sent.
 */
export function isFullDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  const month = digit(text, 5) * 10 + digit(text, 6);
  const day = digit(text, 8) * 10 + digit(text, 9);
  if (Number.isNaN(year) || !(month >= 1 && month <= 12) || !(day >= 1)) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month] as number));
}

/** Dates compare as strings (what ajv-formats' `date` does for `formatMinimum`). */
function compareDates(a: string, b: string): number | undefined {
  if (!(a && b)) return undefined;
  return a > b ? 1 : a < b ? -1 : 0;
}

export function createContractAjv(doc: OpenApiDocument, options: AjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    useDefaults: options.useDefaults ?? false,
    coerceTypes: options.coerceTypes ?? false,
    verbose: options.verbose ?? false,
    ...(options.compileFast ? { inlineRefs: false, code: { optimize: false } } : {}),
  });
  addFormats.default(ajv);
  ajv.addFormat('date', { type: 'string', validate: isFullDate, compare: compareDates });
  // OpenAPI's own schema keywords, which JSON Schema does not define.
  ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
  ajv.addKeyword({ keyword: 'x-proposed' });
  // Cohort's annotation of a field whose value reaches the client outside the API (a mailed token).
  ajv.addKeyword({ keyword: 'x-out-of-band' });
  // Cohort's annotation of a response field shown only to its owner and whom they allow (contact details).
  ajv.addKeyword({ keyword: 'x-private' });
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    ajv.addSchema({ ...(toJsonSchema(schema) as object), $id: schemaRef(name) });
  }
  return ajv;
}

export function compileFragment(ajv: Ajv2020, schema: unknown): ValidateFunction {
  return ajv.compile(toJsonSchema(schema) as object);
}

export interface SchemaIssue {
  /** JSON pointer into the validated value, `''` for the value itself. */
  pointer: string;
  message: string;
  keyword: string;
  params: Record<string, unknown>;
}

export function describeErrors(errors: ErrorObject[] | null | undefined): SchemaIssue[] {
  return (errors ?? []).map((e) => {
    let pointer = e.instancePath;
    if (e.keyword === 'required') pointer += `/${String(e.params.missingProperty)}`;
    if (e.keyword === 'additionalProperties') pointer += `/${String(e.params.additionalProperty)}`;
    return { pointer, message: e.message ?? e.keyword, keyword: e.keyword, params: e.params };
  });
}

export type { ErrorObject, ValidateFunction };
