import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

// Who may see, join and build inside whose group (Hardening: direct chats, subgroups, request sizes).
let server: TestServer;
const users: { id: string; email: string; token: string }[] = [];

beforeAll(async () => {
  server = await startServer({ seed: { users: 1200, channels: 12 } });
  for (const u of server.store.accounts.first(3))
    users.push({ id: u.id, email: u.email, token: await server.login(u.email) });
});
afterAll(() => server.close());

const as = (i: number) => server.client(users[i]?.token);
const id = (i: number) => users[i]?.id ?? '';
const path = (channelId: string) => ({ params: { path: { id: channelId } } });

async function create(i: number, body: Record<string, unknown>) {
  return as(i).POST('/api/v1/users/channels/store', {
    body: { name: 'G', description: '', tags: [], is_closed: false, users: [], ...body } as never,
  });
}

describe('a one-to-one chat', () => {
  it('is closed and private whatever the body says: a third user can neither join nor read it', async () => {
    const made = await create(0, {
      name: 'Direct',
      is_direct: true,
      is_closed: false,
      is_open: true,
      is_public: true,
      users: [id(1)],
    });
    const chat = made.data?.data;
    expect(chat).toMatchObject({ is_direct: true, is_closed: true, is_open: false, is_public: false });
    const channelId = chat?.id ?? '';
    expect((await as(2).POST('/api/v1/channels/{id}/join', path(channelId))).error?.status).toBe(403);
    expect((await as(2).GET('/api/v1/channels/{id}', path(channelId))).error?.status).toBe(403);
    expect((await as(2).GET('/api/v1/channels/{id}/get-messages', path(channelId))).error?.status).toBe(403);
    expect(server.store.channels.get(channelId)?.users).toEqual([id(0), id(1)]);
    // The other person sees it.
    expect((await as(1).GET('/api/v1/channels/{id}', path(channelId))).data?.data.id).toBe(channelId);
  });

  it('a third user can neither stream it nor write in it, and nobody can add or invite them', async () => {
    const chat = (await create(0, { name: 'Direct 2', is_direct: true, is_closed: false, users: [id(1)] })).data?.data;
    const channelId = chat?.id ?? '';
    const stream = await fetch(`${server.baseUrl}/api/v1/channels/${channelId}/stream`, {
      headers: { authorization: `Bearer ${users[2]?.token}` },
    });
    expect(stream.status).toBe(403);
    expect(await stream.json()).toMatchObject({ success: false });
    const sent = await as(2).POST('/api/v1/channels/{id}/messages', { ...path(channelId), body: { message: 'hi' } });
    expect(sent.error?.status).toBe(403);
    // Even a member cannot bring a third person in.
    const body = { user_ids: [id(2)] };
    expect((await as(0).POST('/api/v1/channels/{id}/members', { ...path(channelId), body })).error?.status).toBe(403);
    expect((await as(0).POST('/api/v1/channels/{id}/invites', { ...path(channelId), body })).error?.status).toBe(403);
    expect(server.store.channels.get(channelId)?.users).toEqual([id(0), id(1)]);
  });
});

describe('closed groups', () => {
  it('a closed group is never joinable, even when the body also says is_open', async () => {
    const made = (await create(0, { name: 'Closed but open?', is_closed: true, is_open: true, is_public: true })).data
      ?.data;
    expect(made).toMatchObject({ is_closed: true, is_open: false, is_public: true });
    const channelId = made?.id ?? '';
    // Public: a stranger may see it, but joining needs an invitation.
    expect((await as(2).GET('/api/v1/channels/{id}', path(channelId))).data?.data.is_member).toBe(false);
    expect((await as(2).POST('/api/v1/channels/{id}/join', path(channelId))).error?.status).toBe(403);
    expect(server.store.channels.get(channelId)?.users).toEqual([id(0)]);
  });
});

