import fc from 'fast-check';
import type { SchemaBook } from './schema.ts';

type Schema = Record<string, unknown>;

/** Bounds that keep generated bodies small: the goal is coverage of shapes, not load. */
const MAX_STRING = 60;
const MAX_ITEMS = 4;

/**
 * A fast-check arbitrary for the JSON-Schema subset OpenAPI contracts use (types and type arrays,
 * const/enum, string bounds, patterns, the common formats, numbers, arrays, objects, oneOf/anyOf,
 * local $refs). `readOnly` properties are never generated for requests. Generated values are
 * re-validated with Ajv by callers, so an approximation here can never produce a false verdict.
 */
export function arbitraryFor(
  book: SchemaBook,
  input: unknown,
  depth = 0,
  refs?: Map<string, unknown[]>,
): fc.Arbitrary<unknown> {
  // A reference to an id the server must know (a user, a tag): use ids it returned, so valid cases
  // are valid for the server too and not only for the schema.
  const ref = (input as { $ref?: unknown } | undefined)?.$ref;
  const known = typeof ref === 'string' ? refs?.get(ref.replace('#/components/schemas/', '')) : undefined;
  if (known && known.length > 0) return fc.constantFrom(...known);
  const schema = book.deref(input);
  if (depth > 8) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    const { oneOf: _o, anyOf: _a, ...rest } = schema;
    return fc.oneof(
      ...branches.map((b) =>
        // A bare `$ref` branch keeps its name, so a known id can stand in for it.
        arbitraryFor(book, (b as { $ref?: unknown }).$ref ? b : mergeBranch(rest, book.deref(b)), depth + 1, refs),
      ),
    );
  }
  if (Array.isArray(schema.allOf)) {
    const merged = Object.assign({}, ...(schema.allOf as unknown[]).map((s) => book.deref(s))) as Schema;
    const { allOf: _ignored, ...rest } = schema;
    return arbitraryFor(book, { ...merged, ...rest }, depth + 1, refs);
  }
  const type = schema.type;
  if (Array.isArray(type)) {
    return fc.oneof(...type.map((t) => arbitraryFor(book, { ...schema, type: t }, depth + 1, refs)));
  }
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const [min, max] = range(schema);
      // The edges are where off-by-one bugs live; fast-check's integer() stays within 32 bits.
      return fc.oneof(fc.integer({ min, max }), fc.constant(min), fc.constant(max));
    }
    case 'number': {
      const [min, max] = range(schema);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const minLength = Number(schema.minItems ?? 0);
      const maxLength = Math.max(minLength, Math.min(Number(schema.maxItems ?? MAX_ITEMS), MAX_ITEMS));
      const items = arbitraryFor(book, schema.items ?? {}, depth + 1, refs);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(book, schema, depth, refs);
    default:
      if (schema.properties) return objectArbitrary(book, schema, depth, refs);
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

/** A oneOf/anyOf branch applied to its parent: properties merged one by one, required united. */
function mergeBranch(parent: Schema, branch: Schema): Schema {
  const parentProps = (parent.properties ?? {}) as Record<string, Schema>;
  const branchProps = (branch.properties ?? {}) as Record<string, Schema>;
  const properties: Record<string, Schema> = { ...parentProps };
  for (const [name, schema] of Object.entries(branchProps)) properties[name] = { ...parentProps[name], ...schema };
  const required = [...new Set([...((parent.required ?? []) as string[]), ...((branch.required ?? []) as string[])])];
  const merged: Schema = { ...parent, ...branch };
  if (parent.properties || branch.properties) merged.properties = properties;
  if (required.length > 0) merged.required = required;
  return merged;
}

const INT32 = 0x7fffffff;

// fast-check's webUrl() draws percent-encoded characters from all of Unicode and indexes that table on
// first use (over half a second per run); a URL of ASCII parts covers the shapes a contract checks.
let webUrl: fc.Arbitrary<string> | undefined;
const webUrlArbitrary = () => {
  webUrl ??= fc.stringMatching(/^https?:\/\/[a-z][a-z0-9-]{0,15}\.[a-z]{2,6}(\/[A-Za-z0-9._~-]{1,12}){0,3}$/);
  return webUrl;
};

function range(schema: Schema): [number, number] {
  const lo = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const hi = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const min = Math.max(lo ?? (hi !== undefined ? hi - 1000 : -1000), -INT32);
  const max = Math.min(hi ?? min + 2000, INT32);
  return [Math.ceil(min), Math.floor(Math.max(min, max))];
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? MAX_STRING), MAX_STRING));
  const fits = (s: string) => s.length >= minLength && s.length <= Number(schema.maxLength ?? Number.POSITIVE_INFINITY);
  const patterned = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const matches = (s: string) => patterned?.test(s) ?? true;
  switch (schema.format) {
    case 'email':
      return fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.stringMatching(/^[a-z]{2,8}$/))
        .map(([local, domain]) => `${local}@${domain}.test`)
        .filter(fits);
    case 'date':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
        .filter(fits);
    case 'date-time':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString())
        .filter(fits);
    case 'uri':
      return webUrlArbitrary().filter(fits).filter(matches);
    case 'uri-reference':
      // A URL field's pattern may take only web addresses and the API's own media paths.
      return fc
        .oneof(
          webUrlArbitrary(),
          fc.stringMatching(/^\/media\/[a-z0-9-]{1,12}(\/[a-z0-9.-]{1,12}){0,2}$/),
          fc.stringMatching(/^\/[a-z0-9/-]{0,30}$/),
        )
        .filter(fits)
        .filter(matches);
    case 'time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2000-01-02'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(11))
        .filter(fits);
    case 'hostname':
      return fc.domain().filter(fits);
    case 'ipv4':
      return fc.ipV4();
    case 'uuid':
      return fc.uuid();
  }
  if (typeof schema.pattern === 'string') {
    // `^[class]+$` with a minLength: generate at the right length instead of filtering short
    // strings away (which can take forever for a 32-character minimum).
    const simple = /^\^(\[[^\]]+\])[+*]\$$/.exec(schema.pattern);
    const pattern = simple ? `^${simple[1]}{${minLength},${maxLength}}$` : schema.pattern;
    return fc.stringMatching(new RegExp(pattern)).filter(fits);
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function objectArbitrary(
  book: SchemaBook,
  schema: Schema,
  depth: number,
  refs?: Map<string, unknown[]>,
): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set((schema.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(properties)) {
    if (book.deref(prop).readOnly === true && !required.has(name)) continue;
    model[name] = arbitraryFor(book, prop, depth + 1, refs);
  }
  const requiredKeys = Object.keys(model).filter((k) => required.has(k));
  const record = fc.record(model, { requiredKeys });
  const minProperties = Number(schema.minProperties ?? 0);
  return minProperties > 0 ? record.filter((v) => Object.keys(v as object).length >= minProperties) : record;
}

/** Draws `count` values reproducibly from a seed. */
export function sample<T>(arbitrary: fc.Arbitrary<T>, seed: number, count: number): T[] {
  return fc.sample(arbitrary, { seed, numRuns: count });
}
