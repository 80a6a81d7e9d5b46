import { arbitraryFor, sample } from './generate.ts';
import type { SchemaBook } from './schema.ts';

type Schema = Record<string, unknown>;

/** One way to break a valid value, and the field a conformant server must name in `errors`. */
export interface Mutation {
  /** Dotted field name (`title`, `users.0`); `''` for the body as a whole. */
  field: string;
  /** `missing`, `wrong type`, `minLength`, `maximum`, `format`, `unknown field`, ... */
  kind: string;
  description: string;
  /** Apply to a deep copy of the valid value. */
  apply(value: Record<string, unknown>): Record<string, unknown>;
}

const WRONG_VALUES: unknown[] = [12345, 'not-a-number', true, [], {}, 1.5];

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  return [];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A value of a type the schema does not allow, or undefined when it allows every type. */
export function wrongTypeValue(schema: Schema): unknown {
  const allowed = typesOf(schema);
  if (allowed.length === 0) return undefined;
  return WRONG_VALUES.find((v) => {
    const t = jsonType(v);
    return !allowed.includes(t) && !(t === 'integer' && allowed.includes('number'));
  });
}

const BROKEN_FORMATS: Record<string, string> = {
  email: 'not-an-email',
  date: '2026-13-45',
  'date-time': 'yesterday at noon',
  uri: 'not a uri',
  'uri-reference': 'not a \\ uri',
  time: '25:61',
  hostname: '-bad-.host-',
  ipv4: '999.1.1.1',
  uuid: 'not-a-uuid',
};

/** Strings tried, in turn, for one that a `pattern` refuses (a "not all spaces" pattern takes the first, refuses only blanks). */
const UNMATCHED = ['!not matching!', ' ', '', '0', 'a'];

/**
 * A string `pattern` refuses that keeps within the length bounds, so the pattern is the only
 * bound it breaks; undefined when none of the candidates is one (or the pattern does not compile).
 */
export function notMatching(pattern: string, minLength?: unknown, maxLength?: unknown): string | undefined {
  const regex = compiled(pattern);
  if (!regex) return undefined;
  const min = typeof minLength === 'number' ? minLength : 0;
  const max = typeof maxLength === 'number' ? maxLength : Number.POSITIVE_INFINITY;
  return UNMATCHED.find((value) => value.length >= min && value.length <= max && !regex.test(value));
}

/** Values that break one bound of a scalar schema, each with the keyword it breaks. */
export function boundBreakers(schema: Schema): { kind: string; value: unknown }[] {
  const out: { kind: string; value: unknown }[] = [];
  const types = typesOf(schema);
  if (types.includes('string')) {
    if (typeof schema.minLength === 'number' && schema.minLength > 0) {
      out.push({ kind: 'minLength', value: 'x'.repeat(schema.minLength - 1) });
    }
    if (typeof schema.maxLength === 'number' && schema.maxLength <= MAX_PROBED_LENGTH) {
      out.push({ kind: 'maxLength', value: 'x'.repeat(schema.maxLength + 1) });
    }
    if (typeof schema.pattern === 'string') {
      const unmatched = notMatching(schema.pattern, schema.minLength, schema.maxLength);
      if (unmatched !== undefined) out.push({ kind: 'pattern', value: unmatched });
    }
    const broken = typeof schema.format === 'string' ? BROKEN_FORMATS[schema.format] : undefined;
    if (broken !== undefined) out.push({ kind: 'format', value: broken });
  }
  if (types.includes('integer') || types.includes('number')) {
    if (typeof schema.minimum === 'number') out.push({ kind: 'minimum', value: schema.minimum - 1 });
    if (typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER) {
      out.push({ kind: 'maximum', value: schema.maximum + 1 });
    }
  }
  if (Array.isArray(schema.enum)) out.push({ kind: 'enum', value: '__not_in_enum__' });
  return out;
}

/**
 * Keys a closed body must refuse like any other. Besides a plain one: names every object inherits,
 * which crash (or pollute) a server that keeps the body in a plain object used as a map.
 */
export const UNKNOWN_KEYS = ['unexpected_field', 'constructor', '__proto__', 'toString'] as const;

function clone<T>(value: T): T {
  return structuredClone(value);
}

