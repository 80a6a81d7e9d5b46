import { listOperations, loadContract } from '@cohort/openapi';
import { describe, expect, it } from 'vitest';
import { arbitraryFor, sample } from '../src/generate.ts';
import { jsonRequestSchema } from '../src/inputs.ts';
import { atMaxLength, bodyMutations, boundBreakers, namesField, notMatching, SCRIPT_URL } from '../src/mutate.ts';
import { adaptSchema, SchemaBook } from '../src/schema.ts';

const doc = loadContract();
const book = new SchemaBook(doc, 'request');
const withBodies = listOperations(doc).filter((op) => jsonRequestSchema(op) !== undefined);

describe('generated request bodies', () => {
  it.each(withBodies.map((op) => [op.operationId, op] as const))('%s: generated bodies are valid', (id, op) => {
    const schema = jsonRequestSchema(op);
    const validate = book.validator(`${id} body`, schema);
    const values = sample(arbitraryFor(book, schema), 1, 30);
    const valid = values.filter((v) => validate(v));
    // The fuzzer re-checks every value with Ajv; this keeps the generator honest enough to be useful.
    expect(valid.length / values.length).toBeGreaterThanOrEqual(0.8);
  });

  it.each(withBodies.map((op) => [op.operationId, op] as const))(
    '%s: every mutation of a valid body is invalid or skipped',
    (id, op) => {
      const schema = jsonRequestSchema(op);
      const validate = book.validator(`${id} body`, schema);
      const [valid] = sample(arbitraryFor(book, schema), 2, 20).filter((v) => validate(v));
      expect(valid).toBeDefined();
      const mutations = bodyMutations(book, schema, valid as Record<string, unknown>);
      const invalid = mutations.filter((m) => !validate(m.apply(valid as Record<string, unknown>)));
      // A few may stay valid (e.g. a wrong item in an optional empty array); those are dropped by the phase.
      expect(invalid.length).toBeGreaterThan(0);
      expect(mutations.every((m) => m.field !== undefined && m.description.length > 0)).toBe(true);
    },
  );

  it("breaks a pattern with a value the pattern refuses, within the length bounds (CommentInput's 'not all spaces' with a blank)", () => {
    const text = book.deref(
      (book.deref(doc.components.schemas.CommentInput).properties as Record<string, unknown>).text,
    );
    expect(text.pattern).toBe('^\\s{0,1999}\\S[\\s\\S]{0,1999}$');
    const broken = boundBreakers(text).find((b) => b.kind === 'pattern');
    expect(broken).toEqual({ kind: 'pattern', value: ' ' });
    const validate = book.validator('comment text', text);
    expect(validate(broken?.value)).toBe(false);
    expect(notMatching('^usr_[A-Za-z0-9_-]{16,64}$')).toBe('!not matching!');
    // Nothing of length 0..1 escapes `^.?$`; a pattern that does not compile is not probed.
    expect(notMatching('^.?$', 0, 1)).toBeUndefined();
    expect(notMatching('(', 0, 10)).toBeUndefined();
  });

  it.each([
    ['PostInput', { text: 'Hello', images: [{ id: 'med_AAAAAAAAAAAAAAAA' }] }, 'text', ' ', ['images']],
    ['StoryInput', { text: 'Hi', background: 'ocean' }, 'text', ' ', []],
  ] as const)(
    "%s: a branch's own pattern is broken with the other branches' fields left out",
    (name, valid, field, value, gone) => {
      const schema = doc.components.schemas[name];
      const validate = book.validator(`${name} body`, schema);
      expect(validate(valid)).toBe(true);
      const mutation = bodyMutations(book, schema, { ...valid }).find((m) => m.field === field && m.kind === 'pattern');
      const broken = mutation?.apply({ ...valid });
      expect(broken?.[field]).toBe(value);
      for (const other of gone) expect(broken).not.toHaveProperty(other);
      // No branch holds: the body is invalid, and the top-level bounds are not sent twice.
      expect(validate(broken)).toBe(false);
      const kinds = bodyMutations(book, schema, { ...valid })
        .filter((m) => m.field === field)
        .map((m) => m.kind);
      expect(kinds.filter((k) => k === 'maxLength')).toHaveLength(1);
    },
  );

  it.each([
    ['UserUpdate', { first_name: 'Ada' }, ['profile_image']],
    ['MessageInput', { message: 'Hi' }, ['files.0.url', 'files.0.thumbnail_url']],
  ] as const)('%s: each URL field gets a javascript: URL, which the contract refuses', (name, valid, fields) => {
    const schema = doc.components.schemas[name];
    const validate = book.validator(`${name} body`, schema);
    expect(validate(valid)).toBe(true);
    const mutations = bodyMutations(book, schema, { ...valid }).filter((m) => m.kind === 'javascript: URL');
    expect(mutations.map((m) => m.field)).toEqual(fields);
    for (const m of mutations) {
      const broken = m.apply({ ...valid });
      expect(JSON.stringify(broken)).toContain(SCRIPT_URL);
      expect(validate(broken), m.description).toBe(false);
      // Only the URL is wrong: the same body with an https URL there is valid.
      const fixed = JSON.parse(JSON.stringify(broken).replace(SCRIPT_URL, 'https://example.edu/a.png'));
      expect(validate(fixed), `${JSON.stringify(fixed)} ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('probes the longest text a patterned field allows when the probe fits its pattern, not otherwise', () => {
    const probes = atMaxLength(book, doc.components.schemas.CommentInput);
    expect(probes).toEqual([{ field: 'text', maxLength: 2000, value: expect.stringMatching(/\S/) }]);
    expect(probes[0]?.value).toHaveLength(2000);
    const colour = { type: 'object', properties: { hex: { type: 'string', maxLength: 7, pattern: '^#[0-9a-f]{6}$' } } };
    expect(atMaxLength(book, colour)).toEqual([]);
  });

  it('is reproducible from a seed', () => {
    const schema = jsonRequestSchema(withBodies[0] as (typeof withBodies)[number]);
    expect(sample(arbitraryFor(book, schema), 99, 10)).toEqual(sample(arbitraryFor(book, schema), 99, 10));
  });

  it.each([
    ['uri', { type: 'string', format: 'uri' }],
    ['uri-reference', { type: 'string', format: 'uri-reference' }],
    ['a bounded uri', { type: 'string', format: 'uri', maxLength: 20 }],
  ])('%s: every generated value passes the format check', (_name, schema) => {
    const validate = book.validator(`format ${JSON.stringify(schema)}`, schema);
    const values = sample(arbitraryFor(book, schema), 7, 200);
    expect(values.filter((v) => !validate(v))).toEqual([]);
    expect(new Set(values).size).toBeGreaterThan(50);
  });

  it('uses ids the server returned for references', () => {
    const refs = new Map<string, unknown[]>([['UserId', ['usr_0123456789abcdefXYZ']]]);
    const values = sample(arbitraryFor(book, { $ref: '#/components/schemas/UserId' }, 0, refs), 3, 5);
    expect(new Set(values)).toEqual(new Set(['usr_0123456789abcdefXYZ']));
  });
});

describe('schema adaptation per direction', () => {
  const schema = {
    type: 'object',
    required: ['id', 'password', 'name'],
    properties: {
      id: { type: 'integer', readOnly: true },
      password: { type: 'string', writeOnly: true },
      name: { type: 'string', nullable: true, enum: ['a'] },
    },
  };
  it.each([
    ['request', ['password', 'name']],
    ['response', ['id', 'name']],
  ] as const)('%s: required drops the fields that never travel that way', (direction, required) => {
    expect((adaptSchema(schema, direction) as { required: string[] }).required).toEqual(required);
  });
  it('turns nullable: true into a null type', () => {
    const adapted = adaptSchema(schema, 'response') as { properties: { name: Record<string, unknown> } };
    expect(adapted.properties.name).toEqual({ type: ['string', 'null'], enum: ['a', null] });
  });
});

describe('namesField', () => {
  it.each([
    [['title'], 'title', true],
    [['body.title'], 'title', true],
    [['/title'], 'title', true],
    [['users'], 'users.0', true],
    [['users.0'], 'users', true],
    [['users[0]'], 'users.0', true],
    [['note'], 'title', false],
    [['titles'], 'title', false],
    [[], 'title', false],
  ] as const)('%j names %s: %s', (keys, field, want) => {
    expect(namesField([...keys], field)).toBe(want);
  });
});

describe('generated strings', () => {
  it('a `^[class]+$` pattern with a long minimum (a stream ticket) yields values at once, all valid', () => {
    const schema = { type: 'string', minLength: 32, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };
    const values = sample(arbitraryFor(book, schema), 5, 20) as string[];
    expect(values).toHaveLength(20);
    for (const v of values) expect(v).toMatch(/^[A-Za-z0-9_-]{32,64}$/);
  });
});
