import {
  compileFragment,
  createContractAjv,
  type JsonSchema,
  type OpenApiDocument,
  type ValidateFunction,
} from '@cohort/openapi';

export type Direction = 'request' | 'response';

/**
 * Rewrites a schema for one direction of traffic so annotations do not cause false positives:
 * a required `readOnly` property need not be sent, a required `writeOnly` one is never returned,
 * and OpenAPI 3.0's `nullable: true` becomes a `'null'` type (strict Ajv would reject the keyword).
 */
export function adaptSchema(node: unknown, direction: Direction): unknown {
  if (Array.isArray(node)) return node.map((n) => adaptSchema(n, direction));
  if (typeof node !== 'object' || node === null) return node;
  const src = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(src)) {
    if (key === 'nullable') continue;
    // `example`/`examples` hold data, not schemas: keep them as they are.
    out[key] = key === 'example' || key === 'examples' || key === 'enum' ? value : adaptSchema(value, direction);
  }
  if (src.nullable === true) {
    if (typeof src.type === 'string') out.type = [src.type, 'null'];
    else if (Array.isArray(src.type) && !src.type.includes('null')) out.type = [...src.type, 'null'];
    if (Array.isArray(src.enum) && !src.enum.includes(null)) out.enum = [...src.enum, null];
  }
  const properties = src.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties && Array.isArray(src.required)) {
    const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
    out.required = (src.required as string[]).filter((name) => properties[name]?.[hidden] !== true);
  }
  return out;
}

export function adaptDocument(doc: OpenApiDocument, direction: Direction): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(doc.components.schemas ?? {})) {
    schemas[name] = adaptSchema(schema, direction) as JsonSchema;
  }
  return { ...doc, components: { ...doc.components, schemas } };
}

/**
 * Compiles schemas once per direction and caches them by a caller-chosen key, and by content: most
 * operations share a few schemas (the error envelope, `{ data: Note }`), and compiling is the
 * checker's largest cost, so one schema is compiled once however many keys name it.
 */
export class SchemaBook {
  readonly ajv: ReturnType<typeof createContractAjv>;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly byContent = new Map<string, ValidateFunction>();

  constructor(
    readonly doc: OpenApiDocument,
    readonly direction: Direction,
  ) {
    this.ajv = createContractAjv(adaptDocument(doc, direction), { compileFast: true });
  }

  validator(key: string, schema: unknown): ValidateFunction {
    let fn = this.cache.get(key);
    if (!fn) {
      const adapted = adaptSchema(schema, this.direction);
      const content = JSON.stringify(adapted) ?? 'undefined';
      fn = this.byContent.get(content);
      if (!fn) {
        fn = compileFragment(this.ajv, adapted);
        this.byContent.set(content, fn);
      }
      this.cache.set(key, fn);
    }
    return fn;
  }

  /** Follows a `#/components/schemas/X` ref (one level at a time) for generators and mutators. */
  deref(schema: unknown): Record<string, unknown> {
    let current = schema as Record<string, unknown>;
    for (let depth = 0; typeof current?.$ref === 'string' && depth < 20; depth++) {
      const ref = current.$ref as string;
      const name = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
      const target = name !== undefined ? this.doc.components.schemas[name] : undefined;
      if (!target) break;
      const { $ref: _ignored, ...rest } = current;
      current = { ...(adaptSchema(target, this.direction) as Record<string, unknown>), ...rest };
    }
    return current ?? {};
  }
}

/** The value at a JSON pointer, or undefined. */
export function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let current: unknown = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
