// The keyword-level facts the schema rules compare: types, enum values, limits, visibility.
import type { Node } from './schema-resolve.ts';
import type { Side } from './types.ts';

/** The types a schema allows, `nullable` counted as `null` (undefined = any type). */
export function typesOf(schema: Node): Set<string> | undefined {
  const t = schema.type;
  if (t === undefined) return undefined;
  const set = new Set<string>(Array.isArray(t) ? (t as string[]) : [String(t)]);
  if (schema.nullable === true) set.add('null');
  return set;
}

/** Does `wide` accept every value `narrow` accepts? (undefined = any type) */
export function covers(wide: Set<string> | undefined, narrow: Set<string> | undefined): boolean {
  if (wide === undefined) return true;
  if (narrow === undefined) return false;
  for (const t of narrow) if (!wide.has(t) && !(t === 'integer' && wide.has('number'))) return false;
  return true;
}

/** The allowed values of `enum` or `const`, JSON-encoded so they compare by value. */
export function enumOf(schema: Node): string[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v));
  if ('const' in schema) return [JSON.stringify(schema.const)];
  return undefined;
}

export const UPPER = ['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum'] as const;
export const LOWER = ['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum'] as const;

export function numberOf(schema: Node, key: string): number | undefined {
  const v = schema[key];
  return typeof v === 'number' ? v : undefined;
}

/** Hidden on this side: readOnly fields are never sent, writeOnly ones never received. */
export function hidden(schema: Node, side: Side): boolean {
  return side === 'request' ? schema.readOnly === true : schema.writeOnly === true;
}
