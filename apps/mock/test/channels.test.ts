import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;
let me: string;
let others: string[];

beforeAll(async () => {
  server = await startServer();
  token = await server.login();
  me = (await server.client(token).GET('/api/v1/users/me')).data?.data.id ?? '';
  others = server.store.accounts
    .first(4)
    .slice(1)
    .map((u) => u.id);
});
afterAll(() => server.close());

const UNKNOWN_CHANNEL = 'chan_AAAAAAAAAAAAAAAAAAAA';

const newChannel = (users: string[]) => ({
  name: 'Climate Founders',
  description: 'Students building climate-tech startups.',
  tags: [1, 2],
  is_closed: false,
  users,
});

describe('channels', () => {
  it('creates a channel with a chan_ id; the creator becomes a member; it shows in my channels', async () => {
    const client = server.client(token);
    const created = await client.POST('/api/v1/users/channels/store', {
      body: { ...newChannel(others.slice(0, 2)), is_public: false, expires_year: 2030 },
    });
    expect(created.response?.status).toBe(201);
    const channel = created.data?.data;
    expect(channel?.id).toMatch(/^chan_[A-Za-z0-9_-]{16,}$/);
    expect(channel?.users).toEqual([me, ...others.slice(0, 2)]);
    expect(channel).toMatchObject({ created_by: me, is_public: false, expires_year: 2030, tags: [1, 2] });
    const mine = await client.GET('/api/v1/users/me/channels');
    expect(mine.data?.data[0]?.id).toBe(channel?.id);
    const messages = await client.GET('/api/v1/channels/{id}/get-messages', {
      params: { path: { id: channel?.id ?? '' } },
    });
    expect(messages.data).toMatchObject({ data: [], meta: { has_more: false, next_before: null } });
  });

  it("a one-to-one chat is titled, for each of the two, with the other person's name", async () => {
    const friend = server.store.accounts.find(others[0] ?? '');
    const demo = server.store.accounts.find(me);
    if (!friend || !demo) throw new Error('seed has no friend');
    const created = await server.client(token).POST('/api/v1/users/channels/store', {
      body: { ...newChannel([friend.id]), name: 'Anything', is_closed: true, is_open: false, is_direct: true },
    });
    expect(created.response?.status).toBe(201);
    const id = created.data?.data.id ?? '';
    expect(created.data?.data).toMatchObject({ is_direct: true, name: `${friend.first_name} ${friend.last_name}` });
    const mine = await server.client(token).GET('/api/v1/users/me/channels');
    expect(mine.data?.data.find((c) => c.id === id)).toMatchObject({
      is_direct: true,
      name: `${friend.first_name} ${friend.last_name}`,
    });

    const friendClient = server.client(await server.login(friend.email));
    const demoName = `${demo.first_name} ${demo.last_name}`;
    const theirs = await friendClient.GET('/api/v1/users/me/channels');
    expect(theirs.data?.data.find((c) => c.id === id)).toMatchObject({ is_direct: true, name: demoName });
    const profile = await friendClient.GET('/api/v1/channels/{id}', { params: { path: { id } } });
    expect(profile.data?.data).toMatchObject({ is_direct: true, name: demoName });
    const read = await friendClient.POST('/api/v1/channels/{id}/read', { params: { path: { id } } });
    expect(read.data?.data.name).toBe(demoName);
    // Two people, for good: nobody can be added or invited.
    const third = others.find((o) => o !== friend.id) ?? '';
    for (const path of ['/api/v1/channels/{id}/members', '/api/v1/channels/{id}/invites'] as const) {
      const refused = await server.client(token).POST(path, { params: { path: { id } }, body: { user_ids: [third] } });
      expect(refused.error?.status, path).toBe(403);
      expect(refused.error?.message).toMatch(/one-to-one/);
    }
    expect(
      (await friendClient.GET('/api/v1/channels/{id}', { params: { path: { id } } })).data?.data.users,
    ).toHaveLength(2);
    // A plain group is not direct, and keeps its one name for everyone.
    const group = mine.data?.data.find((c) => c.id !== id);
    expect(group?.is_direct).toBe(false);
    expect(group?.name).toBe(server.store.snapshot().channels.find((c) => c.id === group?.id)?.name);
  });

  it('a one-to-one chat needs exactly one other person (422 naming users); a stored chat without is_direct is not one', async () => {
    const client = server.client(token);
    for (const users of [[], [me], others.slice(0, 2)]) {
      const res = await client.POST('/api/v1/users/channels/store', {
        body: { ...newChannel(users), is_direct: true },
      });
      expect(res.error?.status, JSON.stringify(users)).toBe(422);
      expect(Object.keys(res.error?.fieldErrors ?? {})).toEqual(['users']);
    }
    const created = await client.POST('/api/v1/users/channels/store', { body: newChannel(others.slice(0, 1)) });
    expect(created.data?.data).toMatchObject({ is_direct: false, name: 'Climate Founders' });
    // As a `--data` file written before the field would load it.
    const stored = server.store.channels.get(created.data?.data.id ?? '');
    if (stored) delete stored.is_direct;
    const mine = await client.GET('/api/v1/users/me/channels');
    expect(mine.data?.data.find((c) => c.id === created.data?.data.id)).toMatchObject({
      is_direct: false,
      name: 'Climate Founders',
    });
  });

  it('answers 422 naming unknown members and tags, and every invalid field', async () => {
    const client = server.client(token);
    const unknown = await client.POST('/api/v1/users/channels/store', {
      body: { ...newChannel([others[0] ?? '', 'usr_AAAAAAAAAAAAAAAAAAAA']), tags: [1, 999] },
    });
    expect(unknown.error?.status).toBe(422);
    expect(Object.keys(unknown.error?.fieldErrors ?? {}).sort()).toEqual(['tags.1', 'users.1']);
    const invalid = await client.POST('/api/v1/users/channels/store', {
      // @ts-expect-error wrong on purpose
      body: { name: '', description: 5, tags: ['x'], users: ['bob'] },
    });
    expect(Object.keys(invalid.error?.fieldErrors ?? {}).sort()).toEqual([
      'description',
      'is_closed',
      'name',
      'tags.0',
      'users.0',
    ]);
  });

  it('leaving removes the membership; leaving again is 409; unknown channel is 404', async () => {
    const client = server.client(token);
    const created = await client.POST('/api/v1/users/channels/store', { body: newChannel(others.slice(0, 1)) });
    const id = created.data?.data.id ?? '';
    const left = await client.POST('/api/v1/users/channels/{id}/leave', { params: { path: { id } } });
    expect(left.data?.data.users).toEqual(others.slice(0, 1));
    const mine = await client.GET('/api/v1/users/me/channels');
    expect(mine.data?.data.map((c) => c.id)).not.toContain(id);
    const again = await client.POST('/api/v1/users/channels/{id}/leave', { params: { path: { id } } });
    expect(again.error?.status).toBe(409);
    const unknown = await client.POST('/api/v1/users/channels/{id}/leave', {
      params: { path: { id: UNKNOWN_CHANNEL } },
    });
    expect(unknown.error?.status).toBe(404);
    const bad = await client.POST('/api/v1/users/channels/{id}/leave', { params: { path: { id: 'general' } } });
    expect(bad.error?.fieldErrors).toHaveProperty('id');
    // A former member can no longer read the messages.
    const read = await client.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id } } });
    expect(read.error?.status).toBe(403);
  });

  it('needs a token (401)', async () => {
    expect((await server.client().GET('/api/v1/users/me/channels')).error?.status).toBe(401);
    expect((await server.client().POST('/api/v1/users/channels/store', { body: newChannel([]) })).error?.status).toBe(
      401,
    );
  });
});

