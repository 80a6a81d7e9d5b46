import { describe, expect, it } from 'vitest';
import { parseOptions } from '../src/options.ts';
import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../src/seed/index.ts';
import { withServer } from './helpers.ts';

const retryAfter = (res: Response | undefined) => Number(res?.headers.get('retry-after'));

describe('limits count per user: a fresh sign-in starts no fresh window', () => {
  it('messages: the 4th in a minute (limit 3) is a 429 with Retry-After, whichever token sends it', async () => {
    await withServer({ options: { authLimits: { writesPerUser: 3 } } }, async (server) => {
      const first = server.client(await server.login());
      const channel = (await first.GET('/api/v1/users/me/channels')).data?.data[0]?.id ?? '';
      const send = (client: typeof first) =>
        client.POST('/api/v1/channels/{id}/messages', { params: { path: { id: channel } }, body: { message: 'Hi' } });
      for (let i = 0; i < 3; i++) expect((await send(first)).response?.status).toBe(201);
      const second = server.client(await server.login());
      const refused = await send(second);
      expect(refused.response?.status).toBe(429);
      expect(retryAfter(refused.response)).toBeGreaterThan(0);
      // Someone else's window is their own.
      const other = await server.register();
      const own = await other.api.POST('/api/v1/users/channels/store', {
        body: { name: 'Mine', description: '', tags: [], is_closed: false, users: [] },
      });
      const sent = await other.api.POST('/api/v1/channels/{id}/messages', {
        params: { path: { id: own.data?.data.id ?? '' } },
        body: { message: 'Hi' },
      });
      expect(sent.response?.status).toBe(201);
    });
  });

  it('directory reads: the 4th profile read in a minute (limit 3) is a 429, whichever token reads', async () => {
    await withServer({ options: { authLimits: { directoryPerUser: 3 } } }, async (server) => {
      const other = await server.register();
      const read = (token: string) =>
        server.client(token).GET('/api/v1/users/{id}', { params: { path: { id: other.id } } });
      const first = await server.login();
      for (let i = 0; i < 3; i++) expect((await read(first)).response?.status).toBe(200);
      const refused = await read(await server.login());
      expect(refused.response?.status).toBe(429);
      expect(retryAfter(refused.response)).toBeGreaterThan(0);
    });
  });
});

describe('successful sign-ins per address', () => {
  it('the 3rd within 10 minutes (limit 2) is a 429 with Retry-After; failed ones do not count; the window passes', async () => {
    await withServer({ options: { authLimits: { signInPerAddress: 2 } } }, async (server) => {
      const signIn = (password: string) =>
        server.client().POST('/api/v1/login', {
          body: { uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password },
        });
      expect((await signIn('wrong-password')).response?.status).toBe(401);
      expect((await signIn(SEEDED_PASSWORD)).response?.status).toBe(200);
      expect((await signIn(SEEDED_PASSWORD)).response?.status).toBe(200);
      const refused = await signIn(SEEDED_PASSWORD);
      expect(refused.response?.status).toBe(429);
      expect(retryAfter(refused.response)).toBeGreaterThan(500);
      const moved = await fetch(`${server.baseUrl}/__mock/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_ms: 600_000 }),
      });
      expect(moved.status).toBe(200);
      expect((await signIn(SEEDED_PASSWORD)).response?.status).toBe(200);
    });
  });
});

describe('--sign-in-limit', () => {
  it('defaults to 200, is read from the flag or MOCK_SIGN_IN_LIMIT, and refuses 0', () => {
    expect(parseOptions([], {})).toMatchObject({ signInLimit: 200 });
    expect(parseOptions(['--sign-in-limit', '5'], {})).toMatchObject({ signInLimit: 5 });
    expect(parseOptions([], { MOCK_SIGN_IN_LIMIT: '7' })).toMatchObject({ signInLimit: 7 });
    expect(() => parseOptions(['--sign-in-limit', '0'], {})).toThrow(/--sign-in-limit/);
  });
});