describe('subgroups', () => {
  it('only a member of the main group can create one; the group is left untouched', async () => {
    const main = (await create(0, { name: 'Private main', is_closed: true, is_public: false, is_open: false })).data
      ?.data;
    const mainId = main?.id ?? '';
    const planted = await create(2, { name: 'Planted', parent_id: mainId, is_public: true });
    expect(planted.error?.status).toBe(403);
    expect([...server.store.channels.all()].filter((c) => c.parent_id === mainId)).toEqual([]);
    const own = await create(0, { name: 'Own sub', parent_id: mainId, is_public: true });
    expect(own.data?.data.parent_id).toBe(mainId);
  });

  it("a non-member sees a public group's public subgroups, never its private ones (names nor counts)", async () => {
    const main = (await create(0, { name: 'Public main', is_closed: false, is_public: true, is_open: true })).data
      ?.data;
    const mainId = main?.id ?? '';
    const secret = (
      await create(0, { name: 'Secret sub', parent_id: mainId, is_closed: true, is_public: false, is_open: false })
    ).data?.data;
    const open = (
      await create(0, { name: 'Open sub', parent_id: mainId, is_closed: false, is_public: true, is_open: true })
    ).data?.data;
    const seenByOwner = (await as(0).GET('/api/v1/channels/{id}', path(mainId))).data?.data.subgroups.map((s) => s.id);
    expect(seenByOwner).toEqual(expect.arrayContaining([secret?.id, open?.id]));
    const seenByStranger = (await as(2).GET('/api/v1/channels/{id}', path(mainId))).data?.data.subgroups.map(
      (s) => s.id,
    );
    expect(seenByStranger).toEqual([open?.id]);
    expect((await as(2).GET('/api/v1/channels/{id}', path(secret?.id ?? ''))).error?.status).toBe(403);
  });

  it('a public subgroup of a private group stays hidden from people outside the main group', async () => {
    const main = (await create(0, { name: 'Private main 2', is_closed: true, is_public: false, is_open: false })).data
      ?.data;
    const sub = (
      await create(0, { name: 'Public sub', parent_id: main?.id, is_public: true, is_open: true, is_closed: false })
    ).data?.data;
    expect((await as(2).GET('/api/v1/channels/{id}', path(sub?.id ?? ''))).error?.status).toBe(403);
    expect((await as(2).POST('/api/v1/channels/{id}/join', path(sub?.id ?? ''))).error?.status).toBe(403);
  });

  it('an open, private subgroup stays listed for a main-group member who leaves it, who can join again', async () => {
    const main = (await create(0, { name: 'Main with an open sub', is_public: false, users: [id(1)] })).data?.data;
    const mainId = main?.id ?? '';
    const sub = (
      await create(0, { name: 'Open private sub', parent_id: mainId, is_public: false, is_open: true, users: [id(1)] })
    ).data?.data;
    const closed = (
      await create(0, { name: 'Closed private sub', parent_id: mainId, is_closed: true, is_public: false })
    ).data?.data;
    const subId = sub?.id ?? '';
    const listed = async (i: number) =>
      (await as(i).GET('/api/v1/channels/{id}', path(mainId))).data?.data.subgroups.map((s) => [s.id, s.is_member]);
    expect(await listed(1)).toEqual([[subId, true]]);
    expect((await as(1).POST('/api/v1/users/channels/{id}/leave', path(subId))).error).toBeUndefined();
    expect(await listed(1)).toEqual([[subId, false]]);
    expect((await as(1).GET('/api/v1/channels/{id}', path(subId))).data?.data.is_member).toBe(false);
    expect((await as(1).POST('/api/v1/channels/{id}/join', path(subId))).data?.data.users).toContain(id(1));
    // Outside the main group it stays hidden, and a closed private one stays its own members'.
    expect((await as(2).GET('/api/v1/channels/{id}', path(subId))).error?.status).toBe(403);
    expect((await as(2).POST('/api/v1/channels/{id}/join', path(subId))).error?.status).toBe(403);
    expect((await as(1).GET('/api/v1/channels/{id}', path(closed?.id ?? ''))).error?.status).toBe(403);
  });
});