describe('get-messages', () => {
  const demoChannel = async () => {
    // A seeded channel of the demo account's with more than one default page of messages.
    const mine = await server.client(token).GET('/api/v1/users/me/channels');
    const state = server.store.snapshot();
    const channel = mine.data?.data.find((c) => (state.messages[c.id]?.length ?? 0) > 50);
    if (!channel) throw new Error('the demo account has no channel with more than 50 messages');
    return channel.id;
  };

  it('pages newest first with the before/limit cursor, oldest first within a page', async () => {
    const id = await demoChannel();
    const client = server.client(token);
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const { data } = await client.GET('/api/v1/channels/{id}/get-messages', {
        params: { path: { id }, query: { limit: 7, ...(before ? { before } : {}) } },
      });
      if (!data) throw new Error('no page');
      pages++;
      expect(data.data.length).toBeLessThanOrEqual(7);
      const times = data.data.map((m) => m.time);
      expect(times).toEqual([...times].sort());
      for (const m of data.data) {
        expect(m.id).toMatch(/^msg_/);
        expect(m.channel_id).toBe(id);
      }
      seen.unshift(...data.data.map((m) => m.id));
      if (!data.meta.has_more) {
        expect(data.meta.next_before).toBeNull();
        break;
      }
      before = data.meta.next_before ?? undefined;
      expect(before).toBe(data.data[0]?.id);
    }
    const all = server.store.chat.page(me, id, undefined, 100_000).data.map((m) => m.id);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 7));
    expect(all.length).toBeGreaterThanOrEqual(20);
  });

  it('defaults to the newest 50', async () => {
    const id = await demoChannel();
    const { data } = await server.client(token).GET('/api/v1/channels/{id}/get-messages', { params: { path: { id } } });
    const all = server.store.chat.page(me, id, undefined, 100_000).data;
    expect(data?.data).toEqual(all.slice(-50));
  });

  it('answers 403 to a non-member, 404 for an unknown channel or cursor, 422 for a bad limit', async () => {
    const client = server.client(token);
    const notMine = server.store.snapshot().channels.find((c) => !c.users.includes(me));
    if (notMine) {
      const res = await client.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: notMine.id } } });
      expect(res.error?.status).toBe(403);
    }
    const unknown = await client.GET('/api/v1/channels/{id}/get-messages', {
      params: { path: { id: UNKNOWN_CHANNEL } },
    });
    expect(unknown.error?.status).toBe(404);
    const id = await demoChannel();
    const cursor = await client.GET('/api/v1/channels/{id}/get-messages', {
      params: { path: { id }, query: { before: 'msg_AAAAAAAAAAAAAAAAAAAA' } },
    });
    expect(cursor.error?.status).toBe(404);
    const limit = await client.GET('/api/v1/channels/{id}/get-messages', {
      params: { path: { id }, query: { limit: 0 } },
    });
    expect(limit.error?.fieldErrors).toHaveProperty('limit');
    const anon = await server.client().GET('/api/v1/channels/{id}/get-messages', { params: { path: { id } } });
    expect(anon.error?.status).toBe(401);
  });
});
