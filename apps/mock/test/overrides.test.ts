import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockControl, MockControlError, mockControl } from '../src/tools/testing.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let mock: MockControl;

beforeAll(async () => {
  server = await startServer();
  mock = mockControl(server.baseUrl);
});
afterAll(() => server.close());
beforeEach(() => mock.clearOverrides());

const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${server.baseUrl}/__mock/overrides`, { method: 'POST', headers, body: JSON.stringify(body) });
const resources = (session?: string) =>
  fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`, {
    headers: session === undefined ? {} : { 'x-mock-session': session },
  });

describe('POST /__mock/overrides refuses what does not fit the contract', () => {
  it.each([
    ['an unknown operation', { operationId: 'getMee', status: 200 }, 'operationId', /not an operation/],
    ['a status the operation does not declare', { operationId: 'getMe', status: 404 }, 'status', /404 is not declared/],
    ['a status out of range', { operationId: 'getMe', status: 9000 }, 'status', /HTTP status/],
    ['a success without a body', { operationId: 'getMe', status: 200 }, 'body', /is required/],
    ['a body on a bodiless status', { operationId: 'getMe', status: 304, body: {} }, 'body', /must be absent/],
    ['an event stream success', { operationId: 'streamMe', status: 200 }, 'status', /event stream/],
    ['negative times', { operationId: 'getMe', status: 401, times: 0 }, 'times', /1 or more/],
    ['an unknown key', { operationId: 'getMe', status: 401, time: 1 }, 'time', /not allowed/],
    [
      'a framing header',
      { operationId: 'getMe', status: 401, headers: { 'Content-Length': '1' } },
      'headers.Content-Length',
      /set by the mock/,
    ],
  ])('%s: 422 naming the field', async (_name, body, field, message) => {
    const res = await post(body);
    expect(res.status).toBe(422);
    const json = (await res.json()) as { success: boolean; errors: Record<string, string[]> };
    expect(json.success).toBe(false);
    expect(json.errors[field]?.join(' ')).toMatch(message);
  });

  it('a body that drifts from the response schema: 422 naming each bad field by its JSON pointer', async () => {
    const me = { id: 42, first_name: 'Dana', last_name: 'Okafor', email: 'dana@cohort.test' };
    const error = await mock
      .override('getMe', 200, { success: true, message: 'OK', data: me } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockControlError);
    const { status, fieldErrors } = error as MockControlError;
    expect(status).toBe(422);
    expect(fieldErrors['body/data/id']?.join(' ')).toMatch(/string/);
    expect(Object.keys(fieldErrors).every((field) => field.startsWith('body/data'))).toBe(true);
    // Nothing was set: the real handler still answers.
    expect(await mock.overrides()).toEqual([]);
  });

  it('an error body that is not the error envelope is refused too', async () => {
    const res = await post({ operationId: 'listNotes', status: 404, body: { error: 'nope' } });
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['body/success', 'body/message']));
  });

  it.each([
    ['a foreign origin', { 'content-type': 'application/json', origin: 'https://evil.example' }, 403],
    ['a simple text/plain POST', { 'content-type': 'text/plain' }, 415],
  ])('is refused from %s, like /__mock/reset', async (_name, headers, status) => {
    const res = await post({ operationId: 'listResources', status: 503 }, headers);
    expect(res.status).toBe(status);
    expect((await resources()).status).toBe(200);
  });
});

