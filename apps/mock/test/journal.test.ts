import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Journal, type RawEntry, redact } from '../src/tools/journal.ts';
import { type MockControl, mockControl } from '../src/tools/testing.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let mock: MockControl;

beforeAll(async () => {
  server = await startServer();
  mock = mockControl(server.baseUrl);
});
afterAll(() => server.close());
beforeEach(() => mock.clearRequests());

describe('GET /__mock/requests', () => {
  it('lists what the app sent: method, path, operation, status, body, duration, time', async () => {
    const token = await server.login();
    const api = server.client(token);
    await api.POST('/api/v1/users/me/notes/store', {
      body: { title: 'Journal', note: 'What the app sent', date: '2026-11-25' },
    });
    const [entry, ...rest] = await mock.requests('storeNote');
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/v1/users/me/notes/store',
      operationId: 'storeNote',
      status: 201,
      body: { title: 'Journal', note: 'What the app sent', date: '2026-11-25' },
      overridden: false,
    });
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(entry?.time ?? '')).not.toBeNaN();
    // Typed from the contract: the body is storeNote's NoteInput.
    expect(entry?.body?.title).toBe('Journal');
    // Everything, oldest first: the sign-in came before the note.
    expect((await mock.requests()).map((e) => e.operationId)).toEqual(['login', 'storeNote']);
  });

  it('redacts passwords, tokens and Authorization', async () => {
    const token = await server.login();
    // A registered account (not the demo one, which later tests sign in to) changes its password.
    const person = await server.register();
    await person.api.PUT('/api/v1/users/me/password', {
      body: {
        current_password: 'test-pass-1',
        password: 'not-the-new-one-1',
        password_confirmation: 'not-the-new-one-1',
      },
    });
    const entries = await mock.requests();
    const text = JSON.stringify(entries);
    for (const secret of ['cohort-demo', 'test-pass-1', 'not-the-new-one-1', token, person.token]) {
      expect(text).not.toContain(secret);
    }
    const login = entries.find((e) => e.operationId === 'login');
    expect(login?.body).toMatchObject({ email: 'demo@cohort.test', password: '[redacted]' });
    const change = entries.find((e) => e.method === 'PUT');
    expect(change?.status).toBe(200);
    expect(change?.headers.authorization).toBe('[redacted]');
    expect(change?.body).toEqual({
      current_password: '[redacted]',
      password: '[redacted]',
      password_confirmation: '[redacted]',
    });
  });

  it('redacts secrets in a query string and at any depth of a body', async () => {
    await fetch(`${server.baseUrl}/api/v1/users/me/stream?access_token=secret-in-url`);
    const [entry] = await mock.requests('streamMe');
    expect(entry?.path).toBe('/api/v1/users/me/stream?access_token=[redacted]');
    expect(redact({ a: [{ refresh_token: 'x', keep: 'y' }], apiKey: 'z', Password: null })).toEqual({
      a: [{ refresh_token: '[redacted]', keep: 'y' }],
      apiKey: '[redacted]',
      Password: null,
    });
  });

  it('redacts every credential-shaped query parameter and header, keeping the rest', async () => {
    const query = [
      'q=keep-me',
      'api_key=s1',
      'apikey=s2',
      'key=s3',
      'client_secret=s4',
      'password=s5',
      'auth=s6',
      'X-Amz-Signature=s7',
      'code=s8',
      'author=keep-too',
    ].join('&');
    await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club&${query}`, {
      headers: { 'x-api-key': 's9', 'x-auth-token': 's10', accept: 'application/json' },
    });
    const [entry] = await mock.requests('listResources');
    const text = JSON.stringify(entry);
    for (let i = 1; i <= 10; i++) expect(text).not.toMatch(new RegExp(`\\bs${i}\\b`));
    expect(entry?.path).toBe(
      '/api/v1/general/get-all-resource/?resource=Club&q=keep-me&api_key=[redacted]&apikey=[redacted]&key=[redacted]' +
        '&client_secret=[redacted]&password=[redacted]&auth=[redacted]&X-Amz-Signature=[redacted]&code=[redacted]' +
        '&author=keep-too',
    );
    expect(entry?.headers).toMatchObject({
      'x-api-key': '[redacted]',
      'x-auth-token': '[redacted]',
      accept: 'application/json',
    });
  });

  it('keeps a shared location as the store keeps it: rounded to 0.01°', async () => {
    const person = await server.register();
    const shared = await person.api.PUT('/api/v1/users/me/location', {
      body: { latitude: 37.4275123, longitude: -122.1697456 },
    });
    expect(shared.data?.data).toMatchObject({ latitude: 37.43, longitude: -122.17 });
    const [entry] = await mock.requests('shareLocation');
    expect(entry?.body).toEqual({ latitude: 37.43, longitude: -122.17 });
    expect(JSON.stringify(await mock.requests())).not.toMatch(/37\.4275|122\.1697/);
  });

  it('lists an event stream as soon as it opens', async () => {
    const token = await server.login();
    const aborter = new AbortController();
    const res = await fetch(`${server.baseUrl}/api/v1/users/me/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: aborter.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(await mock.requests('streamMe')).toMatchObject([{ status: 200, method: 'GET', body: null }]);
    } finally {
      aborter.abort();
    }
  });

  it('filters by operation, `since` a mark and `limit`; names each bad parameter', async () => {
    for (const resource of ['Club', 'Interest', 'Direction']) {
      await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=${resource}`);
    }
    const mark = await mock.mark();
    await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club&page=2`);
    await fetch(`${server.baseUrl}/api/v1/no-such-path`);
    expect((await mock.requests('listResources')).length).toBe(4);
    expect((await mock.requests('listResources', { since: mark })).map((e) => e.path)).toEqual([
      '/api/v1/general/get-all-resource/?resource=Club&page=2',
    ]);
    expect((await mock.requests('listResources', { limit: 2 })).map((e) => e.path)).toEqual([
      '/api/v1/general/get-all-resource/?resource=Direction',
      '/api/v1/general/get-all-resource/?resource=Club&page=2',
    ]);
    // A path the contract does not have is journalled too, with no operation.
    expect((await mock.requests(undefined, { since: mark })).map((e) => [e.operationId, e.status])).toEqual([
      ['listResources', 200],
      [null, 404],
    ]);
    const res = await fetch(`${server.baseUrl}/__mock/requests?operationId=nope&since=yesterday&limit=0`);
    expect(res.status).toBe(422);
    expect(Object.keys(((await res.json()) as { errors: object }).errors).sort()).toEqual([
      'limit',
      'operationId',
      'since',
    ]);
  });

  it('marks what an override answered', async () => {
    await mock.override('listResources', 503, undefined, { times: 1 });
    await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`);
    await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`);
    expect((await mock.requests('listResources')).map((e) => [e.status, e.overridden])).toEqual([
      [503, true],
      [200, false],
    ]);
  });

  it('DELETE clears it (guarded like /__mock/reset)', async () => {
    await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`);
    const foreign = await fetch(`${server.baseUrl}/__mock/requests`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await mock.requests()).toHaveLength(1);
    await mock.clearRequests();
    expect(await mock.requests()).toEqual([]);
  });
});

describe('the journal is a bounded ring buffer', () => {
  it('keeps the newest --journal-size requests', async () => {
    const small = await startServer({ options: { journalSize: 3 } });
    try {
      for (let page = 1; page <= 5; page++) {
        await fetch(`${small.baseUrl}/api/v1/general/get-all-resource/?resource=Club&page=${page}`);
      }
      const entries = await mockControl(small.baseUrl).requests();
      expect(entries.map((e) => e.path.split('page=')[1])).toEqual(['3', '4', '5']);
      expect(entries.map((e) => e.seq)).toEqual([3, 4, 5]);
    } finally {
      await small.close();
    }
  });

  it('--journal-size 0 turns it off', async () => {
    const off = await startServer({ options: { journalSize: 0 } });
    try {
      await fetch(`${off.baseUrl}/api/v1/general/get-all-resource/?resource=Club`);
      const res = await fetch(`${off.baseUrl}/__mock/requests`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: expect.stringContaining('--journal-size 0') });
      // Overrides do not need the journal.
      await mockControl(off.baseUrl).override('listResources', 503, undefined, { times: 1 });
      expect((await fetch(`${off.baseUrl}/api/v1/general/get-all-resource/?resource=Club`)).status).toBe(503);
      expect((await fetch(`${off.baseUrl}/api/v1/general/get-all-resource/?resource=Club`)).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('what the journal keeps of a body', () => {
  it('a body over 64 KiB by its size only', async () => {
    const server = await startServer();
    try {
      const note = 'x'.repeat(70 * 1024);
      await fetch(`${server.baseUrl}/api/v1/users/me/notes/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Big', note, date: '2026-11-25' }),
      });
      const [entry] = await mockControl(server.baseUrl).requests('storeNote');
      expect(entry?.status).toBe(401);
      expect(entry?.body).toMatch(/^\[redacted\]: \d+ bytes, not kept$/);
    } finally {
      await server.close();
    }
  });
});

