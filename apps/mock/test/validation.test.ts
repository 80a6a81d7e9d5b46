import { describe, expect, it } from 'vitest';
import { contract } from '../src/contract/contract.ts';
import { operationsOf } from '../src/contract/operations.ts';
import { compileValidators, MAX_BODY_DEPTH, nestedDeeperThan } from '../src/contract/validation.ts';

const { doc } = contract();
const validators = compileValidators(doc, operationsOf(doc));
const validator = (operationId: string) => {
  const validate = validators.get(operationId);
  if (!validate) throw new Error(`no validator for ${operationId}`);
  return validate;
};
const none = Object.freeze(Object.create(null)) as Record<string, unknown>;

describe('nestedDeeperThan', () => {
  const arrays = (levels: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) value = [value];
    return value;
  };
  const objects = (levels: number): unknown => {
    let value: unknown = 'leaf';
    for (let i = 0; i < levels; i++) value = { a: value };
    return value;
  };

  it('counts the value itself as the first level, for arrays and objects alike', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    for (const make of [arrays, objects]) {
      expect(nestedDeeperThan(make(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
      expect(nestedDeeperThan(make(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    }
  });

  it('finds the deep branch among shallow ones, in arrays and in objects', () => {
    expect(nestedDeeperThan({ a: 1, b: [1, 2], c: { d: arrays(3) } }, 5)).toBe(false);
    expect(nestedDeeperThan({ a: 1, b: [1, 2], c: { d: arrays(4) } }, 5)).toBe(true);
    expect(nestedDeeperThan([1, 'x', { y: objects(3) }], 5)).toBe(false);
    expect(nestedDeeperThan([1, 'x', { y: objects(4) }], 5)).toBe(true);
  });

  it('answers for a value nested 200,000 levels deep without running out of stack', () => {
    expect(nestedDeeperThan(arrays(200_000), MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan(objects(200_000), MAX_BODY_DEPTH)).toBe(true);
  });
});

describe('compileValidators', () => {
  const note = { title: 'A note', note: 'Some text', date: '2026-11-22' };

  it('passes a valid body through as it came (nothing to fill in), with no parameters to copy', () => {
    const result = validator('storeNote')({ params: {}, query: none, headers: {}, body: note });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input.body).toBe(note);
    expect(Object.keys(result.input.params)).toEqual([]);
  });

  it('ignores query strings an operation does not declare (cache busters)', () => {
    const result = validator('storeNote')({ params: {}, query: { _: '123', limit: 'x' }, headers: {}, body: note });
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.input.query)).toEqual([]);
  });

  it('coerces and checks the query strings an operation declares, and keeps to those', () => {
    const validate = validator('listNotifications');
    const good = validate({ params: {}, query: { limit: '20', before: '31', _: 'x' }, headers: {}, body: undefined });
    expect(good.ok).toBe(true);
    if (good.ok) expect({ ...good.input.query }).toEqual({ limit: 20, before: 31, _: 'x' });
    const bad = validate({ params: {}, query: { limit: 'many' }, headers: {}, body: undefined });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors)).toEqual(['limit']);
  });

  it('names every bad field of every part, in a record without a prototype', () => {
    const result = validator('storeNote')({
      params: {},
      query: none,
      headers: {},
      body: { title: 1, note: 'Some text', date: 'soon', constructor: 'x' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.getPrototypeOf(result.errors)).toBe(null);
    expect(Object.keys(result.errors).sort()).toEqual(['constructor', 'date', 'title']);
  });

  it('says a missing body is required, and a too deeply nested one is too deep', () => {
    const missing = validator('storeNote')({ params: {}, query: none, headers: {}, body: undefined });
    expect(missing).toEqual({ ok: false, errors: expect.objectContaining({ body: ['is required'] }) });
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_BODY_DEPTH; i++) deep = [deep];
    const tooDeep = validator('storeNote')({ params: {}, query: none, headers: {}, body: { ...note, title: deep } });
    expect(tooDeep).toEqual({ ok: false, errors: expect.objectContaining({ body: ['is nested too deeply'] }) });
  });
});
