import { afterEach, describe, expect, it } from 'vitest';
import { createMockEngine } from '../src/adapters/node.ts';
import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../src/seed/index.ts';
import { mockControl } from '../src/tools/testing.ts';
import { contractFetch, startServer, type TestServer } from './helpers.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A client of one session (`X-Mock-Session`), signed in as the demo account there. */
async function inSession(base: string, session: string) {
  const headers = { ...JSON_HEADERS, 'x-mock-session': session };
  const login = await contractFetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const authed = { ...headers, authorization: `Bearer ${token}` };
  const me = (await (await contractFetch(`${base}/api/v1/users/me`, { headers: authed })).json()) as {
    data: { id: string };
  };
  return {
    headers: authed,
    id: me.data.id,
    get: (path: string) => contractFetch(`${base}${path}`, { headers: authed }),
    post: (path: string, body: unknown) =>
      contractFetch(`${base}${path}`, { method: 'POST', headers: authed, body: JSON.stringify(body) }),
  };
}

const noteTitles = async (res: Response) =>
  ((await res.json()) as { data: { title: string }[] }).data.map((n) => n.title);

describe('sessions (X-Mock-Session)', () => {
  it('gives each session its own copy of the seed: notes written in one are not in another, nor in the default state', async () => {
    server = await startServer();
    const a = await inSession(server.baseUrl, 'test-a');
    const b = await inSession(server.baseUrl, 'test-b');
    expect(
      (await a.post('/api/v1/users/me/notes/store', { title: 'Only A', note: 'For session A.', date: '2026-11-25' }))
        .status,
    ).toBe(201);
    expect(
      (await b.post('/api/v1/users/me/notes/store', { title: 'Only B', note: 'For session B.', date: '2026-11-25' }))
        .status,
    ).toBe(201);
    const inA = await noteTitles(await a.get(`/api/v1/users/me/notes/${a.id}`));
    const inB = await noteTitles(await b.get(`/api/v1/users/me/notes/${b.id}`));
    expect(inA).toContain('Only A');
    expect(inA).not.toContain('Only B');
    expect(inB).toContain('Only B');
    expect(inB).not.toContain('Only A');
    // The default state (no header) saw neither, and a session's token means nothing there.
    const token = await server.login();
    const plain = await server.client(token).GET('/api/v1/users/me/notes/{id}', { params: { path: { id: a.id } } });
    expect(plain.data?.data.map((n) => n.title)).not.toEqual(expect.arrayContaining(['Only A']));
    expect(plain.data?.data.map((n) => n.title)).not.toEqual(expect.arrayContaining(['Only B']));
    expect(
      (
        await contractFetch(`${server.baseUrl}/api/v1/users/me`, {
          headers: { authorization: a.headers.authorization },
        })
      ).status,
    ).toBe(401);
    // Listed, and the journal tells the sessions apart.
    const mock = mockControl(server.baseUrl, { session: 'test-a' });
    expect((await mock.sessions()).map((s) => s.name).sort()).toEqual(['test-a', 'test-b']);
    const sent = await mock.requests('storeNote');
    expect(sent.map((r) => [r.session, r.body?.title])).toEqual([['test-a', 'Only A']]);
  });

  it('keeps event streams apart: a message in one session never reaches a stream of another', async () => {
    server = await startServer();
    const a = await inSession(server.baseUrl, 'stream-a');
    const b = await inSession(server.baseUrl, 'stream-b');
    const channels = (await (await a.get('/api/v1/users/me/channels')).json()) as { data: { id: string }[] };
    const channel = channels.data[0]?.id ?? '';
    const stream = await fetch(`${server.baseUrl}/api/v1/users/me/stream`, { headers: a.headers });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect((await b.post(`/api/v1/channels/${channel}/messages`, { message: 'From session B' })).status).toBe(201);
    expect((await a.post(`/api/v1/channels/${channel}/messages`, { message: 'From session A' })).status).toBe(201);
    while (!text.includes('From session A')) text += decoder.decode((await reader.read()).value);
    void reader.cancel().catch(() => {});
    expect(text).not.toContain('From session B');
  });

  it('selects a session by the mock_session cookie too, and refuses a malformed name naming the header', async () => {
    server = await startServer();
    const a = await inSession(server.baseUrl, 'cookie-a');
    await a.post('/api/v1/users/me/notes/store', {
      title: 'Cookie note',
      note: 'Sent with a cookie.',
      date: '2026-11-25',
    });
    const { 'x-mock-session': _name, ...withoutHeader } = a.headers;
    const viaCookie = await contractFetch(`${server.baseUrl}/api/v1/users/me/notes/${a.id}`, {
      headers: { ...withoutHeader, cookie: 'theme=dark; mock_session=cookie-a' },
    });
    expect(await noteTitles(viaCookie)).toContain('Cookie note');
    const bad = await fetch(`${server.baseUrl}/api/v1/users/me`, { headers: { 'x-mock-session': 'a b/c' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/X-Mock-Session/);
  });

  it('expires an idle session on the mock clock: listed no more, and it starts from the seed again', async () => {
    server = await startServer({ options: { sessionIdleMs: 10 * 60_000 } });
    const a = await inSession(server.baseUrl, 'idle');
    await a.post('/api/v1/users/me/notes/store', {
      title: 'Forgotten',
      note: 'Will be forgotten.',
      date: '2026-11-25',
    });
    const mock = mockControl(server.baseUrl);
    expect((await mock.sessions()).map((s) => s.name)).toEqual(['idle']);
    const move = await fetch(`${server.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ advance_ms: 10 * 60_000 }),
    });
    expect(move.status).toBe(200);
    expect(await mock.sessions()).toEqual([]);
    const again = await inSession(server.baseUrl, 'idle');
    expect(await noteTitles(await again.get(`/api/v1/users/me/notes/${again.id}`))).not.toContain('Forgotten');
  });

  it('answers a session past --max-sessions with a 503 that says how to free one; a reset frees it', async () => {
    server = await startServer({ options: { maxSessions: 2 } });
    await inSession(server.baseUrl, 'one');
    await inSession(server.baseUrl, 'two');
    const third = await contractFetch(`${server.baseUrl}/api/v1/users/me`, { headers: { 'x-mock-session': 'three' } });
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await third.json()) as { message: string }).message).toMatch(
      /at most 2 sessions.*DELETE \/__mock\/sessions/,
    );
    // An existing session still answers.
    expect(
      (await contractFetch(`${server.baseUrl}/api/v1/users/me`, { headers: { 'x-mock-session': 'one' } })).status,
    ).toBe(401);
    await mockControl(server.baseUrl, { session: 'one' }).reset();
    await inSession(server.baseUrl, 'three');
    const all = await fetch(`${server.baseUrl}/__mock/sessions`, { method: 'DELETE', headers: JSON_HEADERS });
    expect(((await all.json()) as { data: { removed: number } }).data.removed).toBe(2);
    const gone = await fetch(`${server.baseUrl}/__mock/sessions/one`, { method: 'DELETE', headers: JSON_HEADERS });
    expect(gone.status).toBe(404);
  });
});

describe('scenarios per session (X-Mock-Scenario)', () => {
  it('makes a session from a preset: empty has a brand-new demo account while another session keeps the seed', async () => {
    server = await startServer();
    const login = (session: string, scenario?: string) =>
      contractFetch(`${server?.baseUrl}/api/v1/login`, {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'x-mock-session': session, ...(scenario ? { 'x-mock-scenario': scenario } : {}) },
        body: JSON.stringify({
          uniName: DEMO_ACCOUNT.university,
          email: DEMO_ACCOUNT.email,
          password: SEEDED_PASSWORD,
        }),
      });
    expect((await login('fresh-user', 'empty')).status).toBe(200);
    const empty = await inSession(server.baseUrl, 'fresh-user');
    const full = await inSession(server.baseUrl, 'seeded-user');
    expect(await noteTitles(await empty.get(`/api/v1/users/me/notes/${empty.id}`))).toEqual([]);
    expect((await noteTitles(await full.get(`/api/v1/users/me/notes/${full.id}`))).length).toBeGreaterThan(0);
    const listed = await mockControl(server.baseUrl).sessions();
    expect(Object.fromEntries(listed.map((x) => [x.name, x.scenario]))).toEqual({
      'fresh-user': 'empty',
      'seeded-user': 'default',
    });
  });

  it('refuses an unknown preset naming the nearest, and a scenario without a session', async () => {
    server = await startServer();
    // A misuse of the mock's own headers: outside the contract (getMe declares no 400), so plain fetch.
    const res = await fetch(`${server.baseUrl}/api/v1/users/me`, {
      headers: { 'x-mock-session': 'typo', 'x-mock-scenario': 'emty' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/emty.*did you mean empty/);
    expect((await mockControl(server.baseUrl).sessions()).map((x) => x.name)).not.toContain('typo');
    const alone = await fetch(`${server.baseUrl}/api/v1/users/me`, { headers: { 'x-mock-scenario': 'empty' } });
    expect(alone.status).toBe(400);
    expect(((await alone.json()) as { message: string }).message).toMatch(/needs X-Mock-Session/);
  });
});

describe('a scenario in the fetch engine (createMockEngine({ scenario }))', () => {
  it('seeds the preset: empty gives the demo account no notes', async () => {
    const engine = createMockEngine({ users: 20, channels: 3, scenario: 'empty' });
    const login = await engine.handle(
      new Request('http://mock.test/api/v1/login', {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({
          uniName: DEMO_ACCOUNT.university,
          email: DEMO_ACCOUNT.email,
          password: SEEDED_PASSWORD,
        }),
      }),
    );
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const me = (await (
      await engine.handle(
        new Request('http://mock.test/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } }),
      )
    ).json()) as { data: { id: string } };
    const notes = await engine.handle(
      new Request(`http://mock.test/api/v1/users/me/notes/${me.data.id}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(await noteTitles(notes)).toEqual([]);
    expect(() => createMockEngine({ scenario: 'emty' })).toThrow(/did you mean empty/);
    engine.close();
  });
});

describe('sessions in the fetch engine (createMockEngine)', () => {
  it('keeps two sessions apart in handle() as the server does', async () => {
    const engine = createMockEngine({ users: 60, channels: 12 });
    const send = (path: string, session: string, init: RequestInit = {}) =>
      engine.handle(
        new Request(`http://mock.test${path}`, {
          ...init,
          headers: { ...JSON_HEADERS, 'x-mock-session': session, ...(init.headers as Record<string, string>) },
        }),
      );
    const signIn = async (session: string) => {
      const res = await send('/api/v1/login', session, {
        method: 'POST',
        body: JSON.stringify({
          uniName: DEMO_ACCOUNT.university,
          email: DEMO_ACCOUNT.email,
          password: SEEDED_PASSWORD,
        }),
      });
      return {
        authorization: `Bearer ${((await res.json()) as { data: { access_token: string } }).data.access_token}`,
      };
    };
    try {
      const a = await signIn('one');
      const b = await signIn('two');
      const stored = await send('/api/v1/users/me/notes/store', 'one', {
        method: 'POST',
        headers: a,
        body: JSON.stringify({ title: 'Engine A', note: 'Only in session one.', date: '2026-11-25' }),
      });
      expect(stored.status).toBe(201);
      const me = (await (await send('/api/v1/users/me', 'two', { headers: b })).json()) as { data: { id: string } };
      expect(await noteTitles(await send(`/api/v1/users/me/notes/${me.data.id}`, 'two', { headers: b }))).not.toContain(
        'Engine A',
      );
      expect(await noteTitles(await send(`/api/v1/users/me/notes/${me.data.id}`, 'one', { headers: a }))).toContain(
        'Engine A',
      );
    } finally {
      engine.close();
    }
  });
});
