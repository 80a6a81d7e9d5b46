import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    seed: { users: 20, channels: 2 },
    options: { authLimits: { registerPerAddress: 1000, passwordResetPerAddress: 1000 } },
  });
});
afterAll(() => server.close());

interface Mail {
  to: string;
  link: string;
}
const outbox = async (to: string): Promise<Mail[]> =>
  ((await (await fetch(`${server.baseUrl}/__mock/mail?to=${encodeURIComponent(to)}`)).json()) as { data: Mail[] }).data;
const forgot = (email: string) => server.client().POST('/api/v1/password/forgot', { body: { email } });
const reset = (token: string, password: string, confirmation = password) =>
  server.client().POST('/api/v1/password/reset', {
    body: { token, password, password_confirmation: confirmation },
  });
const tokenOf = (mail: Mail | undefined) => new URL(mail?.link ?? 'http://x/').searchParams.get('token') ?? '';

const account = async () => {
  const { email, token } = await server.register({ university_name: 'Reset University' });
  return { email, token };
};
const signIn = (email: string, password: string) =>
  server.client().POST('/api/v1/login', { body: { uniName: 'Reset University', email, password } });

describe('forgot password', () => {
  it('answers an unknown e-mail exactly as a known one; only the known one gets a mail with a link', async () => {
    const { email } = await account();
    const known = await forgot(email);
    const unknown = await forgot(`nobody-${Date.now()}@cohort.test`);
    expect(known.response?.status).toBe(200);
    expect(unknown.response?.status).toBe(known.response?.status);
    expect(unknown.data).toEqual(known.data);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.link).toMatch(/^http:\/\/localhost:5173\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(await outbox(`nobody-${Date.now()}@cohort.test`)).toEqual([]);
  });

  it('the link sets a new password once, and every session of the account ends', async () => {
    const { email, token: session } = await account();
    await forgot(email);
    const link = tokenOf((await outbox(email))[0]);
    expect((await reset(link, 'new-pass-2')).response?.status).toBe(200);
    expect((await server.client(session).GET('/api/v1/users/me')).error?.status).toBe(401);
    expect((await signIn(email, 'test-pass-1')).error?.status).toBe(401);
    expect((await signIn(email, 'new-pass-2')).response?.status).toBe(200);
    const again = await reset(link, 'third-pass-3');
    expect(again.error?.status).toBe(422);
    expect(JSON.stringify(again.error)).toContain('already used');
  });

  it('a link older than an hour (the mock clock), an unknown one or passwords that differ are 422s naming the field', async () => {
    const { email } = await account();
    await forgot(email);
    const link = tokenOf((await outbox(email))[0]);
    const mismatch = await reset(link, 'new-pass-2', 'other-pass-2');
    expect(mismatch.error).toMatchObject({ fieldErrors: { password_confirmation: [expect.any(String)] } });
    const unknown = await reset('A'.repeat(43), 'new-pass-2');
    expect(unknown.error).toMatchObject({ fieldErrors: { token: [expect.stringContaining('not valid')] } });
    const moved = await fetch(`${server.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 3_600_001 }),
    });
    expect(moved.status).toBe(200);
    const late = await reset(link, 'new-pass-2');
    expect(late.error).toMatchObject({ fieldErrors: { token: [expect.stringContaining('expired')] } });
    expect((await signIn(email, 'test-pass-1')).response?.status).toBe(200);
  });

  it('asking for mails is limited per e-mail: the 6th within the hour is a 429', async () => {
    const { email } = await account();
    for (let i = 0; i < 5; i++) expect((await forgot(email)).response?.status).toBe(200);
    const sixth = await forgot(email);
    expect(sixth.response?.status).toBe(429);
    expect(sixth.response?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await outbox(email)).toHaveLength(5);
  });
});

describe('a new password voids every open link', () => {
  const changePassword = (token: string, from: string, to: string) =>
    server.client(token).PUT('/api/v1/users/me/password', {
      body: { current_password: from, password: to, password_confirmation: to },
    });

  it('a link asked for earlier is refused after a later link set the password, and every session ends', async () => {
    const { email, token: session } = await account();
    await forgot(email);
    await forgot(email);
    const [later, earlier] = (await outbox(email)).map(tokenOf);
    expect((await reset(later ?? '', 'new-pass-2')).response?.status).toBe(200);
    expect((await server.client(session).GET('/api/v1/users/me')).error?.status).toBe(401);
    const old = await reset(earlier ?? '', 'taken-over-3');
    expect(old.error).toMatchObject({ status: 422, fieldErrors: { token: [expect.any(String)] } });
    expect((await signIn(email, 'taken-over-3')).error?.status).toBe(401);
    expect((await signIn(email, 'new-pass-2')).response?.status).toBe(200);
  });

  it('a link asked for before a password change is refused after it; other sessions end, this one stays', async () => {
    const { email, token: session } = await account();
    const other = (await signIn(email, 'test-pass-1')).data?.data.access_token ?? '';
    await forgot(email);
    const link = tokenOf((await outbox(email))[0]);
    expect((await changePassword(session, 'test-pass-1', 'new-pass-2')).response?.status).toBe(200);
    expect((await server.client(other).GET('/api/v1/users/me')).error?.status).toBe(401);
    expect((await server.client(session).GET('/api/v1/users/me')).response?.status).toBe(200);
    const old = await reset(link, 'taken-over-3');
    expect(old.error).toMatchObject({ status: 422, fieldErrors: { token: [expect.any(String)] } });
    expect((await signIn(email, 'taken-over-3')).error?.status).toBe(401);
    expect((await signIn(email, 'new-pass-2')).response?.status).toBe(200);
  });
});

describe("the reset mail's link", () => {
  const forgotFrom = (email: string, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}/api/v1/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email }),
    });

  it('points at the Origin the person asked from when it is an allowed one', async () => {
    const { email } = await account();
    expect((await forgotFrom(email, { origin: 'http://127.0.0.1:5173' })).status).toBe(200);
    expect((await outbox(email))[0]?.link).toMatch(/^http:\/\/127\.0\.0\.1:5173\/reset-password\?token=/);
  });

  it('points at the configured web origin for a foreign Origin, whatever Host or X-Forwarded-* say', async () => {
    const { email } = await account();
    const headers = {
      origin: 'http://attacker.example',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'https',
    };
    expect((await forgotFrom(email, headers)).status).toBe(200);
    expect((await outbox(email))[0]?.link).toMatch(/^http:\/\/localhost:5173\/reset-password\?token=/);
  });
});
