import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockEngine } from '../src/adapters/node.ts';
import type { MockOptions } from '../src/app.ts';
import { fetchTransport } from '../src/engine/upstream.ts';
import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../src/seed/index.ts';
import { mockControl } from '../src/tools/testing.ts';
import { startServer, type TestServer } from './helpers.ts';
import { BOUNDARY, multipart, png, rawPost } from './media-fixtures.ts';
import { type StandInBackend, type StandInOptions, startStandInBackend } from './upstream-backend.ts';

/** The mock in front of a fresh stand-in backend, both closed after `fn`. */
async function inFront(
  config: {
    backend?: StandInOptions;
    upstream?: Omit<NonNullable<MockOptions['upstream']>, 'url'>;
    options?: Partial<MockOptions>;
  },
  fn: (mock: TestServer, backend: StandInBackend) => Promise<void>,
): Promise<void> {
  const backend = await startStandInBackend(config.backend);
  const mock = await startServer({
    options: { upstream: { url: backend.url, ...config.upstream }, onViolation: () => {}, ...config.options },
  });
  try {
    await fn(mock, backend);
  } finally {
    await mock.close();
    await backend.close();
  }
}

/** A request through the mock with the backend's token, answered as JSON (plain fetch: some answers here drift on purpose). */
async function call(mock: TestServer, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${mock.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: unknown } };
}

const paths = (backend: StandInBackend) => backend.seen.map((r) => `${r.method} ${r.url.split('?')[0]}`);

