import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;
let me: string;

beforeAll(async () => {
  // 20 channels: the demo account is in 12, a few are subgroups, and it has pending invites to others.
  server = await startServer({ seed: { users: 80, channels: 20 } });
  token = await server.login();
  me = server.store.accounts.first(1)[0]?.id ?? '';
});
afterAll(() => server.close());

const UNKNOWN_CHANNEL = 'chan_AAAAAAAAAAAAAAAAAAAA';
const UNKNOWN_USER = 'usr_AAAAAAAAAAAAAAAAAAAA';
const path = (id: string) => ({ params: { path: { id } } });

async function myGroups(status?: 'active' | 'inactive') {
  const { data } = await server.client(token).GET('/api/v1/users/me/channels', {
    params: { query: status ? { status } : {} },
  });
  return data?.data ?? [];
}

/** A group the demo account is not in, and whether it is open. */
function foreignGroup(open: boolean) {
  return server.store.channels.all().find((c) => !c.users.includes(me) && c.is_open === open && !c.parent_id);
}

describe('my groups', () => {
  it('splits into active and inactive with per-user fields; both when no status is given', async () => {
    const all = await myGroups();
    const active = await myGroups('active');
    const inactive = await myGroups('inactive');
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(inactive.length).toBe(3);
    expect(active.length + inactive.length).toBe(all.length);
    expect(active.every((c) => c.status === 'active' && c.is_member === true)).toBe(true);
    expect(inactive.every((c) => c.status === 'inactive')).toBe(true);
    expect(active.filter((c) => c.is_following).length).toBe(3);
    for (const c of all) {
      const stored = server.store.channels.get(c.id);
      expect(c.member_count).toBe(stored?.users.length);
      expect(c.users).toEqual(stored?.users.slice(0, 20));
    }
  });

  it('follow and unfollow persist; 409 when not a member, 404 when unknown', async () => {
    const client = server.client(token);
    const group = (await myGroups('active')).find((c) => !c.is_following);
    const id = group?.id ?? '';
    const followed = await client.POST('/api/v1/channels/{id}/follow', path(id));
    expect(followed.data?.data).toMatchObject({ id, is_following: true });
    expect((await myGroups()).find((c) => c.id === id)?.is_following).toBe(true);
    const unfollowed = await client.DELETE('/api/v1/channels/{id}/follow', path(id));
    expect(unfollowed.data?.data.is_following).toBe(false);
    expect((await myGroups()).find((c) => c.id === id)?.is_following).toBe(false);

    const stranger = foreignGroup(true) ?? foreignGroup(false);
    expect((await client.POST('/api/v1/channels/{id}/follow', path(stranger?.id ?? ''))).error?.status).toBe(409);
    expect((await client.POST('/api/v1/channels/{id}/follow', path(UNKNOWN_CHANNEL))).error?.status).toBe(404);
    const bad = await client.POST('/api/v1/channels/{id}/follow', path('chan_x'));
    expect(bad.error?.status).toBe(422);
    expect(Object.keys(bad.error?.fieldErrors ?? {})).toEqual(['id']);
  });

  it('reactivates an inactive group: it moves to My Groups', async () => {
    const client = server.client(token);
    const id = (await myGroups('inactive'))[0]?.id ?? '';
    const done = await client.POST('/api/v1/channels/{id}/reactivate', path(id));
    expect(done.data?.data).toMatchObject({ id, status: 'active' });
    expect((await myGroups('inactive')).some((c) => c.id === id)).toBe(false);
    expect((await myGroups('active')).some((c) => c.id === id)).toBe(true);
    const stranger = foreignGroup(true) ?? foreignGroup(false);
    expect((await client.POST('/api/v1/channels/{id}/reactivate', path(stranger?.id ?? ''))).error?.status).toBe(409);
    expect((await client.POST('/api/v1/channels/{id}/reactivate', path(UNKNOWN_CHANNEL))).error?.status).toBe(404);
  });

  it('answers 422 for an unknown status, 401 without a token', async () => {
    const bad = await server.client(token).GET('/api/v1/users/me/channels', {
      // @ts-expect-error wrong on purpose
      params: { query: { status: 'archived' } },
    });
    expect(bad.error?.status).toBe(422);
    expect(Object.keys(bad.error?.fieldErrors ?? {})).toEqual(['status']);
    expect((await server.client().POST('/api/v1/channels/{id}/follow', path(UNKNOWN_CHANNEL))).response?.status).toBe(
      401,
    );
  });
});

