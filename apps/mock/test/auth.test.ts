import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../src/contract/contract.ts';
import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../src/seed/index.ts';
import { startServer, type TestServer, validateResponse } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('register', () => {
  it('creates an account whose token works at once', async () => {
    const { data, response } = await server.client().POST('/api/v1/register', {
      body: {
        university_name: 'Stanford University',
        email: 'ada@example.edu',
        password: 'analytical',
        graduation_year: 2027,
        first_name: 'Ada',
        last_name: 'Lovelace',
      },
    });
    expect(response?.status).toBe(201);
    const me = await server.client(data?.data.access_token).GET('/api/v1/users/me');
    expect(me.data?.data).toMatchObject({
      email: 'ada@example.edu',
      first_name: 'Ada',
      university: 'Stanford University',
      graduation_year: 2027,
    });
  });

  it('answers 409 naming email when the e-mail is taken (case-insensitively)', async () => {
    const { error } = await server.client().POST('/api/v1/register', {
      body: {
        university_name: 'MIT',
        email: DEMO_ACCOUNT.email.toUpperCase(),
        password: 'secret',
        graduation_year: 2020,
      },
    });
    expect(error?.status).toBe(409);
    expect(error?.fieldErrors.email).toBeDefined();
  });

  it('answers 422 naming every bad field', async () => {
    const { error } = await server.client().POST('/api/v1/register', {
      // @ts-expect-error deliberately wrong types and a missing field
      body: { university_name: '', email: 'not-an-email', password: 'abc', graduation_year: 'soon', extra: true },
    });
    expect(error?.status).toBe(422);
    expect(Object.keys(error?.fieldErrors ?? {}).sort()).toEqual(
      ['email', 'extra', 'graduation_year', 'password', 'university_name'].sort(),
    );
  });

  it('stores the password hashed, never in clear', () => {
    const user = server.store.accounts.findByEmail('ada@example.edu');
    expect(user?.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(server.store.snapshot())).not.toContain('analytical');
  });
});

describe('login', () => {
  it('signs in with university (any case), e-mail and password', async () => {
    const { data } = await server.client().POST('/api/v1/login', {
      body: { uniName: 'stanford UNIVERSITY', email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD },
    });
    expect(data?.data.access_token.length).toBeGreaterThanOrEqual(32);
    expect(data?.data.token_type).toBe('Bearer');
  });

  it.each([
    ['wrong password', { uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: 'nope' }],
    ['wrong university', { uniName: 'Harvard University', email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD }],
    ['unknown e-mail', { uniName: DEMO_ACCOUNT.university, email: 'nobody@cohort.test', password: SEEDED_PASSWORD }],
  ])('answers 401 for a %s', async (_name, body) => {
    const { error } = await server.client().POST('/api/v1/login', { body });
    expect(error?.status).toBe(401);
  });

  it('answers 422 for a missing field', async () => {
    // @ts-expect-error password is missing on purpose
    const { error } = await server.client().POST('/api/v1/login', { body: { uniName: 'x', email: 'a@b.co' } });
    expect(error?.status).toBe(422);
    expect(error?.fieldErrors).toEqual({ password: ['is required'] });
  });

  it('limits failed attempts: the 11th wrong login in a minute gets 429 with Retry-After', async () => {
    const body = { uniName: 'Harvard University', email: 'target@cohort.test', password: 'wrong' };
    for (let i = 0; i < 10; i++) {
      const { error } = await server.client().POST('/api/v1/login', { body });
      expect(error?.status).toBe(401);
    }
    const { error, response } = await server.client().POST('/api/v1/login', { body });
    expect(error?.status).toBe(429);
    expect(Number(response?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(response?.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    // Another e-mail from the same address is not locked out.
    const other = await server.client().POST('/api/v1/login', { body: { ...body, email: 'other@cohort.test' } });
    expect(other.error?.status).toBe(401);
  });
});

describe('logout', () => {
  it.each(['POST', 'GET'] as const)('%s revokes the token: the next call with it gets 401', async (method) => {
    const token = await server.login();
    const client = server.client(token);
    const logout = () => (method === 'POST' ? client.POST('/api/v1/logout') : client.GET('/api/v1/logout'));
    expect((await client.GET('/api/v1/users/me')).data?.data.email).toBe(DEMO_ACCOUNT.email);
    expect((await logout()).data?.message).toBeTruthy();
    expect((await client.GET('/api/v1/users/me')).error?.status).toBe(401);
    expect((await logout()).error?.status).toBe(401);
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'x'.repeat(43)],
  ])('protected operations answer 401 with %s', async (_name, token) => {
    const { error } = await server.client(token).GET('/api/v1/users/me');
    expect(error?.status).toBe(401);
  });
});

/** The operations of the first cut: the 24 tagged `core` and the profile screens' four. */
const PROFILE_AND_CORE = [
  'getMe',
  'updateMe',
  'getUser',
  'listUserExperiences',
  'listSavedMessages',
  'listNotes',
  'storeNote',
  'deleteNote',
  'listClubs',
  'storeClub',
  'detachClub',
  'listInterests',
  'storeInterest',
  'detachInterest',
  'listDirections',
  'storeDirection',
  'detachDirection',
  'listExperiences',
  'storeExperience',
  'logout',
  'storeChannel',
  'listMyChannels',
  'listFriends',
  'getChannelMessages',
  'leaveChannel',
];

const SAMPLE_IDS: Record<string, string> = {
  UserId: 'usr_AAAAAAAAAAAAAAAAAAAA',
  ChannelId: 'chan_AAAAAAAAAAAAAAAAAAAA',
  IntId: '1',
};

describe('every protected operation', () => {
  const secured = contract().operations.filter((op) => PROFILE_AND_CORE.includes(op.operationId));

  it('covers the list', () => {
    expect(secured.map((op) => op.operationId).sort()).toEqual([...PROFILE_AND_CORE].sort());
    expect(secured.every((op) => op.secured)).toBe(true);
  });

  it.each([
    ['no token', undefined],
    ['a malformed header', 'Token abc'],
    ['an unknown token', `Bearer ${'x'.repeat(43)}`],
  ])('answers 401 with %s, before validating anything', async (_name, authorization) => {
    for (const op of secured) {
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const schema = op.parameters.find((p) => p.name === name)?.schema as { $ref?: string } | undefined;
        return SAMPLE_IDS[schema?.$ref?.split('/').pop() ?? ''] ?? 'x';
      });
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: op.method.toUpperCase(),
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        ...(op.method === 'get' || op.method === 'delete' ? {} : { body: '{}' }),
      });
      expect(res.status, op.operationId).toBe(401);
      expect(res.headers.get('www-authenticate'), op.operationId).toBe('Bearer realm="cohort"');
      expect(validateResponse(op.operationId, 401, await res.json())).toEqual([]);
    }
  });
});
