import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { startServer, type TestServer } from './helpers.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
const HOUR = 3_600_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    seed: { users: 20, channels: 2 },
    // Sessions idle for two days expire: a day's advance keeps one, thirty days do not.
    options: { authLimits: { registerPerAddress: 1000, passwordResetPerAddress: 1000 }, sessionIdleMs: 48 * HOUR },
  });
});
afterAll(() => server.close());

interface Expired {
  kind: string;
  id: string;
  expired_at: string;
  user_id: string | null;
  session: string | null;
}
interface Advance {
  now: string;
  advanced_ms: number;
  expired: Expired[];
  counts: Record<string, number>;
  truncated: boolean;
}

async function advance(ms: number): Promise<Advance> {
  const res = await fetch(`${server.baseUrl}/__mock/clock`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ advance_ms: ms }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Advance }).data;
}

/** A request in a mock session, as a test or the app in that session sends it. */
const inSession = (session: string, path: string, init: RequestInit = {}, token?: string) =>
  fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: {
      ...JSON_HEADERS,
      'x-mock-session': session,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

describe('POST /__mock/clock answers what the advance made expire', () => {
  it('a story posted, the clock 24 h on: listed with its id and when it expired, and getStories no longer has it', async () => {
    const me = await server.register();
    const posted = await me.api.POST('/api/v1/stories', { body: { text: 'expiring soon', background: '#123456' } });
    const id = posted.data?.data.id ?? '';
    expect(id).toMatch(/^sty_/);
    const storiesOf = async () =>
      ((await me.api.GET('/api/v1/users/me/stories')).data?.data ?? []).flatMap((g) => g.stories.map((s) => s.id));
    expect(await storiesOf()).toContain(id);

    const early = await advance(23 * HOUR);
    expect(early.expired.find((e) => e.id === id)).toBeUndefined();
    const moved = await advance(HOUR + 1000);
    const item = moved.expired.find((e) => e.id === id);
    expect(item).toEqual({
      kind: 'story',
      id,
      expired_at: posted.data?.data.expires_at,
      user_id: me.id,
      session: null,
    });
    expect(moved.counts.story).toBe(moved.expired.filter((e) => e.kind === 'story').length);
    expect(Object.keys(moved.counts).sort()).toEqual(
      ['call', 'location_share', 'password_reset', 'session', 'story', 'token', 'upload'].sort(),
    );
    expect(moved.truncated).toBe(false);
    expect(await storiesOf()).not.toContain(id);
    // Listed once: the next advance does not list it again.
    expect((await advance(HOUR)).expired.find((e) => e.id === id)).toBeUndefined();
  });

  it('a reset link an hour on: listed as password_reset for its account, and refused afterwards', async () => {
    const me = await server.register({ university_name: 'Reset University' });
    expect(
      (await server.client().POST('/api/v1/password/forgot', { body: { email: me.email } })).response?.status,
    ).toBe(200);
    const mails = (await (await fetch(`${server.baseUrl}/__mock/mail?to=${encodeURIComponent(me.email)}`)).json()) as {
      data: { link: string }[];
    };
    const token = new URL(mails.data[0]?.link ?? 'http://x/').searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const moved = await advance(HOUR + 1000);
    const resets = moved.expired.filter((e) => e.kind === 'password_reset' && e.user_id === me.id);
    expect(resets).toHaveLength(1);
    expect(resets[0]?.id).toMatch(/^rst_[A-Za-z0-9_-]{16}$/);
    expect(moved.counts.password_reset).toBeGreaterThanOrEqual(1);
    const refused = await server.client().POST('/api/v1/password/reset', {
      body: { token, password: 'new-pass-2', password_confirmation: 'new-pass-2' },
    });
    expect(refused.error?.status).toBe(422);
    expect(JSON.stringify(refused.error)).toContain('expired');
  });

  it('a token 30 days unused and an idle session: listed, the token then a 401, the session gone from the list', async () => {
    const me = await server.register();
    const made = await fetch(`${server.baseUrl}/__mock/sessions`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ name: 'clock-idle' }),
    });
    expect(made.status).toBe(201);
    const moved = await advance(30 * 24 * HOUR + 1000);
    const tokens = moved.expired.filter((e) => e.kind === 'token' && e.user_id === me.id);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.id).toMatch(/^ses_/);
    expect(moved.expired).toContainEqual(
      expect.objectContaining({ kind: 'session', id: 'clock-idle', session: 'clock-idle' }),
    );
    expect((await me.api.GET('/api/v1/users/me')).error?.status).toBe(401);
    const listed = (await (await fetch(`${server.baseUrl}/__mock/sessions`)).json()) as { data: { name: string }[] };
    expect(listed.data.map((s) => s.name)).not.toContain('clock-idle');
  });

  it('what expires inside a live session names that session', async () => {
    const login = await inSession('clock-live', '/api/v1/login', {
      method: 'POST',
      body: JSON.stringify({
        uniName: DEMO_ACCOUNT.university,
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
      }),
    });
    expect(login.status, 'demo sign-in in the session').toBe(200);
    const token = ((await login.json()) as { data?: { access_token?: string } }).data?.access_token;
    const posted = await inSession(
      'clock-live',
      '/api/v1/stories',
      { method: 'POST', body: JSON.stringify({ text: 'in a session', background: '#123456' }) },
      token,
    );
    expect(posted.status).toBe(201);
    const id = ((await posted.json()) as { data: { id: string } }).data.id;
    const moved = await advance(24 * HOUR + 1000);
    expect(moved.expired.find((e) => e.id === id)).toMatchObject({ kind: 'story', session: 'clock-live' });
    expect(moved.expired.find((e) => e.kind === 'session' && e.id === 'clock-live')).toBeUndefined();
    // The default state's own stories are not the session's: none of them names it.
    const stories = await inSession('clock-live', '/api/v1/users/me/stories', {}, token);
    const ids = ((await stories.json()) as { data: { stories: { id: string }[] }[] }).data.flatMap((g) =>
      g.stories.map((s) => s.id),
    );
    expect(ids).not.toContain(id);
  });

  it('a bad advance is a 422 naming advance_ms', async () => {
    const res = await fetch(`${server.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ advance_ms: -5 }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty('advance_ms');
  });
});
