import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../src/contract/contract.ts';
import { startServer, type TestServer, validateResponse } from './helpers.ts';

// Whatever a client sends: never a 5xx, and every bad field named.

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await server.login();
});
afterAll(() => server.close());

/** A raw request (no client): the typed client cannot send these bodies or paths. */
async function raw(method: string, path: string, body?: string) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  const json = JSON.parse(text) as { success: boolean; errors?: Record<string, string[]>; data?: unknown };
  return { status: res.status, json };
}

/** Every operation that takes a JSON body (logout revokes the token, so it is not one of them). */
const bodyOperations = contract().operations.filter(
  (op) => op.requestBody?.content['application/json'] && op.operationId !== 'logout',
);

/** A path for the operation, its parameters filled with well-formed ids. */
function pathOf(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    name === 'userId' ? 'usr_AAAAAAAAAAAAAAAAAAAA' : path.includes('/channels/') ? 'chan_AAAAAAAAAAAAAAAAAAAA' : '1',
  );
}

const register = {
  university_name: 'Audit U',
  email: 'a3@x.test',
  password: 'secret123',
  graduation_year: 2024,
};
const note = { title: 'Audit note', note: 'Some text', date: '2026-11-22' };

describe('a body key named like an Object.prototype property', () => {
  const keys = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

  it.each(keys)('"%s" → 422 naming it, on register and notes/store', async (key) => {
    for (const [operationId, path, body] of [
      ['register', '/api/v1/register', register],
      ['storeNote', '/api/v1/users/me/notes/store', note],
    ] as const) {
      // Written by hand: an object literal cannot hold an own `__proto__` key.
      const text = `{${JSON.stringify(key)}:1,${JSON.stringify(body).slice(1)}`;
      const res = await raw('POST', path, text);
      expect(res.status, `${operationId} ${key}`).toBe(422);
      expect(Object.hasOwn(res.json.errors ?? {}, key), `${operationId} names ${key}`).toBe(true);
      expect(res.json.errors?.[key]).toEqual(['is not allowed']);
      expect(validateResponse(operationId, 422, res.json)).toEqual([]);
    }
    // Nothing was stored under the audit address.
    expect(server.store.accounts.findByEmail(register.email)).toBeUndefined();
  });

  it('every operation with a body names every such key, never a 5xx', async () => {
    const text = `{${keys.map((k) => `${JSON.stringify(k)}:{"a":1}`).join(',')}}`;
    for (const op of bodyOperations) {
      const res = await raw(op.method.toUpperCase(), pathOf(op.path), text);
      expect(res.status, op.operationId).toBe(422);
      for (const key of keys) expect(Object.hasOwn(res.json.errors ?? {}, key), `${op.operationId} ${key}`).toBe(true);
    }
  });
});

describe('a deeply nested body', () => {
  // About 10 KB: [[[[…]]]] 5,000 levels deep.
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;

  it('→ 422 on events, whose schema has defaults', async () => {
    const res = await raw('POST', '/api/v1/users/me/events', `{"title":${deep}}`);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ body: ['is nested too deeply'] });
    expect(validateResponse('createEvent', 422, res.json)).toEqual([]);
  });

  it('→ 422 on every operation with a body, as a value, a key or the body itself', async () => {
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const op of bodyOperations) {
      for (const body of [`{"title":${deep}}`, `{"x":${deepObject}}`, deep]) {
        const res = await raw(op.method.toUpperCase(), pathOf(op.path), body);
        expect(res.status, `${op.operationId} ${body.slice(0, 12)}`).toBe(422);
        expect(res.json.errors?.body, op.operationId).toEqual(['is nested too deeply']);
      }
    }
  });

  it('up to 32 levels is read as usual; 33 is too deep', async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    // The body is one level, the title's arrays the rest.
    const fine = await raw(
      'POST',
      '/api/v1/users/me/notes/store',
      `{"title":${nested(31)},"note":"text","date":"2026-11-22"}`,
    );
    expect(fine.status).toBe(422);
    expect(fine.json.errors).toEqual({ title: ['must be string'] });
    const deeper = await raw(
      'POST',
      '/api/v1/users/me/notes/store',
      `{"title":${nested(32)},"note":"text","date":"2026-11-22"}`,
    );
    expect(deeper.json.errors).toEqual({ body: ['is nested too deeply'] });
    const stored = await raw('POST', '/api/v1/users/me/notes/store', JSON.stringify({ ...note, title: 'Still fine' }));
    expect(stored.status).toBe(201);
  });
});