describe('group profile', () => {
  it('shows members, subgroups and counts to a member', async () => {
    const parent = server.store.channels.all()[0];
    const { data } = await server.client(token).GET('/api/v1/channels/{id}', path(parent?.id ?? ''));
    const group = data?.data;
    expect(group?.is_member).toBe(true);
    // A bounded sample (the first 20, creator first), the count of them all.
    expect(parent?.users.length).toBeGreaterThan(20);
    expect(group?.members.map((m) => m.id)).toEqual(parent?.users.slice(0, 20));
    expect(group?.users).toEqual(parent?.users.slice(0, 20));
    expect(group?.member_count).toBe(parent?.users.length);
    // The demo account just signed in, so at least it is online.
    expect(group?.online_count).toBeGreaterThanOrEqual(1);
    expect(group?.subgroups.length).toBeGreaterThan(0);
    for (const sub of group?.subgroups ?? []) expect(sub.name.startsWith(parent?.name ?? '?')).toBe(true);
  });

  it('403 for a private group one is not in, 404 for an unknown one', async () => {
    const client = server.client(token);
    const hidden = server.store.channels.all().find((c) => !c.users.includes(me) && !c.is_public);
    if (hidden) expect((await client.GET('/api/v1/channels/{id}', path(hidden.id))).error?.status).toBe(403);
    const open = server.store.channels.all().find((c) => !c.users.includes(me) && c.is_public);
    if (open) expect((await client.GET('/api/v1/channels/{id}', path(open.id))).data?.data.is_member).toBe(false);
    expect((await client.GET('/api/v1/channels/{id}', path(UNKNOWN_CHANNEL))).error?.status).toBe(404);
  });
});