/**
 * Every single-field way to break an object body: each required field missing, each field of a
 * wrong type, each bound broken, an unknown field where the schema is closed, a wrong item in
 * arrays. Callers keep only mutations Ajv confirms invalid.
 */
export function bodyMutations(book: SchemaBook, input: unknown, valid: Record<string, unknown>): Mutation[] {
  const schema = asOneObject(book, book.deref(input));
  const out: Mutation[] = [];
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  /** Each `field kind` bound the body's own properties already break (a branch's same bound is not sent again). */
  const broken = new Set<string>();
  for (const name of (schema.required ?? []) as string[]) {
    out.push({
      field: name,
      kind: 'missing',
      description: `required field ${name} missing`,
      apply: (v) => {
        const copy = clone(v);
        delete copy[name];
        return copy;
      },
    });
  }
  for (const [name, raw] of Object.entries(properties)) {
    const prop = book.deref(raw);
    const set = (value: unknown) => (v: Record<string, unknown>) => ({ ...clone(v), [name]: value });
    const wrong = wrongTypeValue(prop);
    if (wrong !== undefined) {
      out.push({
        field: name,
        kind: 'wrong type',
        description: `${name} of the wrong type (${JSON.stringify(wrong)})`,
        apply: set(wrong),
      });
    }
    for (const { kind, value } of boundBreakers(prop)) {
      broken.add(`${name} ${kind}`);
      out.push({ field: name, kind, description: `${name} breaks ${kind} (${shown(value)})`, apply: set(value) });
    }
    if (typesOf(prop).includes('array')) {
      const items = book.deref(prop.items ?? {});
      const wrongItem = wrongTypeValue(items);
      if (wrongItem !== undefined) {
        out.push({
          field: `${name}.0`,
          kind: 'wrong item type',
          description: `${name}[0] of the wrong type (${JSON.stringify(wrongItem)})`,
          apply: set([wrongItem]),
        });
      }
      if (typeof prop.maxItems === 'number' && prop.maxItems <= MAX_PROBED_ITEMS) {
        // maxItems + 1 items each valid and all distinct, so the size is the only thing wrong
        // (the same item repeated would break uniqueItems first and prove nothing about the size).
        const given = Array.isArray(valid[name]) ? (valid[name] as unknown[])[0] : undefined;
        const first = given ?? sample(arbitraryFor(book, prop.items ?? {}), 1, 1)[0];
        const many =
          first === undefined
            ? undefined
            : (distinctItems(book, prop.items ?? {}, first, prop.maxItems + 1) ??
              (prop.uniqueItems ? undefined : Array.from({ length: prop.maxItems + 1 }, () => first)));
        if (many) {
          out.push({
            field: name,
            kind: 'maxItems',
            description: `${name} with ${many.length} items (maxItems ${prop.maxItems})`,
            apply: set(many),
          });
        }
      }
      if (prop.uniqueItems === true && Array.isArray(valid[name]) && (valid[name] as unknown[]).length > 0) {
        const first = (valid[name] as unknown[])[0];
        out.push({
          field: name,
          kind: 'uniqueItems',
          description: `${name} with a duplicate item`,
          apply: set([first, first]),
        });
      }
    }
  }
  out.push(...branchMutations(book, schema, broken));
  out.push(...scriptUrlMutations(book, properties));
  if (schema.additionalProperties === false) {
    const declared = (schema.properties ?? {}) as Schema;
    for (const key of UNKNOWN_KEYS) {
      if (Object.hasOwn(declared, key)) continue;
      out.push({
        field: key,
        kind: 'unknown field',
        description: `an unknown field ${key} (the body is closed)`,
        // Defined, not assigned: `{ __proto__: 1 }` would set the prototype instead of sending the key.
        apply: (v) =>
          Object.defineProperty(clone(v), key, { value: 1, enumerable: true, writable: true, configurable: true }),
      });
    }
  }
  return out;
}

/**
 * A body made only of alternatives that are each a complete object (`anyOf: [TextInput, FilesInput]`)
 * seen as one object: each field as the branch that leaves it optional declares it (else as the
 * first), required what every branch requires, closed when every branch is; the branches stay, so
 * each one's own bounds are still broken.
 */
