import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { type Person, startServer, type TestServer } from './helpers.ts';
import { userStreams, waitFor } from './sse.ts';

let server: TestServer;
const openStream = userStreams();
beforeAll(async () => {
  server = await startServer({
    seed: { users: 40, channels: 4 },
    options: { authLimits: { registerPerAddress: 1000 } },
  });
});
afterAll(() => server.close());

let n = 0;
type Named = Person & { name: string };
/** A new account with a name nobody else has, so a search for it finds exactly them. */
const person = async (): Promise<Named> => {
  const name = `Blockcase${++n}x${Date.now()}`;
  return { ...(await server.register({ first_name: 'Pat', last_name: name })), name };
};

const block = (who: Person, id: string) => who.api.PUT('/api/v1/users/{id}/block', { params: { path: { id } } });
const unblock = (who: Person, id: string) => who.api.DELETE('/api/v1/users/{id}/block', { params: { path: { id } } });
const connect = (who: Person, id: string) => who.api.POST('/api/v1/users/{id}/connect', { params: { path: { id } } });
const friendIds = async (who: Person) => ((await who.api.GET('/api/v1/users/me/friends')).data ?? []).map((f) => f.id);
const group = (who: Person, users: string[], is_direct = false) =>
  who.api.POST('/api/v1/users/channels/store', {
    body: { name: 'Blocks', description: 'A group', tags: [], is_closed: false, users, is_direct },
  });
const say = (who: Person, id: string, message: string) =>
  who.api.POST('/api/v1/channels/{id}/messages', { params: { path: { id } }, body: { message } });
const found = async (who: Person, name: string) =>
  ((await who.api.GET('/api/v1/users/search', { params: { query: { q: name } } })).data?.data.data ?? []).map(
    (p) => p.id,
  );

/** Two people, connected, with a one-to-one chat and a group they share. */
async function connectedPair() {
  const [a, b] = [await person(), await person()];
  const id = (await connect(a, b.id)).data?.data.id ?? 0;
  await b.api.POST('/api/v1/connections/{id}/accept', { params: { path: { id } } });
  const direct = (await group(a, [b.id], true)).data?.data.id ?? '';
  const shared = (await group(a, [b.id])).data?.data.id ?? '';
  return { a, b, direct, shared };
}

