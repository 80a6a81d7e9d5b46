/**
 * The largest request body an operation's schema allows: every string at its maxLength, every
 * array at its maxItems (distinct items where uniqueItems asks), every optional property filled.
 * Pure, so it is unit-tested against the contract; the limits bench sends these bodies.
 */
import type { OpenApiDocument } from '@cohort/openapi';

type Schema = Record<string, unknown>;

function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    const name = String(current.$ref).replace('#/components/schemas/', '');
    const { $ref: _ref, ...rest } = current;
    current = { ...(doc.components.schemas[name] as Schema), ...rest };
  }
  return current;
}

/** A string of exactly `length` characters that fits `schema` (pattern-prefixed ids, e-mails, dates). */
function stringOf(schema: Schema, length: number, salt: number): string {
  const tag = salt.toString(36);
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, 10, 1, 10, salt % 60)).toISOString();
  if (schema.format === 'date') return '2026-11-01';
  if (schema.format === 'email')
    return `${tag}${'a'.repeat(Math.max(0, Math.min(length, 64) - tag.length - 10))}@cohort.io`;
  if (schema.format === 'uri' || schema.format === 'uri-reference') {
    return `https://cohort.io/${tag}/${'a'.repeat(Math.max(0, length - 20 - tag.length))}`;
  }
  const prefix = typeof schema.pattern === 'string' ? /^\^?([a-z]+_)/.exec(schema.pattern)?.[1] : undefined;
  if (prefix) return `${prefix}${tag}${'A'.repeat(Math.max(0, length - prefix.length - tag.length))}`;
  return `${tag}${'a'.repeat(Math.max(0, length - tag.length))}`;
}

export function largestBody(doc: OpenApiDocument, input: Schema, salt = 0): unknown {
  const schema = resolve(doc, input);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (branches && !schema.properties) {
    const branch = branches.find((b) => resolve(doc, b).type !== 'null') ?? branches[0];
    return branch ? largestBody(doc, branch, salt) : null;
  }
  if (types.includes('object') || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
      out[name] = largestBody(doc, prop, salt);
    }
    return out;
  }
  if (types.includes('array')) {
    const count = Number(schema.maxItems ?? 10);
    const items = (schema.items ?? {}) as Schema;
    return Array.from({ length: count }, (_, i) => largestBody(doc, items, salt * 100_003 + i + 1));
  }
  if (types.includes('string')) {
    const length = Number(schema.maxLength ?? 255);
    const pattern = typeof schema.pattern === 'string' ? /\{(\d+),(\d+)\}/.exec(schema.pattern) : null;
    const prefix = typeof schema.pattern === 'string' ? (/^\^?([a-z]+_)/.exec(schema.pattern)?.[1] ?? '') : '';
    return stringOf(schema, pattern ? prefix.length + Number(pattern[2]) : length, salt);
  }
  if (types.includes('integer') || types.includes('number')) {
    // Distinct per salt (array items), within the bounds.
    const min = Number(schema.minimum ?? 1);
    const max = Number(schema.maximum ?? Number.MAX_SAFE_INTEGER);
    return Math.min(max, min + (salt % 100_003));
  }
  if (types.includes('boolean')) return false;
  return null;
}