describe('an override answers', () => {
  it('`times` calls, then the real handler answers again', async () => {
    const set = await mock.override('listResources', 503, undefined, { times: 2, headers: { 'Retry-After': '5' } });
    expect(set).toMatchObject({ operationId: 'listResources', status: 503, remaining: 2, used: 0 });
    const first = await resources();
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('5');
    expect(await first.json()).toMatchObject({ success: false, message: expect.stringContaining('override') });
    expect(await mock.overrides()).toMatchObject([{ remaining: 1, used: 1 }]);
    expect((await resources()).status).toBe(503);
    const third = await resources();
    expect(third.status).toBe(200);
    expect(await third.json()).toMatchObject({ success: true });
    expect(await mock.overrides()).toEqual([]);
  });

  it('until removed when `times` is absent; the newest override wins; one can be removed by id', async () => {
    const older = await mock.override('listResources', 500);
    const fixture = {
      success: true as const,
      message: 'Fixture',
      data: { data: [], current_page: 1, per_page: 15, total: 0, last_page: 1 },
    };
    const newer = await mock.override('listResources', 200, fixture);
    for (let i = 0; i < 3; i++) expect(await (await resources()).json()).toEqual(fixture);
    await mock.clearOverrides(newer.id);
    expect((await resources()).status).toBe(500);
    await mock.clearOverrides(older.id);
    expect((await resources()).status).toBe(200);
    const gone = await mock.clearOverrides(older.id).catch((e: unknown) => e);
    expect((gone as MockControlError).status).toBe(404);
  });

  it('before sign-in and validation: a secured call with no token gets the override', async () => {
    await mock.override('storeNote', 422, {
      success: false,
      message: 'The given data was invalid.',
      errors: { title: ['is taken'] },
    });
    const res = await fetch(`${server.baseUrl}/api/v1/users/me/notes/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { title: ['is taken'] } });
  });

  it('on an event stream: an error status answers JSON instead of opening it', async () => {
    const token = await server.login();
    await mock.override('streamMe', 429, undefined, { headers: { 'Retry-After': '30' }, times: 1 });
    const res = await fetch(`${server.baseUrl}/api/v1/users/me/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('retry-after')).toBe('30');
  });

  it('on an upload: the file is not stored and the override answers', async () => {
    const token = await server.login();
    await mock.override('uploadMedia', 413, undefined, { times: 1 });
    const form = new FormData();
    form.set('use', 'attachment');
    form.set('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const res = await fetch(`${server.baseUrl}/api/v1/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('DELETE /__mock/overrides removes them all, and /__mock/reset does too', async () => {
    await mock.override('listResources', 500);
    await mock.override('getMe', 401);
    expect(await mock.overrides()).toHaveLength(2);
    await mock.clearOverrides();
    expect(await mock.overrides()).toEqual([]);
    await mock.override('listResources', 500);
    await mock.reset();
    expect((await resources()).status).toBe(200);
  });
});

describe('overrides per session (X-Mock-Session on the /__mock request)', () => {
  const JSON_HEADERS = { 'content-type': 'application/json' };
  afterEach(async () => {
    await fetch(`${server.baseUrl}/__mock/overrides?all=true`, { method: 'DELETE', headers: JSON_HEADERS });
  });

  it("two sessions: an override in one never answers the other's requests, nor those outside a session", async () => {
    const a = mockControl(server.baseUrl, { session: 'ovr-a' });
    const b = mockControl(server.baseUrl, { session: 'ovr-b' });
    expect(await a.override('listResources', 503)).toMatchObject({ session: 'ovr-a', status: 503 });
    await b.override('listResources', 500, undefined, { times: 2 });
    expect((await resources('ovr-a')).status).toBe(503);
    expect((await resources('ovr-b')).status).toBe(500);
    expect((await resources('ovr-c')).status).toBe(200);
    expect((await resources()).status).toBe(200);
    // `times` counts only its own session's calls: ovr-a's calls above did not use ovr-b's up.
    expect(await b.overrides()).toMatchObject([{ session: 'ovr-b', remaining: 1, used: 1 }]);
    expect((await a.overrides()).map((o) => o.session)).toEqual(['ovr-a']);
    expect(await mock.overrides()).toEqual([]);
  });

  it("clearing one session's overrides leaves the other's", async () => {
    const a = mockControl(server.baseUrl, { session: 'ovr-a' });
    const b = mockControl(server.baseUrl, { session: 'ovr-b' });
    await a.override('listResources', 503);
    await b.override('listResources', 500);
    await mock.override('listResources', 502);
    await a.clearOverrides();
    expect((await resources('ovr-a')).status).toBe(200);
    expect((await resources('ovr-b')).status).toBe(500);
    expect((await resources()).status).toBe(502);
    // Without a session: only the session-less ones go.
    await mock.clearOverrides();
    expect((await resources()).status).toBe(200);
    expect((await resources('ovr-b')).status).toBe(500);
  });

  it('one set without a session is not seen inside a session; /__mock/reset removes only those', async () => {
    const a = mockControl(server.baseUrl, { session: 'ovr-a' });
    await mock.override('listResources', 503);
    await a.override('getMe', 503);
    expect((await resources()).status).toBe(503);
    expect((await resources('ovr-a')).status).toBe(200);
    await mock.reset();
    expect((await resources()).status).toBe(200);
    expect(await a.overrides()).toMatchObject([{ operationId: 'getMe', session: 'ovr-a' }]);
  });

  it("resetting a session removes its overrides, even before its first request; ?all=true reaches every session's", async () => {
    const a = mockControl(server.baseUrl, { session: 'ovr-a' });
    const b = mockControl(server.baseUrl, { session: 'ovr-never-used' });
    await a.override('listResources', 503);
    expect((await resources('ovr-a')).status).toBe(503);
    await b.override('listResources', 500);
    await mock.override('listResources', 502);
    const all = await fetch(`${server.baseUrl}/__mock/overrides?all=true`);
    const listed = ((await all.json()) as { data: { session: string | null }[] }).data.map((o) => o.session);
    expect(listed).toEqual([null, 'ovr-never-used', 'ovr-a']);
    await a.reset();
    await b.reset();
    expect((await resources('ovr-a')).status).toBe(200);
    expect(await b.overrides()).toEqual([]);
    const cleared = await fetch(`${server.baseUrl}/__mock/overrides?all=true`, {
      method: 'DELETE',
      headers: JSON_HEADERS,
    });
    expect(((await cleared.json()) as { data: { removed: number } }).data.removed).toBe(1);
    expect((await resources()).status).toBe(200);
  });

  it('a malformed session name on the /__mock request is a 400 naming the header', async () => {
    const res = await post(
      { operationId: 'listResources', status: 503 },
      {
        'content-type': 'application/json',
        'x-mock-session': 'a b',
      },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/X-Mock-Session/);
    expect((await resources()).status).toBe(200);
  });
});

describe('the typed helper', () => {
  it('takes only declared operations, statuses and bodies (checked by `pnpm typecheck`)', () => {
    const typed = (m: MockControl) => [
      // @ts-expect-error 404 is not declared for getMe
      m.override('getMe', 404),
      // @ts-expect-error no such operation
      m.override('getMee', 200),
      // @ts-expect-error getMe's 200 carries a User, not this
      m.override('getMe', 200, { success: true, message: 'OK', data: { id: 1 } }),
      // Any 5xx, from the contract's `5XX`; an error body is the error envelope.
      m.override('getMe', 503, { success: false, message: 'Down for maintenance.' }),
      m.override('storeNote', 422, { success: false, message: 'Invalid.', errors: { title: ['is taken'] } }),
    ];
    expect(typed).toBeTypeOf('function');
  });
});