describe('--upstream: the backend first, the engine for what it has not built', () => {
  let mock: TestServer;
  let backend: StandInBackend;
  let token: string;
  beforeAll(async () => {
    backend = await startStandInBackend();
    mock = await startServer({ options: { upstream: { url: backend.url }, onViolation: () => {} } });
    // Signed in through the mock: the backend's own token comes back.
    const res = await call(mock, '', '/api/v1/login', {
      method: 'POST',
      body: JSON.stringify({ uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD }),
    });
    expect(res.status).toBe(200);
    token = (res.body.data as { access_token: string }).access_token;
    expect(backend.seen.map((r) => r.url)).toEqual(['/api/v1/login']);
  });
  afterAll(async () => {
    await mock.close();
    await backend.close();
  });

  it("answers what the backend built from the backend: the client gets the backend's user and notes", async () => {
    const me = await call(mock, token, '/api/v1/users/me');
    expect(me.status).toBe(200);
    expect((me.body.data as { id: string }).id).toBe(backend.userId);
    const notes = await call(mock, token, `/api/v1/users/me/notes/${backend.userId}`);
    expect(notes.status).toBe(200);
    expect(notes.body.data).toEqual([expect.objectContaining({ title: 'From the backend' })]);
    const stored = await call(mock, token, '/api/v1/users/me/notes/store', {
      method: 'POST',
      body: JSON.stringify({ title: 'Sent through', note: 'via the mock', date: '2026-12-02' }),
    });
    expect(stored.status).toBe(201);
    expect(backend.seen.at(-1)?.body).toEqual({ title: 'Sent through', note: 'via the mock', date: '2026-12-02' });
  });

  it('passes the headers on as a proxy must: the bearer token as sent, its own Host, hop-by-hop and x-mock-* dropped', async () => {
    // node:http, since fetch will not send hop-by-hop headers at all.
    await new Promise<void>((resolve, reject) => {
      const req = get(
        `${mock.baseUrl}/api/v1/users/me`,
        {
          headers: {
            authorization: `Bearer ${token}`,
            'x-request-id': 'req-1',
            connection: 'keep-alive, x-hop',
            'x-hop': 'one hop only',
            'proxy-authorization': 'Basic c2VjcmV0',
            'x-mock-scenario': '',
          },
        },
        (res) => res.resume().on('end', resolve),
      );
      req.on('error', reject);
    });
    const sent = backend.seen.at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent?.headers['x-request-id']).toBe('req-1');
    expect(sent?.headers.host).toBe(new URL(backend.url).host);
    expect(sent?.headers['x-forwarded-host']).toBe(new URL(mock.baseUrl).host);
    expect(sent?.headers['x-hop']).toBeUndefined();
    expect(sent?.headers['proxy-authorization']).toBeUndefined();
    expect(sent?.headers['x-mock-scenario']).toBeUndefined();
  });

  it("falls through to the engine on the backend's 501 and on a 404 it does not mean, signed in as the engine's user of the same e-mail", async () => {
    // listMyChannels: the backend answers 501; the engine answers with the seeded demo account's groups.
    const channels = await call(mock, token, '/api/v1/users/me/channels');
    expect(channels.status).toBe(200);
    expect((channels.body.data as unknown[]).length).toBeGreaterThan(0);
    // getUserStreamTicket-like paths the backend has no route for: Express's HTML 404, so the engine answers.
    const resources = await call(mock, token, '/api/v1/general/get-all-resource/?resource=Club');
    expect(resources.status).toBe(200);
    expect(paths(backend)).toContain('GET /api/v1/general/get-all-resource/');
    const journal = await mockControl(mock.baseUrl).requests();
    const sides = Object.fromEntries(journal.map((e) => [e.operationId, e.side]));
    expect(sides).toMatchObject({
      getMe: 'backend',
      listNotes: 'backend',
      listMyChannels: 'engine',
      listResources: 'engine',
    });
  });

  it("takes a 404 the operation declares, in the contract's envelope, as the backend's real answer", async () => {
    const other = await call(mock, token, '/api/v1/users/me/notes/usr_someoneElse00000000');
    expect(other).toEqual({ status: 404, body: { success: false, message: 'No such user.' } });
  });

  it('lists per operation who answered at GET /__mock/upstream', async () => {
    const report = await mockControl(mock.baseUrl).upstream();
    expect(report.url).toBe(backend.url);
    const state = Object.fromEntries(report.operations.map((row) => [row.operationId, [row.state, row.last_fallback]]));
    expect(state).toMatchObject({
      login: ['backend', null],
      getMe: ['backend', null],
      storeNote: ['backend', null],
      listMyChannels: ['engine', 'not-implemented'],
      listResources: ['engine', 'no-route'],
    });
  });

  it('passes an event stream through as the backend writes it, not when it ends', async () => {
    const res = await fetch(`${mock.baseUrl}/api/v1/users/me/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    // The backend has not ended the stream yet: the first event came through on its own.
    expect(first).toContain('event: hello');
    backend.release();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    expect(rest).toContain('event: bye');
  });

  it("answers a session's requests the backend has not built from that session's engine", async () => {
    const own = await call(mock, token, '/api/v1/users/me/notes/store', {
      method: 'POST',
      headers: { 'x-mock-session': 'upstream-a' },
      body: JSON.stringify({ title: 'Session note', note: 'kept by the backend', date: '2026-12-04' }),
    });
    expect(own.status).toBe(201);
    // The session header is the mock's own: the backend never sees it.
    expect(backend.seen.at(-1)?.headers['x-mock-session']).toBeUndefined();
    const channels = await call(mock, token, '/api/v1/users/me/channels', {
      headers: { 'x-mock-session': 'upstream-a' },
    });
    expect(channels.status).toBe(200);
    const journal = await mockControl(mock.baseUrl, { session: 'upstream-a' }).requests();
    expect(journal.map((e) => [e.operationId, e.side, e.session])).toEqual([
      ['storeNote', 'backend', 'upstream-a'],
      ['listMyChannels', 'engine', 'upstream-a'],
    ]);
  });

  it('lets an override win over the backend (the backend is not asked)', async () => {
    const control = mockControl(mock.baseUrl);
    await control.override('getMe', 401, { success: false, message: 'Overridden.' });
    const before = backend.seen.length;
    const me = await call(mock, token, '/api/v1/users/me');
    await control.clearOverrides();
    expect(me).toEqual({ status: 401, body: { success: false, message: 'Overridden.' } });
    expect(backend.seen.length).toBe(before);
  });
});

describe('a body sent on and replayed', () => {
  it('gives the engine the body the backend had no route for: a JSON write and an upload', () =>
    inFront({}, async (mock, backend) => {
      const token = await backend.login();
      const experience = await call(mock, token, '/api/v1/users/me/experiences/store', {
        method: 'POST',
        body: JSON.stringify({ uni_name: 'Stanford University', concern: 'Finance', year: 2026, degree: 'EMBA' }),
      });
      const sent = backend.seen.find((r) => r.url === '/api/v1/users/me/experiences/store');
      expect(sent?.body).toEqual({ uni_name: 'Stanford University', concern: 'Finance', year: 2026, degree: 'EMBA' });
      expect(experience.status).toBe(201);
      const body = multipart([
        { name: 'use', value: 'attachment' },
        { name: 'file', file: { filename: 'dot.png', type: 'image/png', data: await png() } },
      ]);
      const upload = await rawPost(`${mock.baseUrl}/api/v1/media`, body, {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      });
      expect(backend.seen.some((r) => r.method === 'POST' && r.url === '/api/v1/media')).toBe(true);
      expect(upload.status).toBe(201);
      expect(JSON.parse(upload.body).data).toMatchObject({ use: 'attachment', mime: 'image/png' });
    }));
});

describe('--upstream-ops and --mock-ops', () => {
  it('--upstream-ops: only the backend answers, its 501 included', () =>
    inFront({ upstream: { upstreamOps: ['listMyChannels'] } }, async (mock, backend) => {
      const token = await backend.login();
      const channels = await call(mock, token, '/api/v1/users/me/channels');
      expect(channels).toEqual({ status: 501, body: { success: false, message: 'Not built yet.' } });
    }));

  it('--mock-ops: the engine answers without asking the backend', () =>
    inFront({ upstream: { mockOps: ['getMe'] } }, async (mock, backend) => {
      const token = await backend.login();
      const me = await call(mock, token, '/api/v1/users/me');
      expect(me.status).toBe(200);
      // The engine's own user of that e-mail, bound to the backend's token (one call to the backend's getMe to learn who it is).
      expect((me.body.data as { id: string; email: string }).id).not.toBe(backend.userId);
      expect((me.body.data as { email: string }).email).toBe('demo@cohort.test');
      expect(paths(backend).filter((p) => p === 'GET /api/v1/users/me')).toHaveLength(1);
      await call(mock, token, '/api/v1/users/me');
      expect(paths(backend).filter((p) => p === 'GET /api/v1/users/me')).toHaveLength(1);
      const report = await mockControl(mock.baseUrl).upstream();
      expect(report.operations).toEqual([
        expect.objectContaining({ operationId: 'getMe', state: 'engine', engine: 2, last_fallback: 'mock-ops' }),
      ]);
    }));
});

describe('drift on both sides', () => {
  it("blames the backend for its answer, and --strict turns it into a 500 saying it was the backend's", () =>
    inFront({ backend: { drift: true }, options: { checkResponses: 'strict' } }, async (mock, backend) => {
      const token = await backend.login();
      const notes = await call(mock, token, `/api/v1/users/me/notes/${backend.userId}`);
      expect(notes.status).toBe(500);
      expect(notes.body.message).toMatch(/^The backend's 200 answer to listNotes does not match the contract/);
      const violations = await mockControl(mock.baseUrl).violations();
      expect(violations).toEqual([
        expect.objectContaining({ side: 'backend', operationId: 'listNotes', pointer: '/data/0/date', status: 200 }),
      ]);
      const report = await mockControl(mock.baseUrl).upstream();
      expect(report.operations.find((row) => row.operationId === 'listNotes')).toMatchObject({
        state: 'drifted',
        drifted: 1,
      });
    }));

  it('blames the client for a request that breaks the contract, which never reaches the backend (the engine answers 422)', () =>
    inFront({ options: { checkResponses: 'log' } }, async (mock, backend) => {
      const token = await backend.login();
      const stored = await call(mock, token, '/api/v1/users/me/notes/store', {
        method: 'POST',
        body: JSON.stringify({ title: 'ab', note: 'too short a title', date: '2026-12-02' }),
      });
      expect(stored.status).toBe(422);
      expect(paths(backend)).not.toContain('POST /api/v1/users/me/notes/store');
      const violations = await mockControl(mock.baseUrl).violations();
      expect(violations).toEqual([
        expect.objectContaining({ side: 'client', operationId: 'storeNote', pointer: '/request/title' }),
      ]);
      const report = await mockControl(mock.baseUrl).upstream();
      expect(report.operations).toEqual([
        expect.objectContaining({ operationId: 'storeNote', state: 'engine', last_fallback: 'invalid-request' }),
      ]);
    }));
});

describe('a hostile body in front of a backend', () => {
  it('answers a body nested 100,000 deep with a 422 naming it, never a 500, and never sends it on', () =>
    inFront({}, async (mock, backend) => {
      const token = await backend.login();
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const stored = await call(mock, token, '/api/v1/users/me/notes/store', {
        method: 'POST',
        body: `{"title":${deep},"note":"nested","date":"2026-12-02"}`,
      });
      expect(stored.status).toBe(422);
      expect(stored.body.message).not.toMatch(/stack/i);
      expect(stored.body).toMatchObject({ success: false, errors: { body: ['is nested too deeply'] } });
      expect(paths(backend)).not.toContain('POST /api/v1/users/me/notes/store');
    }));
});

describe('the engine without a server', () => {
  it('stands in front of a backend through fetchTransport, as a browser build would', async () => {
    const backend = await startStandInBackend();
    const engine = createMockEngine({
      users: 60,
      upstream: { url: backend.url, send: fetchTransport(), maxBodyBytes: 1 << 20 },
    });
    try {
      const token = await backend.login();
      const ask = async (path: string) => {
        const res = await engine.handle(
          new Request(`http://mock.test${path}`, { headers: { authorization: `Bearer ${token}` } }),
        );
        return { status: res.status, body: (await res.json()) as { data: unknown } };
      };
      const notes = await ask(`/api/v1/users/me/notes/${backend.userId}`);
      expect(notes.body.data).toEqual([expect.objectContaining({ title: 'From the backend' })]);
      const channels = await ask('/api/v1/users/me/channels');
      expect(channels.status).toBe(200);
      expect((channels.body.data as unknown[]).length).toBeGreaterThan(0);
      const report = await ask('/__mock/upstream');
      expect((report.body.data as { operations: { operationId: string; state: string }[] }).operations).toEqual([
        expect.objectContaining({ operationId: 'listMyChannels', state: 'engine' }),
        expect.objectContaining({ operationId: 'listNotes', state: 'backend' }),
      ]);
    } finally {
      engine.close();
      await backend.close();
    }
  });
});
