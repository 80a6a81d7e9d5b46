import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createMockServer, Store } from '@cohort/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.ts';
import { cell, failuresOf } from './helpers.ts';
import { seeded } from './mock.ts';

/** The real mock in-process; `broken` changes its store the way a server with the bug would behave. */
async function startMock(
  broken?: (store: Store) => void,
  limits: { directoryPerUser?: number } = {},
): Promise<{ url: string; close: () => void }> {
  const seed = { users: 30 };
  const store = new Store(seeded(seed));
  broken?.(store);
  const app = createApp({
    store,
    options: {
      seededPasswordHash: 'unused: the run registers its own users',
      resetState: () => seeded(seed),
      authLimits: { registerPerAddress: 1000, ...limits },
    },
  });
  const server = await new Promise<Server>((resolve) => {
    const s = createMockServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const OPERATIONS = ['register', 'login', 'getMe', 'getUser', 'requestPasswordReset', 'resetPassword', 'changePassword'];
const run = (baseUrl: string, fetchImpl?: typeof fetch) =>
  runConformance({
    baseUrl,
    include: 'all',
    operations: OPERATIONS,
    fuzz: 0,
    seed: 9,
    examples: false,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });

// One run against the real mock for both checks' passes.
let mock: { url: string; close: () => void };
let result: Awaited<ReturnType<typeof run>>;
beforeAll(async () => {
  mock = await startMock();
  result = await run(mock.url);
}, 90_000);
afterAll(() => mock?.close());

describe('older reset links (ignored_auth of resetPassword)', () => {
  it('pass against the mock: a link from before a later reset, and from before a password change, is refused', () => {
    expect(failuresOf(result, 'resetPassword', 'ignored_auth')).toEqual([]);
    expect(cell(result, 'resetPassword', 'ignored_auth')).toMatchObject({ status: 'pass', runs: 2 });
  });

  it('fail against a server where a new password leaves the older links open', async () => {
    const broken = await startMock((store) => {
      store.passwordResets.voidOpen = () => undefined;
    });
    try {
      const found = failuresOf(await run(broken.url), 'resetPassword', 'ignored_auth').map((f) => f.message);
      expect(found).toEqual([
        expect.stringContaining('before a later reset'),
        expect.stringContaining('before a password change'),
      ]);
    } finally {
      broken.close();
    }
  });
});

describe('limits per user (rate_limit_per_user)', () => {
  it('pass against the mock: a fresh sign-in goes on counting in the same window', () => {
    expect(failuresOf(result, 'getUser', 'rate_limit_per_user')).toEqual([]);
    expect(cell(result, 'getUser', 'rate_limit_per_user')).toMatchObject({ status: 'pass' });
  });

  it('fail against a server whose windows start over with each token', async () => {
    // RateLimit-Remaining counted per token, as a server keyed by token would answer.
    const perToken = new Map<string, number>();
    const fetchPerToken: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!res.headers.has('ratelimit-remaining')) return res;
      const token = new Headers(init?.headers).get('authorization') ?? '';
      const used = (perToken.get(token) ?? 0) + 1;
      perToken.set(token, used);
      const headers = new Headers(res.headers);
      headers.set('ratelimit-remaining', String(300 - used));
      return new Response(await res.arrayBuffer(), { status: res.status, headers });
    };
    const perTokenResult = await run(mock.url, fetchPerToken);
    expect(failuresOf(perTokenResult, 'getUser', 'rate_limit_per_user').map((f) => f.message)).toEqual([
      'a new token of the same user starts a fresh rate window',
    ]);
  });

  it('a 429 with Retry-After is the limit holding, never a finding', async () => {
    const tight = await startMock(undefined, { directoryPerUser: 1 });
    try {
      const tightResult = await run(tight.url);
      // The provocations' 404s answered 429 go unseen (status_coverage): that is the limit, not this check.
      expect(tightResult.failures.filter((f) => f.code !== 'status_coverage')).toEqual([]);
      expect(cell(tightResult, 'getUser', 'rate_limit_per_user')).toMatchObject({ status: 'pass' });
    } finally {
      tight.close();
    }
  });
});
