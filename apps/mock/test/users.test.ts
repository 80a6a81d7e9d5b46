import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await server.login();
});
afterAll(() => server.close());

describe('users/me', () => {
  it('is the demo account with a full profile', async () => {
    const { data } = await server.client(token).GET('/api/v1/users/me');
    const user = data?.data;
    expect(user?.id).toMatch(/^usr_[A-Za-z0-9_-]{16,}$/);
    expect(user).toMatchObject({ email: DEMO_ACCOUNT.email, university: DEMO_ACCOUNT.university });
    for (const field of ['first_name', 'last_name', 'phone', 'program', 'description', 'profile_image'] as const) {
      expect(user?.[field], field).toBeTruthy();
    }
    expect(user?.emails?.length).toBeGreaterThan(0);
    expect(user?.graduation_year).toBeTypeOf('number');
  });

  it('updateMe changes only the fields sent', async () => {
    const client = server.client(token);
    const before = (await client.GET('/api/v1/users/me')).data?.data;
    const { data } = await client.PATCH('/api/v1/users/me', {
      body: { phone: '+1 650 555 0100', emails: ['dana@example.org'], description: null },
    });
    expect(data?.data).toMatchObject({ phone: '+1 650 555 0100', emails: ['dana@example.org'], description: null });
    expect(data?.data.first_name).toBe(before?.first_name);
    expect((await client.GET('/api/v1/users/me')).data?.data.phone).toBe('+1 650 555 0100');
  });

  it('updateMe answers 422 for an empty body or bad fields, 401 without a token', async () => {
    const client = server.client(token);
    const empty = await client.PATCH('/api/v1/users/me', { body: {} });
    expect(empty.error?.status).toBe(422);
    const bad = await client.PATCH('/api/v1/users/me', {
      body: { emails: ['nope'], profile_image: 'not a url', id: 'x' },
    });
    expect(Object.keys(bad.error?.fieldErrors ?? {}).sort()).toEqual(['emails.0', 'id', 'profile_image']);
    expect((await server.client().PATCH('/api/v1/users/me', { body: { phone: '1' } })).error?.status).toBe(401);
  });
});

describe('getUser', () => {
  it("returns another user's public profile, 404 for an unknown id, 422 for a malformed one", async () => {
    const other = server.store.accounts.first(2)[1];
    const client = server.client(token);
    const { data } = await client.GET('/api/v1/users/{id}', { params: { path: { id: other?.id ?? '' } } });
    expect(data?.data).toMatchObject({ id: other?.id, first_name: other?.first_name });
    // A stranger's contact details are not shown (the contract's PublicUser); see access.test.ts.
    const demo = server.store.accounts.findByEmail('demo@cohort.test');
    if (!demo?.friend_ids.includes(other?.id ?? '')) expect(data?.data).not.toHaveProperty('email');
    expect(data?.data).not.toHaveProperty('password_hash');
    expect(
      (await client.GET('/api/v1/users/{id}', { params: { path: { id: 'usr_AAAAAAAAAAAAAAAAAAAA' } } })).error?.status,
    ).toBe(404);
    expect(
      (await client.GET('/api/v1/users/{id}', { params: { path: { id: 'bob' } } })).error?.fieldErrors,
    ).toHaveProperty('id');
  });
});

describe('friends', () => {
  it('is a bare JSON array of the demo account’s friends, each a friend of theirs too', async () => {
    const { data, response } = await server.client(token).GET('/api/v1/users/me/friends');
    expect(Array.isArray(data)).toBe(true);
    expect(data?.length).toBeGreaterThanOrEqual(10);
    const me = server.store.accounts.findByEmail(DEMO_ACCOUNT.email);
    for (const friend of data ?? []) expect(server.store.accounts.find(friend.id)?.friend_ids).toContain(me?.id);
    expect(response?.headers.get('content-type')).toMatch(/json/);
    expect((await server.client().GET('/api/v1/users/me/friends')).error?.status).toBe(401);
  });
});

describe('saved messages', () => {
  it('lists the demo account’s saved messages, newest first', async () => {
    const { data } = await server.client(token).GET('/api/v1/users/me/saved-messages');
    const saved = data?.data ?? [];
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.map((s) => s.saved_at)).toEqual(
      saved
        .map((s) => s.saved_at)
        .sort()
        .reverse(),
    );
    expect((await server.client().GET('/api/v1/users/me/saved-messages')).error?.status).toBe(401);
  });
});

describe('resources', () => {
  it.each([
    ['Club', 'Entrepreneurship Club'],
    ['Position', 'Vice President'],
    ['Degree', 'EMBA'],
    ['Tag', 'Entrepreneurship'],
    ['Graduation', String(new Date().getUTCFullYear() + 4)],
  ] as const)('lists %s including %s', async (resource, name) => {
    const { data } = await server.client().GET('/api/v1/general/get-all-resource/', {
      params: { query: { resource, per_page: 100 } },
    });
    expect(data?.data.data.map((i) => i.name)).toContain(name);
  });

  it('lists about eight universities', async () => {
    const { data } = await server
      .client()
      .GET('/api/v1/general/get-all-resource/', { params: { query: { resource: 'University' } } });
    expect(data?.data.total).toBeGreaterThanOrEqual(8);
  });

  it('pages Laravel-style and filters by name, case-insensitively', async () => {
    const client = server.client();
    const page = await client.GET('/api/v1/general/get-all-resource/', {
      params: { query: { resource: 'Graduation', page: 2, per_page: 10 } },
    });
    expect(page.data?.data).toMatchObject({ current_page: 2, per_page: 10 });
    expect(page.data?.data.data.map((i) => i.name)).toEqual(Array.from({ length: 10 }, (_, i) => String(1980 + i)));
    const total = page.data?.data.total ?? 0;
    expect(page.data?.data.last_page).toBe(Math.ceil(total / 10));
    const filtered = await client.GET('/api/v1/general/get-all-resource/', {
      params: { query: { resource: 'Club', q: 'CHESS' } },
    });
    expect(filtered.data?.data.data.map((i) => i.name)).toEqual(['Chess Club']);
    const beyond = await client.GET('/api/v1/general/get-all-resource/', {
      params: { query: { resource: 'Club', page: 99 } },
    });
    expect(beyond.data?.data).toMatchObject({ data: [], current_page: 99 });
  });

  it('answers 422 naming each bad query parameter', async () => {
    const { error } = await server.client().GET('/api/v1/general/get-all-resource/', {
      // @ts-expect-error wrong on purpose
      params: { query: { resource: 'Pets', per_page: 1000, page: 'two' } },
    });
    expect(Object.keys(error?.fieldErrors ?? {}).sort()).toEqual(['page', 'per_page', 'resource']);
    // @ts-expect-error resource is required
    const missing = await server.client().GET('/api/v1/general/get-all-resource/', { params: { query: {} } });
    expect(missing.error?.fieldErrors).toEqual({ resource: ['is required'] });
  });
});
