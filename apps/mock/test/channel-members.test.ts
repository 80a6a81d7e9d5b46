import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;
let me: string;
let others: string[];

beforeAll(async () => {
  server = await startServer({ seed: { users: 80, channels: 20 } });
  token = await server.login();
  me = server.store.accounts.first(1)[0]?.id ?? '';
  others = server.store.accounts
    .first(80)
    .map((u) => u.id)
    .filter((id) => id !== me);
});
afterAll(() => server.close());

const UNKNOWN_CHANNEL = 'chan_AAAAAAAAAAAAAAAAAAAA';

/** A new group of the demo account and `count - 1` other seeded people (creator first). */
async function groupOf(count: number, name = `Members ${count}`): Promise<string> {
  const { data, error } = await server.client(token).POST('/api/v1/users/channels/store', {
    body: { name, description: 'Paging members.', tags: [], is_closed: false, users: others.slice(0, count - 1) },
  });
  if (error) throw new Error(JSON.stringify(error));
  return data.data.id;
}

async function page(id: string, query: { cursor?: string; limit?: number } = {}, who = token) {
  return server.client(who).GET('/api/v1/channels/{id}/members', { params: { path: { id }, query } });
}

/** Every page's member ids, following `next_cursor` to the end. */
async function everyPage(id: string, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const { data, error } = await page(id, { ...(cursor ? { cursor } : {}), limit });
    if (error) throw new Error(JSON.stringify(error));
    pages.push(data.data.map((p) => p.id));
    expect(data.meta.has_more).toBe(data.meta.next_cursor !== null);
    cursor = data.meta.next_cursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('a group embeds a bounded sample of its members', () => {
  it('Channel.users and ChannelDetail.members hold the first 20, member_count all of them', async () => {
    const id = await groupOf(45);
    const stored = server.store.channels.get(id)?.users ?? [];
    const { data } = await server.client(token).GET('/api/v1/channels/{id}', { params: { path: { id } } });
    expect(data?.data.users).toEqual(stored.slice(0, 20));
    expect(data?.data.members.map((m) => m.id)).toEqual(stored.slice(0, 20));
    expect(data?.data.member_count).toBe(45);
    const mine = await server.client(token).GET('/api/v1/users/me/channels', { params: { query: {} } });
    const row = mine.data?.data.find((c) => c.id === id);
    expect(row?.users).toHaveLength(20);
    expect(row?.member_count).toBe(45);
  });
});

describe('listChannelMembers pages through every member', () => {
  it('in the order of users (creator first), each member once, the last page without a cursor', async () => {
    const id = await groupOf(45);
    const pages = await everyPage(id, 20);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(server.store.channels.get(id)?.users);
    expect(pages.flat()[0]).toBe(me);
  });

  it('at the limit: one page and no cursor; one past it: a second page of one', async () => {
    const exact = await everyPage(await groupOf(10, 'Ten'), 10);
    expect(exact.map((p) => p.length)).toEqual([10]);
    const past = await everyPage(await groupOf(11, 'Eleven'), 10);
    expect(past.map((p) => p.length)).toEqual([10, 1]);
  });

  it('takes limit 1 to 100 (default 50); 0 and 101 are 422 naming limit', async () => {
    const id = await groupOf(60, 'Sixty');
    expect((await page(id)).data?.data).toHaveLength(50);
    expect((await page(id, { limit: 100 })).data?.data).toHaveLength(60);
    expect((await page(id, { limit: 1 })).data?.data).toHaveLength(1);
    for (const limit of [0, 101]) {
      const { error } = await page(id, { limit });
      expect(error?.status, `limit ${limit}`).toBe(422);
      expect(Object.keys(error?.fieldErrors ?? {})).toEqual(['limit']);
    }
  });

  it('neither repeats nor skips anyone who stays when a member leaves between pages', async () => {
    const id = await groupOf(30, 'Leavers');
    const users = [...(server.store.channels.get(id)?.users ?? [])];
    const first = await page(id, { limit: 10 });
    const cursor = first.data?.meta.next_cursor ?? '';
    // The last member shown leaves, and so does one of the first page's.
    for (const leaver of [users[9], users[3]]) {
      const them = await server.login(server.store.accounts.find(leaver ?? '')?.email);
      expect(
        (await server.client(them).POST('/api/v1/users/channels/{id}/leave', { params: { path: { id } } })).response
          ?.status,
      ).toBe(200);
    }
    const second = await page(id, { cursor, limit: 10 });
    expect(second.data?.data.map((p) => p.id)).toEqual(users.slice(10, 20));
  });

  it('answers a cursor it did not make with an empty last page', async () => {
    const id = await groupOf(5, 'Five');
    const { data } = await page(id, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(data).toMatchObject({ data: [], meta: { has_more: false, next_cursor: null } });
  });
});

describe('only members may list', () => {
  it('403 for a signed-in stranger, a public group too; 404 for an unknown group; 401 without a token', async () => {
    const id = await groupOf(5, 'Public five');
    expect(server.store.channels.get(id)?.is_public).toBe(true);
    const stranger = await server.register();
    // The stranger may read the public group's profile, but not page its members.
    const profile = await stranger.api.GET('/api/v1/channels/{id}', { params: { path: { id } } });
    expect(profile.response?.status).toBe(200);
    expect((await page(id, {}, stranger.token)).error?.status).toBe(403);
    expect((await page(UNKNOWN_CHANNEL)).error?.status).toBe(404);
    const anon = await server.client().GET('/api/v1/channels/{id}/members', { params: { path: { id } } });
    expect(anon.error?.status).toBe(401);
    // Once a member, they may.
    await stranger.api.POST('/api/v1/channels/{id}/join', { params: { path: { id } } });
    expect((await page(id, {}, stranger.token)).data?.data.map((p) => p.id)).toContain(stranger.id);
  });
});
