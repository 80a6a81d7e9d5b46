import { type OpenApiDocument, resolveRef } from '@cohort/openapi/schema';

// The pieces a collection's row schema is written with. A record that is a contract type (User,
// Note, Message, ...) must have every field the contract requires, each of the contract's JSON type
// (read from openapi.yaml, one level deep, so a `--data` file follows the contract); the store's own
// fields are listed beside it. Records stay open: a field not named is never a reason to refuse a file.

export type Schema = Record<string, unknown>;
export const str = { type: 'string' } as const;
export const int = { type: 'integer' } as const;
export const bool = { type: 'boolean' } as const;
export const nullable = (type: string) => ({ type: [type, 'null'] });
export const strings = { type: 'array', items: str } as const;
export const list = (item: Schema) => ({ type: 'array', items: item });
export const map = (value: Schema) => ({ type: 'object', additionalProperties: value });
/** An object with these fields required (`optional` ones are only type-checked when present). */
export const record = (required: Record<string, Schema>, optional: Record<string, Schema> = {}) => ({
  type: 'object',
  required: Object.keys(required),
  properties: { ...optional, ...required },
});

/** The JSON `type` of a contract property, following `$ref`s and `oneOf`/`anyOf` unions; undefined when it has none. */
function jsonType(doc: OpenApiDocument, node: unknown, depth = 0): string[] | undefined {
  if (depth > 10 || typeof node !== 'object' || node === null) return undefined;
  const schema = resolveRef<Schema>(doc, node as Schema);
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (!branches) return undefined;
  const types = new Set<string>();
  for (const branch of branches) {
    const type = jsonType(doc, branch, depth + 1);
    if (!type) return undefined;
    for (const t of type) types.add(t);
  }
  return [...types];
}

/**
 * A contract component as a stored record: its required fields (minus `without`, which the store
 * derives when answering) with their JSON types, plus the store's own `required` and `optional` fields.
 */
export function contractRecord(
  doc: OpenApiDocument,
  name: string,
  {
    required = {},
    optional = {},
    without = [],
  }: {
    required?: Record<string, Schema>;
    optional?: Record<string, Schema>;
    without?: string[];
  } = {},
) {
  const component = doc.components.schemas[name] as Schema | undefined;
  if (!component) throw new Error(`the contract has no schema ${name}`);
  const properties = (component.properties ?? {}) as Record<string, unknown>;
  const fromContract: Record<string, Schema> = {};
  for (const key of (component.required ?? []) as string[]) {
    if (without.includes(key)) continue;
    const type = jsonType(doc, properties[key]);
    fromContract[key] = type ? { type: type.length === 1 ? type[0] : type } : {};
  }
  return record({ ...fromContract, ...required }, optional);
}

/** An id counter's value in `next_id`. */
export const counter = { type: 'integer', minimum: 1 } as const;