describe('numbers in path and query are plain decimals', () => {
  async function newNoteId(): Promise<number> {
    const res = await raw('POST', '/api/v1/users/me/notes/store', JSON.stringify(note));
    expect(res.status).toBe(201);
    return (res.json.data as { id: number }).id;
  }
  const noteIds = (): number[] =>
    server.store.profile.listNotes(server.store.accounts.findByEmail('demo@cohort.test')?.id ?? '').map((n) => n.id);

  it.each([
    ['hex', (id: number) => `0x${id.toString(16)}`],
    ['a trailing .0', (id: number) => `${id}.0`],
    ['an exponent', (id: number) => `${id / 10}e1`],
    ['a leading zero', (id: number) => `0${id}`],
    ['a plus sign', (id: number) => `+${id}`],
    ['a space', (id: number) => `%20${id}`],
    ['1e400', () => '1e400'],
    ['too big to be exact', () => '9007199254740993'],
  ])('a note id with %s → 422 naming id, and nothing is deleted', async (_name, spell) => {
    const id = await newNoteId();
    const res = await raw('DELETE', `/api/v1/users/me/notes/${spell(id)}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors ?? {})).toEqual(['id']);
    expect(validateResponse('deleteNote', 422, res.json)).toEqual([]);
    expect(noteIds()).toContain(id);
  });

  it('a plain decimal note id still deletes', async () => {
    const id = await newNoteId();
    expect((await raw('DELETE', `/api/v1/users/me/notes/${id}`)).status).toBe(200);
    expect(noteIds()).not.toContain(id);
  });

  it.each(['1e1', '0x10', '10.0', '010', ' 10', '', 'Infinity'])('per_page=%j → 422 naming per_page', async (value) => {
    const res = await raw(
      'GET',
      `/api/v1/general/get-all-resource/?resource=Club&per_page=${encodeURIComponent(value)}`,
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors ?? {})).toEqual(['per_page']);
  });

  it('plain decimals, array items and booleans still read as their types', async () => {
    const page = await raw('GET', '/api/v1/general/get-all-resource/?resource=Club&per_page=10&page=1');
    expect(page.status).toBe(200);
    expect(validateResponse('listResources', 200, page.json)).toEqual([]);
    expect((page.json.data as { per_page: number }).per_page).toBe(10);
    expect((await raw('GET', '/api/v1/users/search?class_of=2024&class_of=2025')).status).toBe(200);
    const badItem = await raw('GET', '/api/v1/users/search?class_of=2024&class_of=2025.0');
    expect(badItem.status).toBe(422);
    expect(Object.keys(badItem.json.errors ?? {})).toEqual(['class_of.1']);
    for (const deleted of ['true', 'false']) {
      expect((await raw('GET', `/api/v1/users/me/saved-lists?deleted=${deleted}`)).status, deleted).toBe(200);
    }
    for (const deleted of ['1', 'TRUE', 'yes', '']) {
      const res = await raw('GET', `/api/v1/users/me/saved-lists?deleted=${deleted}`);
      expect(res.status, deleted).toBe(422);
      expect(Object.keys(res.json.errors ?? {})).toEqual(['deleted']);
    }
  });
});

describe('a body that is not JSON', () => {
  it.each([
    ['text/plain', 'title=Hi'],
    ['application/x-www-form-urlencoded', 'title=Hi&note=There'],
    ['application/json; charset=latin1', '{"title":"Hi"}'],
  ])('sent as %s is a 422 that says the body must be JSON', async (type, body) => {
    const res = await fetch(`${server.baseUrl}/api/v1/users/me/notes/store`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    });
    expect(res.status).toBe(422);
    const json = (await res.json()) as { errors?: Record<string, string[]> };
    expect(Object.keys(json.errors ?? {})).toEqual(['body']);
    expect(json.errors?.body?.[0]).toMatch(/Content-Type: application\/json/);
  });
});

describe('an id far longer than any id', () => {
  it('is a 422 naming the parameter, and is not echoed back', async () => {
    const long = `usr_${'A'.repeat(10_000)}`;
    const res = await fetch(`${server.baseUrl}/api/v1/users/me/notes/${long}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(Object.keys((JSON.parse(text) as { errors?: object }).errors ?? {})).toEqual(['id']);
    expect(text.length).toBeLessThan(1_000);
  });
});