function asOneObject(book: SchemaBook, schema: Schema): Schema {
  const raw = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (schema.properties || !Array.isArray(raw) || raw.length === 0) return schema;
  const branches = raw.map((b) => book.deref(b));
  if (!branches.every((b) => b.properties)) return schema;
  const properties: Record<string, unknown> = {};
  for (const branch of branches)
    for (const [name, prop] of Object.entries(branch.properties as Record<string, unknown>)) {
      const optional = !((branch.required ?? []) as string[]).includes(name);
      if (!(name in properties) || optional) properties[name] = prop;
    }
  const required = ((branches[0]?.required ?? []) as string[]).filter((name) =>
    branches.every((b) => ((b.required ?? []) as string[]).includes(name)),
  );
  const closed = branches.every((b) => b.additionalProperties === false);
  return { ...schema, type: 'object', properties, required, ...(closed ? { additionalProperties: false } : {}) };
}

const shown = (value: unknown) =>
  typeof value === 'string' && value.length > 20 ? `${value.length} chars` : JSON.stringify(value);

/**
 * The bounds a oneOf/anyOf branch puts on a field beyond the body's own (a post's text "not all
 * spaces" only where no image carries it), each broken with the fields only the other branches
 * require left out, so that no branch holds. Once per field and bound.
 */
function branchMutations(book: SchemaBook, schema: Schema, done: Set<string>): Mutation[] {
  const branches = ((schema.anyOf ?? schema.oneOf ?? []) as unknown[]).map((branch) => book.deref(branch));
  const out: Mutation[] = [];
  branches.forEach((branch, i) => {
    const own = new Set((branch.required ?? []) as string[]);
    const others = [...new Set(branches.flatMap((b, j) => (j === i ? [] : ((b.required ?? []) as string[]))))].filter(
      (name) => !own.has(name),
    );
    for (const [name, raw] of Object.entries((branch.properties ?? {}) as Record<string, unknown>)) {
      for (const { kind, value } of boundBreakers(book.deref(raw))) {
        if (done.has(`${name} ${kind}`)) continue;
        done.add(`${name} ${kind}`);
        out.push({
          field: name,
          kind,
          description: `${name} breaks ${kind} (${shown(value)})${others.length > 0 ? ` without ${others.join(', ')}` : ''}`,
          apply: (v) => {
            const copy = clone(v);
            for (const other of others) delete copy[other];
            copy[name] = value;
            return copy;
          },
        });
      }
    }
  });
  return out;
}

/** What a URL field must refuse: a link that runs script where a client puts it in `href` or `src`. */
export const SCRIPT_URL = 'javascript:alert(document.domain)';
const FINE_URL = 'https://conformance.cohort.test/file.png';

/** Whether a string schema is a URL field whose pattern refuses a `javascript:` URL (an `http(s)`-only field). */
function refusesScriptUrl(schema: Schema): boolean {
  if (!typesOf(schema).includes('string') || (schema.format !== 'uri' && schema.format !== 'uri-reference'))
    return false;
  return typeof schema.pattern === 'string' && compiled(schema.pattern)?.test(SCRIPT_URL) === false;
}

/** The schema itself and each of its oneOf/anyOf branches, dereferenced. */
function alternatives(book: SchemaBook, raw: unknown): Schema[] {
  const schema = book.deref(raw);
  return [schema, ...((schema.oneOf ?? schema.anyOf ?? []) as unknown[]).map((b) => book.deref(b))];
}

/**
 * A `javascript:` URL in each URL field whose pattern refuses it: a body's own (`profile_image`,
 * in any of its branches) and one of an array's objects (`files.0.url`, the array holding just that
 * object, made valid otherwise). A server that stores one hands script to every client showing it.
 */
function scriptUrlMutations(book: SchemaBook, properties: Record<string, unknown>): Mutation[] {
  const out: Mutation[] = [];
  const add = (field: string, apply: Mutation['apply']) =>
    out.push({ field, kind: 'javascript: URL', description: `${field} is a javascript: URL`, apply });
  for (const [name, raw] of Object.entries(properties)) {
    if (alternatives(book, raw).some(refusesScriptUrl)) {
      add(name, (v) => ({ ...clone(v), [name]: SCRIPT_URL }));
      continue;
    }
    const prop = book.deref(raw);
    if (!typesOf(prop).includes('array')) continue;
    for (const item of alternatives(book, prop.items ?? {})) {
      const fields = Object.entries((item.properties ?? {}) as Record<string, unknown>).filter(([, f]) =>
        alternatives(book, f).some(refusesScriptUrl),
      );
      if (fields.length === 0) continue;
      const [made] = sample(arbitraryFor(book, item), 1, 1);
      if (typeof made !== 'object' || made === null) continue;
      // Every URL field of the object a web address, so the one broken is the only thing wrong.
      const fine = { ...(made as Record<string, unknown>) };
      for (const [field] of fields)
        if (field in fine || (item.required as string[] | undefined)?.includes(field)) fine[field] = FINE_URL;
      for (const [field] of fields) {
        add(`${name}.0.${field}`, (v) => ({ ...clone(v), [name]: [{ ...clone(fine), [field]: SCRIPT_URL }] }));
      }
      break;
    }
  }
  return out;
}