describe('join, add members and invitations', () => {
  it('joins an open group; 409 when already a member; 403 for a closed one', async () => {
    const client = server.client(token);
    const open = foreignGroup(true);
    if (open) {
      const joined = await client.POST('/api/v1/channels/{id}/join', path(open.id));
      expect(joined.data?.data).toMatchObject({ id: open.id, is_member: true });
      const mine = (await myGroups()).find((c) => c.id === open.id);
      // A new member starts with the history read, not with every old message unread.
      expect(server.store.chat.messagesOf(open.id)?.length ?? 0).toBeGreaterThan(0);
      expect(mine?.unread_count).toBe(0);
      expect((await client.POST('/api/v1/channels/{id}/join', path(open.id))).error?.status).toBe(409);
    }
    const closed = foreignGroup(false);
    if (closed) expect((await client.POST('/api/v1/channels/{id}/join', path(closed.id))).error?.status).toBe(403);
    expect(open ?? closed).toBeDefined();
  });

  it('adds members to a group I am in; 422 names unknown people; 403 in a group I am not in', async () => {
    const client = server.client(token);
    const group = (await myGroups('active'))[0];
    const newcomer = server.store.accounts.first(80).find((u) => !group?.users.includes(u.id));
    const added = await client.POST('/api/v1/channels/{id}/members', {
      ...path(group?.id ?? ''),
      body: { user_ids: [newcomer?.id ?? ''] },
    });
    expect(added.data?.data.users).toContain(newcomer?.id);
    const theirs = await server.client(await server.login(newcomer?.email)).GET('/api/v1/users/me/channels', {});
    expect(theirs.data?.data.find((c) => c.id === group?.id)?.unread_count).toBe(0);
    const unknown = await client.POST('/api/v1/channels/{id}/members', {
      ...path(group?.id ?? ''),
      body: { user_ids: [newcomer?.id ?? '', UNKNOWN_USER] },
    });
    expect(unknown.error?.status).toBe(422);
    expect(Object.keys(unknown.error?.fieldErrors ?? {})).toEqual(['user_ids.1']);
    const empty = await client.POST('/api/v1/channels/{id}/members', {
      ...path(group?.id ?? ''),
      body: { user_ids: [] },
    });
    expect(Object.keys(empty.error?.fieldErrors ?? {})).toEqual(['user_ids']);
    const closed = foreignGroup(false);
    if (closed) {
      const denied = await client.POST('/api/v1/channels/{id}/members', {
        ...path(closed.id),
        body: { user_ids: [newcomer?.id ?? ''] },
      });
      expect(denied.error?.status).toBe(403);
    }
  });

  it('invites people, skipping members and people already invited; the invitee accepts and the group moves to My Groups', async () => {
    const client = server.client(token);
    const group = (await myGroups('active'))[1];
    const [invitee, member] = [
      server.store.accounts.first(80).find((u) => !group?.users.includes(u.id)),
      group?.users.find((id) => id !== me),
    ];
    const made = await client.POST('/api/v1/channels/{id}/invites', {
      ...path(group?.id ?? ''),
      body: { user_ids: [invitee?.id ?? '', member ?? ''] },
    });
    expect(made.response?.status).toBe(201);
    expect(made.data?.data).toHaveLength(1);
    expect(made.data?.data[0]).toMatchObject({
      user_id: invitee?.id,
      invited_by: me,
      status: 'pending',
      channel_name: group?.name,
    });
    const again = await client.POST('/api/v1/channels/{id}/invites', {
      ...path(group?.id ?? ''),
      body: { user_ids: [invitee?.id ?? ''] },
    });
    expect(again.data?.data).toEqual([]);

    const theirs = server.client(await server.login(invitee?.email));
    const pending = (await theirs.GET('/api/v1/users/me/channel-invites')).data?.data ?? [];
    const invite = pending.find((i) => i.channel_id === group?.id);
    expect(invite).toBeDefined();
    const accepted = await theirs.POST('/api/v1/channel-invites/{id}/accept', {
      params: { path: { id: invite?.id ?? 0 } },
    });
    expect(accepted.data?.data).toMatchObject({ id: group?.id, is_member: true, status: 'active' });
    const theirGroups = (await theirs.GET('/api/v1/users/me/channels', { params: { query: { status: 'active' } } }))
      .data?.data;
    expect(theirGroups?.some((c) => c.id === group?.id)).toBe(true);
    expect((await theirs.GET('/api/v1/users/me/channel-invites')).data?.data.some((i) => i.id === invite?.id)).toBe(
      false,
    );
    const twice = await theirs.POST('/api/v1/channel-invites/{id}/accept', {
      params: { path: { id: invite?.id ?? 0 } },
    });
    expect(twice.error?.status).toBe(409);
  });

  it('the demo account has pending invites; declining removes one, 404 for an invite that is not mine', async () => {
    const client = server.client(token);
    const pending = (await client.GET('/api/v1/users/me/channel-invites')).data?.data ?? [];
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending.length).toBeLessThanOrEqual(3);
    const first = pending[0];
    const declined = await client.POST('/api/v1/channel-invites/{id}/decline', {
      params: { path: { id: first?.id ?? 0 } },
    });
    expect(declined.data?.data).toMatchObject({ id: first?.id, status: 'declined' });
    expect((await client.GET('/api/v1/users/me/channel-invites')).data?.data.length).toBe(pending.length - 1);
    expect((await myGroups()).some((c) => c.id === first?.channel_id)).toBe(false);
    const again = await client.POST('/api/v1/channel-invites/{id}/decline', {
      params: { path: { id: first?.id ?? 0 } },
    });
    expect(again.error?.status).toBe(409);
    const missing = await client.POST('/api/v1/channel-invites/{id}/accept', { params: { path: { id: 9999 } } });
    expect(missing.error?.status).toBe(404);
    if (pending[1]) {
      const other = server.client(await server.login(server.store.accounts.first(2)[1]?.email));
      const notMine = await other.POST('/api/v1/channel-invites/{id}/accept', {
        params: { path: { id: pending[1].id } },
      });
      expect(notMine.error?.status).toBe(404);
    }
  });
});

describe('state survives a reload from --data', () => {
  it('keeps saved lists, follows and invites in the snapshot', async () => {
    const snapshot = server.store.snapshot();
    expect(snapshot.social?.saved_lists.length).toBeGreaterThan(0);
    expect(Object.keys(snapshot.social?.following ?? {})).toContain(me);
    const copy = JSON.parse(JSON.stringify(snapshot));
    delete copy.social; // an older file, written before the social part existed
    const { Store } = await import('../src/store/store.ts');
    expect(new Store(copy).social.listSavedLists(me, false)).toEqual([]);
  });
});