describe('what the journal keeps of a request', () => {
  const raw = (headers: RawEntry['headers'], extra: Partial<RawEntry> = {}): RawEntry => ({
    at: Date.parse('2026-11-28T10:00:00Z'),
    method: 'POST',
    url: '/api/v1/users/me/notes/store',
    operationId: 'storeNote',
    session: null,
    status: 201,
    body: { title: 'A', note: 'B', date: '2026-11-28' },
    bodyLength: 48,
    headers,
    durationMs: 1.26,
    overridden: false,
    ...extra,
  });

  it('the headers that say how it was sent, credentials as redacted, x-mock-*, nothing else', () => {
    const journal = new Journal(10, (url) => url);
    journal.record(
      raw({
        host: '127.0.0.1:4010',
        'user-agent': 'test',
        'content-type': 'application/json',
        accept: ['application/json', 'text/plain'],
        authorization: 'Bearer 1|secret',
        cookie: 'sid=secret',
        'x-mock-session': 'walk',
        'x-other': 'dropped',
      }),
    );
    journal.record(raw({}, { method: 'GET', status: 200, body: undefined, bodyLength: 0 }));
    const [signedIn, bare] = journal.list();
    expect(signedIn?.headers).toEqual({
      'content-type': 'application/json',
      accept: 'application/json, text/plain',
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-mock-session': 'walk',
    });
    expect(signedIn).toMatchObject({ seq: 1, time: '2026-11-28T10:00:00.000Z', duration_ms: 1.3, overridden: false });
    expect(bare).toMatchObject({ seq: 2, method: 'GET', status: 200, body: null, headers: {} });
  });

  it('filters by a time, and is empty once cleared, its numbering going on', () => {
    const journal = new Journal(3, (url) => url);
    for (let i = 0; i < 4; i++) journal.record(raw({}, { at: Date.parse('2026-11-28T10:00:00Z') + i * 1000 }));
    expect(journal.list().map((entry) => entry.seq)).toEqual([2, 3, 4]);
    expect(journal.list({ since: new Date('2026-11-28T10:00:02Z') }).map((entry) => entry.seq)).toEqual([3, 4]);
    journal.clear();
    expect(journal.list()).toEqual([]);
    journal.record(raw({}, { overridden: true }));
    expect(journal.list()).toMatchObject([{ seq: 5, overridden: true }]);
  });

  it('shows each request its own URL and headers, however many distinct ones it has kept (one copy of each shared)', () => {
    const journal = new Journal(6000, (url) => url);
    const long = `/api/v1/directory?q=${'x'.repeat(600)}`;
    for (let i = 0; i < 6000; i++) {
      const url = i % 1000 === 0 ? `${long}&i=${i}` : `/api/v1/users/me/notes/${i}`;
      journal.record(raw({ 'content-type': `application/json; v=${i % 2 === 0 ? i : 'odd'}` }, { url }));
    }
    const entries = journal.list();
    expect(entries).toHaveLength(6000);
    entries.forEach((entry, i) => {
      expect(entry.path).toBe(i % 1000 === 0 ? `${long}&i=${i}` : `/api/v1/users/me/notes/${i}`);
      expect(entry.headers['content-type']).toBe(`application/json; v=${i % 2 === 0 ? i : 'odd'}`);
    });
  });

  it("keeps no reference to the request's headers object, so a busy server's requests are not held", async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const journal = new Journal(10, (url) => url);
    const record = () => {
      const headers = { 'content-type': 'application/json', authorization: 'Bearer 1|secret' };
      journal.record(raw(headers));
      return new WeakRef(headers);
    };
    const headers = record();
    // A WeakRef holds its target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(headers.deref()).toBeUndefined();
    expect(journal.list()[0]?.headers).toEqual({ 'content-type': 'application/json', authorization: '[redacted]' });
  });
});