describe('request sizes', () => {
  it('a new group takes at most 1,000 people per request; 1,001 is a 422 naming users', async () => {
    const everyone = server.store.accounts
      .first(1100)
      .map((u) => u.id)
      .filter((u) => u !== id(0));
    const atLimit = await create(0, { users: everyone.slice(0, 1000) });
    // The answer embeds a sample of 20; the count is everyone.
    expect(atLimit.data?.data.users).toHaveLength(20);
    expect(atLimit.data?.data.member_count).toBe(1001);
    const over = await create(0, { users: everyone.slice(0, 1001) });
    expect(over.error?.status).toBe(422);
    expect(Object.keys(over.error?.fieldErrors ?? {})).toContain('users');
  });

  it('adds 1,000 people to a group in one request; 1,001 is a 422 naming user_ids', async () => {
    const group = (await create(0, {})).data?.data;
    const everyone = server.store.accounts
      .first(1100)
      .map((u) => u.id)
      .filter((u) => u !== id(0));
    const added = await as(0).POST('/api/v1/channels/{id}/members', {
      ...path(group?.id ?? ''),
      body: { user_ids: everyone.slice(0, 1000) },
    });
    expect(added.data?.data.member_count).toBe(1001);
    const over = await as(0).POST('/api/v1/channels/{id}/members', {
      ...path(group?.id ?? ''),
      body: { user_ids: everyone.slice(0, 1001) },
    });
    expect(over.error?.status).toBe(422);
    expect(Object.keys(over.error?.fieldErrors ?? {})).toContain('user_ids');
  });
});

describe('profile lists stay within the contract (1,000 items)', () => {
  it('the 1,001st note is a 409 and the list the contract bounds never grows past 1,000', async () => {
    for (let i = server.store.profile.listNotes(id(1)).length; i < 1000; i++) {
      server.store.transact(() =>
        server.store.profile.addNote(id(1), { title: `Note ${i}`, note: 'Filling up', date: '2026-01-01' }),
      );
    }
    const over = await as(1).POST('/api/v1/users/me/notes/store', {
      body: { title: 'One more', note: 'Too many', date: '2026-01-01' },
    });
    expect(over.error?.status).toBe(409);
    expect(over.error?.message).toContain('at most 1,000 notes');
    const list = await as(1).GET('/api/v1/users/me/notes/{id}', { params: { path: { id: id(1) } } });
    expect(list.data?.data).toHaveLength(1000);
  });
});

describe('contact details are for connections (public profiles)', () => {
  it("a stranger's profile has no e-mail, phone or extra e-mails; a connection's and one's own have them", async () => {
    const stranger = server.store.accounts
      .first(1200)
      .find(
        (u) =>
          u.id !== id(0) &&
          !u.friend_ids.includes(id(0)) &&
          !server.store.accounts.find(id(0))?.friend_ids.includes(u.id),
      );
    const seen = (await as(0).GET('/api/v1/users/{id}', { params: { path: { id: stranger?.id ?? '' } } })).data?.data;
    expect(seen?.first_name).toBe(stranger?.first_name);
    expect(seen && ('email' in seen || 'phone' in seen || 'emails' in seen)).toBe(false);
    const friendId = server.store.accounts.find(id(0))?.friend_ids[0] ?? '';
    const friend = (await as(0).GET('/api/v1/users/{id}', { params: { path: { id: friendId } } })).data?.data;
    expect(friend?.email).toBe(server.store.accounts.find(friendId)?.email);
    const own = (await as(0).GET('/api/v1/users/{id}', { params: { path: { id: id(0) } } })).data?.data;
    expect(own?.email).toBe(users[0]?.email);
  });

  it('directory reads are limited per token: 429 with Retry-After past the limit', async () => {
    const limited = await startServer({ options: { authLimits: { directoryPerToken: 5 } } });
    try {
      const client = limited.client(await limited.login());
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (await client.GET('/api/v1/users/search', { params: { query: { q: 'a' } } })).response?.status ?? 0,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const profile = await client.GET('/api/v1/users/{id}', {
        params: { path: { id: limited.store.accounts.first(2)[1]?.id ?? '' } },
      });
      expect(profile.response?.status).toBe(429);
      expect(profile.response?.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
