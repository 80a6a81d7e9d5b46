import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;
let people: string[];

beforeAll(async () => {
  server = await startServer({ seed: { users: 120 } });
  token = await server.login();
  people = server.store.accounts
    .first(120)
    .slice(1)
    .map((u) => u.id);
});
afterAll(() => server.close());

const UNKNOWN_USER = 'usr_AAAAAAAAAAAAAAAAAAAA';

describe('saved lists', () => {
  it('the demo account starts with saved lists and one in Recently Deleted', async () => {
    const client = server.client(token);
    const all = (await client.GET('/api/v1/users/me/saved-lists')).data?.data ?? [];
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((l) => l.deleted_at === null && l.count >= 0)).toBe(true);
    const dates = all.map((l) => l.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const deleted = (await client.GET('/api/v1/users/me/saved-lists', { params: { query: { deleted: true } } })).data
      ?.data;
    expect(deleted?.length).toBe(1);
    expect(deleted?.[0]?.deleted_at).toBeTruthy();
  });

  it('creates a list of chosen people; it is listed first with its count and readable in detail', async () => {
    const client = server.client(token);
    const chosen = people.slice(0, 2);
    const created = await client.POST('/api/v1/users/me/saved-lists', {
      body: { name: '  Two people  ', user_ids: chosen },
    });
    expect(created.response?.status).toBe(201);
    const list = created.data?.data;
    expect(list).toMatchObject({ name: 'Two people', count: 2, deleted_at: null });
    expect(list?.members.map((m) => m.id)).toEqual(chosen);
    const all = (await client.GET('/api/v1/users/me/saved-lists')).data?.data ?? [];
    expect(all[0]).toMatchObject({ id: list?.id, count: 2 });
    const detail = await client.GET('/api/v1/users/me/saved-lists/{id}', { params: { path: { id: list?.id ?? 0 } } });
    expect(detail.data?.data.members.map((m) => m.id)).toEqual(chosen);
  });

  it('saves everyone a search finds, united with chosen people', async () => {
    const client = server.client(token);
    const search = { university: ['Stanford University'], industry: ['Tech', 'Finance'] };
    const found = (await client.GET('/api/v1/users/search', { params: { query: { ...search, per_page: 100 } } })).data
      ?.data;
    const extra = people.find((id) => !found?.data.some((p) => p.id === id)) as string;
    const created = await client.POST('/api/v1/users/me/saved-lists', {
      body: { name: 'Stanford tech and finance', search, user_ids: [extra] },
    });
    expect(created.data?.data.count).toBe((found?.total ?? 0) + 1);
    expect(created.data?.data.members.map((m) => m.id)).toEqual([extra, ...(found?.data.map((p) => p.id) ?? [])]);
  });

  it('soft-deletes to Recently Deleted and restores; 409 when already in that state', async () => {
    const client = server.client(token);
    const id = (
      await client.POST('/api/v1/users/me/saved-lists', { body: { name: 'Short-lived', user_ids: [people[3] ?? ''] } })
    ).data?.data.id as number;
    const path = { params: { path: { id } } };
    const deleted = await client.DELETE('/api/v1/users/me/saved-lists/{id}', path);
    expect(deleted.data?.data.deleted_at).toBeTruthy();
    expect((await client.GET('/api/v1/users/me/saved-lists')).data?.data.some((l) => l.id === id)).toBe(false);
    const bin = (await client.GET('/api/v1/users/me/saved-lists', { params: { query: { deleted: true } } })).data?.data;
    expect(bin?.[0]?.id).toBe(id);
    expect((await client.DELETE('/api/v1/users/me/saved-lists/{id}', path)).error?.status).toBe(409);

    const restored = await client.POST('/api/v1/users/me/saved-lists/{id}/restore', path);
    expect(restored.data?.data).toMatchObject({ id, deleted_at: null, count: 1 });
    expect((await client.GET('/api/v1/users/me/saved-lists')).data?.data.some((l) => l.id === id)).toBe(true);
    expect((await client.POST('/api/v1/users/me/saved-lists/{id}/restore', path)).error?.status).toBe(409);
  });

  it('removes a member; 404 for someone not in the list', async () => {
    const client = server.client(token);
    const chosen = people.slice(10, 13);
    const id = (await client.POST('/api/v1/users/me/saved-lists', { body: { name: 'Three', user_ids: chosen } })).data
      ?.data.id as number;
    const removed = await client.DELETE('/api/v1/users/me/saved-lists/{id}/members/{userId}', {
      params: { path: { id, userId: chosen[1] ?? '' } },
    });
    expect(removed.data?.data.count).toBe(2);
    expect(removed.data?.data.members.map((m) => m.id)).toEqual([chosen[0], chosen[2]]);
    const again = await client.DELETE('/api/v1/users/me/saved-lists/{id}/members/{userId}', {
      params: { path: { id, userId: chosen[1] ?? '' } },
    });
    expect(again.error?.status).toBe(404);
    const after = await client.GET('/api/v1/users/me/saved-lists/{id}', { params: { path: { id } } });
    expect(after.data?.data.count).toBe(2);
  });

  it("answers 404 for another user's list or an unknown one", async () => {
    const other = server.store.accounts.first(2)[1];
    const otherToken = await server.login(other?.email);
    const mine = (await server.client(token).GET('/api/v1/users/me/saved-lists')).data?.data[0]?.id as number;
    const client = server.client(otherToken);
    expect((await client.GET('/api/v1/users/me/saved-lists')).data?.data).toEqual([]);
    for (const id of [mine, 99999]) {
      const path = { params: { path: { id } } };
      expect((await client.GET('/api/v1/users/me/saved-lists/{id}', path)).error?.status).toBe(404);
      expect((await client.DELETE('/api/v1/users/me/saved-lists/{id}', path)).error?.status).toBe(404);
      expect((await client.POST('/api/v1/users/me/saved-lists/{id}/restore', path)).error?.status).toBe(404);
    }
  });

  it('answers 422 naming every bad field, 401 without a token', async () => {
    const client = server.client(token);
    const unknown = await client.POST('/api/v1/users/me/saved-lists', {
      body: { name: '   ', user_ids: [people[0] ?? '', UNKNOWN_USER] },
    });
    expect(unknown.error?.status).toBe(422);
    expect(Object.keys(unknown.error?.fieldErrors ?? {}).sort()).toEqual(['name', 'user_ids.1']);
    const onlyName = await client.POST('/api/v1/users/me/saved-lists', { body: { name: 'No people' } });
    expect(onlyName.error?.status).toBe(422);
    const invalid = await client.POST('/api/v1/users/me/saved-lists', {
      // @ts-expect-error wrong on purpose
      body: { name: 5, user_ids: ['bob', 'bob'], search: { class_of: ['x'], colour: 'red' } },
    });
    expect(Object.keys(invalid.error?.fieldErrors ?? {}).sort()).toEqual([
      'name',
      'search.class_of.0',
      'search.colour',
      'user_ids',
      'user_ids.0',
      'user_ids.1',
    ]);
    const tooMany = await client.POST('/api/v1/users/me/saved-lists', { body: { name: 'All', search: {} } });
    expect(tooMany.response?.status).toBe(201);
    expect(tooMany.data?.data.count).toBe(people.length);
    const badId = await client.GET('/api/v1/users/me/saved-lists/{id}', {
      params: { path: { id: 'x' as unknown as number } },
    });
    expect(badId.error?.status).toBe(422);
    expect((await server.client().GET('/api/v1/users/me/saved-lists')).response?.status).toBe(401);
  });

  it('refuses to save a search that finds more than 1000 people', async () => {
    const big = await startServer({ seed: { users: 1100, channels: 2 } });
    try {
      const bigToken = await big.login();
      const tooMany = await big
        .client(bigToken)
        .POST('/api/v1/users/me/saved-lists', { body: { name: 'All', search: {} } });
      expect(tooMany.error?.status).toBe(422);
      expect(Object.keys(tooMany.error?.fieldErrors ?? {})).toEqual(['search']);
    } finally {
      await big.close();
    }
  });
});