describe('blocking a person', () => {
  it('ends the connection on both sides at once, lists the block for the blocker only, and hides contact details both ways', async () => {
    const { a, b } = await connectedPair();
    const stream = await openStream(server.baseUrl, b.token);
    expect(await friendIds(b)).toContain(a.id);

    const blocked = await block(a, b.id);
    expect(blocked.response?.status).toBe(200);
    expect(blocked.data?.data).toMatchObject({ user_id: b.id, created_at: expect.any(String) });
    expect(await friendIds(a)).not.toContain(b.id);
    expect(await friendIds(b)).not.toContain(a.id);
    await waitFor(stream, (e) => e.event === 'connection' && (e.data as { status: string }).status === 'removed');

    const list = (await a.api.GET('/api/v1/users/me/blocks')).data;
    expect(list?.data.map((x) => [x.user_id, x.person?.id])).toEqual([[b.id, b.id]]);
    expect((await b.api.GET('/api/v1/users/me/blocks')).data?.data).toEqual([]);

    const seenByA = (await a.api.GET('/api/v1/users/{id}', { params: { path: { id: b.id } } })).data?.data;
    const seenByB = (await b.api.GET('/api/v1/users/{id}', { params: { path: { id: a.id } } })).data?.data;
    expect(seenByA).toMatchObject({ id: b.id, is_blocked: true });
    expect(seenByB).toMatchObject({ id: a.id });
    expect(seenByB).not.toHaveProperty('is_blocked');
    for (const seen of [seenByA, seenByB]) {
      expect(seen).not.toHaveProperty('email');
      expect(seen).not.toHaveProperty('phone');
      expect(seen).not.toHaveProperty('emails');
    }
  });

  it('refuses invitations to connect both ways (403) until unblocked, and ends the ones pending', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const mine = (await connect(a, b.id)).data?.data.id ?? 0;
    const theirs = (await connect(c, a.id)).data?.data.id ?? 0;
    await block(a, b.id);
    await block(a, c.id);
    const out = (
      await a.api.GET('/api/v1/users/me/connections', {
        params: { query: { direction: 'outgoing', status: 'withdrawn' } },
      })
    ).data;
    expect(out?.data.map((x) => x.id)).toEqual([mine]);
    const inc = (
      await a.api.GET('/api/v1/users/me/connections', {
        params: { query: { direction: 'incoming', status: 'declined' } },
      })
    ).data;
    expect(inc?.data.map((x) => x.id)).toEqual([theirs]);

    const byBlocker = await connect(a, b.id);
    expect(byBlocker.error).toMatchObject({ status: 403, message: expect.stringContaining('unblock') });
    const byBlocked = await connect(b, a.id);
    expect(byBlocked.error).toMatchObject({ status: 403, message: 'You cannot connect with this person.' });

    expect((await unblock(a, b.id)).response?.status).toBe(200);
    expect((await connect(b, a.id)).response?.status).toBe(201);
    expect((await a.api.GET('/api/v1/users/me/blocks')).data?.data.map((x) => x.user_id)).toEqual([c.id]);
  });

  it('stops one-to-one messages both ways, new one-to-one chats and forwards into them; a shared group still works', async () => {
    const { a, b, direct, shared } = await connectedPair();
    const earlier = (await say(b, direct, 'before the block')).data?.data.id ?? '';
    await block(b, a.id);
    for (const [who, expected] of [
      [a, 'You cannot message with this person.'],
      [b, 'You blocked this person; unblock them to message.'],
    ] as const) {
      const res = await say(who, direct, 'hello?');
      expect(res.error).toMatchObject({ status: 403, message: expected });
    }
    const forward = await b.api.POST('/api/v1/messages/{id}/forward', {
      params: { path: { id: earlier } },
      body: { channel_ids: [direct] },
    });
    expect(forward.error?.status).toBe(403);
    const history = (await a.api.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: direct } } })).data;
    expect(history?.data.map((m) => m.message)).toEqual(['before the block']);

    const newDirect = await group(a, [b.id], true);
    expect(newDirect.error).toMatchObject({
      status: 422,
      fieldErrors: { 'users.0': [expect.stringContaining('blocked')] },
    });
    expect((await say(a, shared, 'the group is unaffected')).response?.status).toBe(201);

    await unblock(b, a.id);
    expect((await say(a, direct, 'after the unblock')).response?.status).toBe(201);
  });

  it('refuses adding or inviting across a block, naming each such person, and declines pending group invitations', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const groupId = (await group(a, [])).data?.data.id ?? '';
    await a.api.POST('/api/v1/channels/{id}/invites', {
      params: { path: { id: groupId } },
      body: { user_ids: [b.id] },
    });
    await block(b, a.id);
    const invites = (await b.api.GET('/api/v1/users/me/channel-invites')).data?.data ?? [];
    expect(invites.filter((i) => i.channel_id === groupId)).toEqual([]);

    const invited = await a.api.POST('/api/v1/channels/{id}/invites', {
      params: { path: { id: groupId } },
      body: { user_ids: [c.id, b.id] },
    });
    expect(invited.error).toMatchObject({
      status: 422,
      fieldErrors: { 'user_ids.1': [expect.stringContaining('blocked')] },
    });
    expect(invited.error?.fieldErrors).not.toHaveProperty('user_ids.0');
    const added = await a.api.POST('/api/v1/channels/{id}/members', {
      params: { path: { id: groupId } },
      body: { user_ids: [b.id] },
    });
    expect(added.error).toMatchObject({ status: 422, fieldErrors: { 'user_ids.0': [expect.any(String)] } });
    const made = await b.api.POST('/api/v1/users/channels/store', {
      body: { name: 'With A', description: 'x', tags: [], is_closed: false, users: [c.id, a.id] },
    });
    expect(made.error).toMatchObject({ status: 422, fieldErrors: { 'users.1': [expect.any(String)] } });
    // Nothing was made by the refused calls.
    const members = (await a.api.GET('/api/v1/channels/{id}', { params: { path: { id: groupId } } })).data?.data.users;
    expect(members).toEqual([a.id]);
  });

  it('takes each out of the other’s search results, and back in once unblocked', async () => {
    const [a, b] = [await person(), await person()];
    expect(await found(a, b.name)).toEqual([b.id]);
    await block(b, a.id);
    expect(await found(a, b.name)).toEqual([]);
    expect(await found(b, a.name)).toEqual([]);
    await unblock(b, a.id);
    expect(await found(a, b.name)).toEqual([b.id]);
  });

  it('lets the blocked person notify the blocker of nothing', async () => {
    const { a, b, shared } = await connectedPair();
    const message = (await say(b, shared, 'pin me')).data?.data.id ?? '';
    await block(a, b.id);
    const before = (await a.api.GET('/api/v1/users/me/notifications')).data?.data.length ?? 0;
    await b.api.POST('/api/v1/channels/{id}/pin/{msgId}', { params: { path: { id: shared, msgId: message } } });
    const after = (await a.api.GET('/api/v1/users/me/notifications')).data?.data ?? [];
    expect(after.length).toBe(before);
    // The pin itself happened and the blocker's own notifications still work.
    const c = await person();
    await connect(c, a.id);
    expect((await a.api.GET('/api/v1/users/me/notifications')).data?.data[0]).toMatchObject({
      kind: 'connection_invited',
    });
  });

  it('silences notifications the other way too: the blocker notifies the blocked person of nothing', async () => {
    const { a, b, shared } = await connectedPair();
    const message = (await say(b, shared, 'pin me')).data?.data.id ?? '';
    const call = (await a.api.POST('/api/v1/calls', { body: { user_id: b.id, kind: 'audio' } })).data?.data.id ?? '';
    expect(call).not.toBe('');
    await block(a, b.id);
    const before = (await b.api.GET('/api/v1/users/me/notifications')).data?.data.length ?? 0;
    const pinned = await a.api.POST('/api/v1/channels/{id}/pin/{msgId}', {
      params: { path: { id: shared, msgId: message } },
    });
    expect(pinned.response?.status).toBe(200);
    // The call A started before the block rings out as missed: B is not told of it either.
    const moved = await fetch(`${server.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 31_000 }),
    });
    expect(moved.status).toBe(200);
    await b.api.GET('/api/v1/calls');
    expect((await b.api.GET('/api/v1/calls')).data?.data[0]).toMatchObject({ id: call, end_reason: 'missed' });
    expect((await b.api.GET('/api/v1/users/me/notifications')).data?.data.length).toBe(before);
  });

  it('answers: self 422 naming the id, unknown 404, twice the same block, unblock of nobody 404', async () => {
    const [a, b] = [await person(), await person()];
    const self = await block(a, a.id);
    expect(self.error).toMatchObject({ status: 422, fieldErrors: { id: ['You cannot block yourself.'] } });
    expect((await block(a, 'usr_NoSuchUserXXXXXX')).error?.status).toBe(404);
    const first = (await block(a, b.id)).data?.data.id;
    const second = await block(a, b.id);
    expect(second.response?.status).toBe(200);
    expect(second.data?.data.id).toBe(first);
    expect((await a.api.GET('/api/v1/users/me/blocks')).data?.data).toHaveLength(1);
    expect((await unblock(b, a.id)).error?.status).toBe(404);
  });

  it('pages the list newest first', async () => {
    const a = await person();
    const others = [await person(), await person(), await person()];
    for (const o of others) await block(a, o.id);
    const page1 = (await a.api.GET('/api/v1/users/me/blocks', { params: { query: { limit: 2 } } })).data;
    expect(page1?.data.map((x) => x.user_id)).toEqual([others[2]?.id, others[1]?.id]);
    expect(page1?.meta.has_more).toBe(true);
    const page2 = (
      await a.api.GET('/api/v1/users/me/blocks', {
        params: { query: { limit: 2, before: page1?.meta.next_before ?? 0 } },
      })
    ).data;
    expect(page2?.data.map((x) => x.user_id)).toEqual([others[0]?.id]);
    expect(page2?.meta).toEqual({ has_more: false, next_before: null });
  });
});

describe('the most one may block', () => {
  it('is 1,000 people: the 1,001st block answers 409 and is not kept', async () => {
    const big = await startServer({ seed: { users: 1005, channels: 1 } });
    try {
      const token = await big.login();
      const me = { token, api: big.client(token), id: big.store.accounts.findByEmail(DEMO_ACCOUNT.email)?.id ?? '' };
      const ids = big.store.accounts
        .all()
        .map((u) => u.id)
        .filter((id) => id !== me.id);
      for (const id of ids.slice(0, 1000)) expect((await block(me as Person, id)).response?.status).toBe(200);
      const over = await block(me as Person, ids[1000] ?? '');
      expect(over.error).toMatchObject({ status: 409, message: expect.stringContaining('1,000') });
      expect(big.store.blocks.has(me.id, ids[1000] ?? '')).toBe(false);
    } finally {
      await big.close();
    }
  });
});