/** The largest `maxItems` the negative phase sends one past (a 10,001-item array is still a small body). */
export const MAX_PROBED_ITEMS = 10_000;
/** The longest `maxLength` probed at and one past. */
export const MAX_PROBED_LENGTH = 10_000;

/**
 * `count` distinct values that each validate against `items`, made from `first` (an integer
 * counted up; a string with a counter in place of its tail, in front, or behind, whichever keeps
 * every value valid: `usr_Ab3d…00`, `00a@b.test`). Undefined when no such variation is valid.
 */
export function distinctItems(book: SchemaBook, items: unknown, first: unknown, count: number): unknown[] | undefined {
  const validate = book.validator(`items ${JSON.stringify(items)}`, items);
  const digits = Math.max(1, (count - 1).toString(36).length);
  const counter = (i: number) => i.toString(36).padStart(digits, '0');
  const strategies: ((i: number) => unknown)[] = [];
  if (typeof first === 'number' && Number.isInteger(first)) {
    const schema = book.deref(items);
    const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
    strategies.push(
      (i) => first + i,
      (i) => min + i,
    );
  } else if (typeof first === 'string') {
    if (first.length >= digits) strategies.push((i) => first.slice(0, first.length - digits) + counter(i));
    strategies.push(
      (i) => counter(i) + first,
      (i) => first + counter(i),
    );
  }
  for (const make of strategies) {
    const values = Array.from({ length: count }, (_, i) => make(i));
    if (new Set(values).size === count && values.every((v) => validate(v) === true)) return values;
  }
  return undefined;
}

/**
 * Plain text fields of a body (a string with a `maxLength`, no `format` or `enum`, and no `pattern`
 * the value breaks) and a value of exactly that length: the contract allows it, so a server must not refuse it
 * for its length (a backend whose column is shorter than the contract says fails here).
 */
export function atMaxLength(book: SchemaBook, input: unknown): { field: string; maxLength: number; value: string }[] {
  // A body of alternatives (MessageInput: text or files) has its fields in its branches.
  const schema = asOneObject(book, book.deref(input));
  const out: { field: string; maxLength: number; value: string }[] = [];
  for (const [name, raw] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
    const prop = book.deref(raw);
    const max = prop.maxLength;
    if (!typesOf(prop).includes('string') || typeof max !== 'number' || max > MAX_PROBED_LENGTH) continue;
    if ('format' in prop || 'enum' in prop || 'const' in prop || prop.readOnly === true) continue;
    // Unique per run, so a name a server keeps unique does not collide with an earlier run's.
    const tag = `${Date.now().toString(36)}${(out.length + 1).toString(36)} `;
    const value = (tag + 'x'.repeat(max)).slice(0, max);
    // A patterned field (an id, a colour) takes only what its pattern allows: this value must fit it.
    if (typeof prop.pattern === 'string' && !compiled(prop.pattern)?.test(value)) continue;
    out.push({ field: name, maxLength: max, value });
  }
  return out;
}

/** A contract `pattern` as JSON Schema reads it (ECMA-262, Unicode), or undefined when it does not compile. */
function compiled(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** Does an `errors` key name this field? Accepts `title`, `body.title`, `/title`, `users` for `users.0`. */
export function namesField(keys: string[], field: string): boolean {
  const norm = (k: string) =>
    k
      .replace(/^\/+/, '')
      .replace(/\//g, '.')
      .replace(/\[(\d+)\]/g, '.$1')
      .replace(/^(body|query|path|params)\./, '');
  const target = norm(field);
  return keys.map(norm).some((k) => k === target || target.startsWith(`${k}.`) || k.startsWith(`${target}.`));
}
