import { type OpenApiDocument, resolveRef } from '@cohort/openapi';
import { join } from './json-pointer.ts';

export type Node = Record<string, unknown>;

/** A schema and where it is written (after following `$ref`s). */
export interface Located {
  schema: Node;
  at: string;
}

export function isObject(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema `node` stands for after following its `$ref`s, and the pointer where that one is written. */
export function deref(doc: OpenApiDocument, node: unknown, at: string): Located {
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
export function flatten(doc: OpenApiDocument, located: Located, depth = 0): Located {
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
