import { describe, expect, it } from 'vitest';
import { parseOptions } from '../src/options.ts';
import { DEFAULT_SEED } from '../src/seed/index.ts';
import { startServer, validateResponse } from './helpers.ts';

const JSON_POST = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };

describe('POST /__mock/reset', () => {
  it('restores the seeded state and forgets sign-in attempts', async () => {
    const server = await startServer();
    try {
      const token = await server.login();
      const client = server.client(token);
      const me = server.store.accounts.findByEmail('demo@cohort.test')?.id ?? '';
      const before = (await client.GET('/api/v1/users/me/notes/{id}', { params: { path: { id: me } } })).data?.data;
      await client.POST('/api/v1/users/me/notes/store', {
        body: { title: 'Temporary', note: 'Gone after reset', date: '2026-01-01' },
      });
      const wrong = { uniName: 'MIT', email: 'locked@cohort.test', password: 'wrong' };
      for (let i = 0; i < 11; i++) await server.client().POST('/api/v1/login', { body: wrong });
      expect((await server.client().POST('/api/v1/login', { body: wrong })).error?.status).toBe(429);
      const res = await fetch(`${server.baseUrl}/__mock/reset`, JSON_POST);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true });
      // Sessions are state too: the old token is gone with it.
      expect((await client.GET('/api/v1/users/me')).error?.status).toBe(401);
      expect((await server.client().POST('/api/v1/login', { body: wrong })).error?.status).toBe(401);
      const fresh = server.client(await server.login());
      expect((await fresh.GET('/api/v1/users/me/notes/{id}', { params: { path: { id: me } } })).data?.data).toEqual(
        before,
      );
    } finally {
      await server.close();
    }
  });
});

describe('--error-rate', () => {
  it('answers 503 with the error envelope on that share of API calls, never on docs or reset', async () => {
    let draws = 0;
    // Every other draw is below the rate.
    const server = await startServer({ options: { errorRate: 0.5, random: () => (draws++ % 2 === 0 ? 0.1 : 0.9) } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`);
        statuses.push(res.status);
        const body = await res.json();
        if (res.status === 503)
          expect(body).toMatchObject({ success: false, message: expect.stringContaining('error-rate') });
        else expect(validateResponse('listResources', res.status, body)).toEqual([]);
      }
      expect(statuses).toEqual([503, 200, 503, 200]);
      expect((await fetch(`${server.baseUrl}/docs/`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/openapi.json`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/__mock/reset`, JSON_POST)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('--latency', () => {
  it('delays API answers', async () => {
    const server = await startServer({ options: { latency: { min: 150, max: 150 } } });
    try {
      const started = performance.now();
      await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await server.close();
    }
  });
});

describe('request log', () => {
  it('writes one line per request', async () => {
    const lines: string[] = [];
    const server = await startServer({ options: { log: (line) => lines.push(line) } });
    try {
      await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Tag`);
      await fetch(`${server.baseUrl}/nope`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines).toEqual([
        expect.stringMatching(/^GET \/api\/v1\/general\/get-all-resource\/\?resource=Tag 200 [\d.]+ms$/),
        expect.stringMatching(/^GET \/nope 404 [\d.]+ms$/),
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('flags and environment', () => {
  it.each([
    [
      [],
      {},
      { port: 4010, host: '127.0.0.1', seed: DEFAULT_SEED, users: 300, errorRate: 0, latency: undefined, quiet: false },
    ],
    [
      ['--port', '0', '--users', '1000', '--latency', '50-200', '--quiet'],
      {},
      { port: 0, users: 1000, latency: { min: 50, max: 200 }, quiet: true },
    ],
    [
      [],
      { MOCK_PORT: '5000', MOCK_SEED: '9', MOCK_ERROR_RATE: '0.25', MOCK_LATENCY: '30' },
      { port: 5000, seed: 9, errorRate: 0.25, latency: { min: 30, max: 30 } },
    ],
    [['--port', '6000'], { MOCK_PORT: '5000' }, { port: 6000 }],
    [['--cors-origin', 'https://a.test, https://b.test'], {}, { corsOrigins: ['https://a.test', 'https://b.test'] }],
    [['--data', 'state.json'], {}, { data: 'state.json' }],
    // What `pnpm --filter @cohort/mock start -- --port 0` hands the script.
    [['--', '--port', '0', '--quiet'], {}, { port: 0, quiet: true }],
    [[], {}, { iceServers: [], keepAliveMs: 15_000 }],
    [['--keep-alive', '500'], {}, { keepAliveMs: 500 }],
    [[], { MOCK_KEEP_ALIVE: '250' }, { keepAliveMs: 250 }],
    [
      ['--ice-servers', '[{"urls":"turn:turn.test","username":"u","credential":"p"}]'],
      {},
      { iceServers: [{ urls: 'turn:turn.test', username: 'u', credential: 'p' }] },
    ],
    [
      [],
      { MOCK_ICE_SERVERS: '[{"urls":["stun:a.test","stun:b.test"]}]' },
      { iceServers: [{ urls: ['stun:a.test', 'stun:b.test'] }] },
    ],
    [[], {}, { journalSize: 1000, checkResponses: 'off' }],
    [['--journal-size', '0', '--check-responses'], {}, { journalSize: 0, checkResponses: 'log' }],
    [['--strict'], {}, { checkResponses: 'strict' }],
    [[], { MOCK_CHECK_RESPONSES: '1', MOCK_JOURNAL_SIZE: '50' }, { checkResponses: 'log', journalSize: 50 }],
    [[], { MOCK_STRICT: 'on' }, { checkResponses: 'strict' }],
  ])('%j with %j', (argv, env, want) => {
    expect(parseOptions(argv, env)).toMatchObject(want);
  });

  it.each([
    [['--users', '100001'], /--users must be between 1 and 100000/],
    [['--users', 'many'], /--users must be a whole number/],
    [['--error-rate', '1.5'], /--error-rate must be a number from 0 to 1/],
    [['--latency', '200-50'], /--latency: 50 is less than 200/],
    [['--latency', 'slow'], /--latency must be/],
    [['--colour'], /Unknown option/],
    [['--ice-servers', 'turn:turn.test'], /--ice-servers must be a JSON array/],
    [['--keep-alive', '50'], /--keep-alive must be between 100 and 600000/],
    [['--ice-servers', '[{"url":"turn:turn.test"}]'], /each with "urls"/],
    [['--journal-size', 'lots'], /--journal-size must be a whole number/],
    [['--journal-size', '100001'], /--journal-size must be between 0 and 100000/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseOptions(argv, {})).toThrow(message);
  });
});

describe('validateResponse (the shared contract check)', () => {
  it('accepts a conforming body and names what drifts', () => {
    expect(validateResponse('getMe', 401, { success: false, message: 'Unauthenticated.' })).toEqual([]);
    expect(validateResponse('getMe', 200, { success: true, message: 'OK', data: { id: 'u1' } })).toEqual(
      expect.arrayContaining([expect.stringContaining('/data/id'), expect.stringContaining('/data/email')]),
    );
    expect(validateResponse('getMe', 418, {})).toEqual([expect.stringContaining('status 418 is not declared')]);
  });
});
