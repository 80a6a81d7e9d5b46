import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, validateResponse } from './helpers.ts';
import { openUserStream, type Stream, waitFor } from './sse.ts';

const open: Stream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) {
    expect(s.problems, 'events that do not match UserStreamEvent').toEqual([]);
    s.close();
  }
});

let server: TestServer;
let demoToken: string;
let demoId: string;
let otherToken: string;
let otherId: string;
let channel: string;

beforeAll(async () => {
  server = await startServer({ options: { keepAliveMs: 50 } });
  demoToken = await server.login();
  demoId = server.store.accounts.first(1)[0]?.id ?? '';
  const mine = (await server.client(demoToken).GET('/api/v1/users/me/channels')).data?.data ?? [];
  const group = mine.find((c) => c.users.length > 2 && !c.is_direct);
  channel = group?.id ?? '';
  otherId = group?.users.find((id) => id !== demoId) ?? '';
  otherToken = await server.login(server.store.accounts.find(otherId)?.email);
});
afterAll(() => server.close());

const listen = async (token: string, headers?: Record<string, string>) => {
  const s = await openUserStream(server.baseUrl, token, headers);
  open.push(s);
  expect(s.res.status).toBe(200);
  return s;
};

describe('streamMe (the user stream)', () => {
  it('delivers a message in any of my groups with my unread count, its id as the event id', async () => {
    const other = await listen(otherToken);
    const sent = await server.client(demoToken).POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: channel } },
      body: { message: 'To everyone in the group' },
    });
    const got = await waitFor(other, (e) => e.event === 'message');
    expect(got.id).toBe(sent.data?.data.id);
    expect(got.data).toMatchObject({ channel_id: channel, message: sent.data?.data });
    const listed = (await server.client(otherToken).GET('/api/v1/users/me/channels')).data?.data.find(
      (c) => c.id === channel,
    );
    expect((got.data as { unread_count: number }).unread_count).toBe(listed?.unread_count);
    expect((got.data as { unread_count: number }).unread_count).toBeGreaterThan(0);
  });

  it('does not deliver a message of a group I am not in', async () => {
    const [, , , outsider] = server.store.accounts.first(4);
    const outsiderToken = await server.login(outsider?.email);
    const theirs = await server.client(outsiderToken).POST('/api/v1/users/channels/store', {
      body: { name: 'Not for demo', description: '', tags: [], is_closed: true, users: [] },
    });
    const demo = await listen(demoToken);
    await server.client(outsiderToken).POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: theirs.data?.data.id ?? '' } },
      body: { message: 'secret' },
    });
    await server.client(otherToken).POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: channel } },
      body: { message: 'visible' },
    });
    await waitFor(demo, (e) => e.event === 'message');
    expect(
      demo.events
        .filter((e) => e.event === 'message')
        .map((e) => (e.data as { message: { message: string } }).message.message),
    ).toEqual(['visible']);
  });

  it('tells people in a group with me of my new name or photo (person), and no one of a change of something else', async () => {
    const other = await listen(otherToken);
    const me = await server.client(demoToken).GET('/api/v1/users/me');
    const program = await server.client(demoToken).PATCH('/api/v1/users/me', { body: { program: 'MBA' } });
    expect(program.response?.status).toBe(200);
    await server.client(demoToken).PATCH('/api/v1/users/me', {
      body: { profile_image: 'https://example.org/new-photo.png' },
    });
    const got = await waitFor(other, (e) => e.event === 'person');
    expect(got.data).toMatchObject({ id: demoId, profile_image: 'https://example.org/new-photo.png' });
    expect(other.events.filter((e) => e.event === 'person')).toHaveLength(1);
    await server.client(demoToken).PATCH('/api/v1/users/me', {
      body: { profile_image: me.data?.data.profile_image ?? null },
    });
  });

  it('relays pins and unpins with the group id', async () => {
    const other = await listen(otherToken);
    const client = server.client(demoToken);
    const msg = (
      await client.POST('/api/v1/channels/{id}/messages', {
        params: { path: { id: channel } },
        body: { message: 'Pin me' },
      })
    ).data?.data;
    await client.POST('/api/v1/channels/{id}/pin/{msgId}', { params: { path: { id: channel, msgId: msg?.id ?? '' } } });
    const pin = await waitFor(other, (e) => e.event === 'pin');
    expect(pin.data).toEqual({ channel_id: channel, message: msg });
    await client.DELETE('/api/v1/channels/{id}/pin/{msgId}', {
      params: { path: { id: channel, msgId: msg?.id ?? '' } },
    });
    await waitFor(other, (e) => e.event === 'pin' && (e.data as { message: unknown }).message === null);
  });

  it('tells members (with the new count) and the newcomer when someone is added, and when they leave', async () => {
    const [, , , , , newcomer] = server.store.accounts.first(6);
    const newcomerId = newcomer?.id ?? '';
    const made = await server.client(demoToken).POST('/api/v1/users/channels/store', {
      body: { name: 'Growing', description: '', tags: [], is_closed: false, users: [otherId] },
    });
    const id = made.data?.data.id ?? '';
    const newcomerToken = await server.login(newcomer?.email);
    const other = await listen(otherToken);
    const joiner = await listen(newcomerToken);
    await server.client(demoToken).POST('/api/v1/channels/{id}/members', {
      params: { path: { id } },
      body: { user_ids: [newcomerId, otherId] },
    });
    const joined = await waitFor(other, (e) => e.event === 'member');
    expect(joined.data).toMatchObject({ channel_id: id, change: 'joined', member_count: 3 });
    expect((joined.data as { user: { id: string; first_name: string } }).user).toMatchObject({
      id: newcomerId,
      first_name: newcomer?.first_name,
    });
    // Only the newcomer joined: `otherId` was a member already.
    expect(other.events.filter((e) => e.event === 'member')).toHaveLength(1);
    const mine = await waitFor(joiner, (e) => e.event === 'channel');
    expect(mine.data).toMatchObject({ id, name: 'Growing', is_member: true, member_count: 3 });
    expect(validateResponse('listMyChannels', 200, { success: true, message: 'OK', data: [mine.data] })).toEqual([]);

    await server.client(newcomerToken).POST('/api/v1/users/channels/{id}/leave', { params: { path: { id } } });
    const left = await waitFor(other, (e) => e.event === 'member' && (e.data as { change: string }).change === 'left');
    expect(left.data).toMatchObject({ channel_id: id, member_count: 2, user: { id: newcomerId } });
    // The leaver's own (other) tabs hear of it too.
    await waitFor(joiner, (e) => e.event === 'member' && (e.data as { change: string }).change === 'left');
  });

  it('tells the invitee of an invitation, and their other tabs of accepting it (with the group)', async () => {
    const [, , , , , , invitee] = server.store.accounts.first(7);
    const inviteeToken = await server.login(invitee?.email);
    const made = await server.client(demoToken).POST('/api/v1/users/channels/store', {
      body: { name: 'Invite only', description: '', tags: [], is_closed: true, users: [] },
    });
    const id = made.data?.data.id ?? '';
    const tab = await listen(inviteeToken);
    await server.client(demoToken).POST('/api/v1/channels/{id}/invites', {
      params: { path: { id } },
      body: { user_ids: [invitee?.id ?? ''] },
    });
    const invited = await waitFor(tab, (e) => e.event === 'invite');
    expect(invited.data).toMatchObject({ channel_id: id, channel_name: 'Invite only', status: 'pending' });
    const inviteId = (invited.data as { id: number }).id;
    await server
      .client(inviteeToken)
      .POST('/api/v1/channel-invites/{id}/accept', { params: { path: { id: inviteId } } });
    await waitFor(tab, (e) => e.event === 'invite' && (e.data as { status: string }).status === 'accepted');
    const channelEvent = await waitFor(tab, (e) => e.event === 'channel');
    expect(channelEvent.data).toMatchObject({ id, is_member: true });
  });

  it("a group made with me in it reaches my stream as I see it (and the maker's other tabs)", async () => {
    const mine = await listen(otherToken);
    const makerTab = await listen(demoToken);
    const made = await server.client(demoToken).POST('/api/v1/users/channels/store', {
      body: { name: 'Made with you', description: '', tags: [], is_closed: false, users: [otherId] },
    });
    const id = made.data?.data.id;
    const got = await waitFor(mine, (e) => e.event === 'channel' && (e.data as { id: string }).id === id);
    expect(got.data).toMatchObject({ name: 'Made with you', is_member: true, member_count: 2, unread_count: 0 });
    await waitFor(makerTab, (e) => e.event === 'channel' && (e.data as { id: string }).id === id);
  });

  it('tells my other tabs when I follow a group', async () => {
    const tab = await listen(demoToken);
    await server.client(demoToken).POST('/api/v1/channels/{id}/follow', { params: { path: { id: channel } } });
    const got = await waitFor(tab, (e) => e.event === 'channel');
    expect(got.data).toMatchObject({ id: channel, is_following: true });
  });

  it('replays the messages of my groups sent since Last-Event-ID, oldest first', async () => {
    const client = server.client(otherToken);
    const send = async (text: string) =>
      (
        await client.POST('/api/v1/channels/{id}/messages', {
          params: { path: { id: channel } },
          body: { message: text },
        })
      ).data?.data.id ?? '';
    const seen = await send('seen');
    const missed = [await send('missed 1'), await send('missed 2')];
    const back = await listen(demoToken, { 'last-event-id': seen });
    await waitFor(back, (e) => e.id === missed[1]);
    expect(back.events.filter((e) => e.event === 'message').map((e) => e.id)).toEqual(missed);
    // An unknown id replays nothing.
    const fresh = await listen(demoToken, { 'last-event-id': 'msg_unknownunknownunk' });
    await new Promise((r) => setTimeout(r, 100));
    expect(fresh.events).toEqual([]);
  });

  it.each([
    ['100 characters: read (an unknown id replays nothing)', 100, 200],
    ['101 characters: a 422 naming the header, before any stream opens', 101, 422],
  ])('checks Last-Event-ID against the contract: %s', async (_name, length, status) => {
    const res = await fetch(`${server.baseUrl}/api/v1/users/me/stream`, {
      // Sent with the contract's capitals: header names are case-blind.
      headers: { authorization: `Bearer ${demoToken}`, 'Last-Event-ID': 'm'.repeat(length) },
    });
    expect(res.status).toBe(status);
    if (status === 200) {
      await res.body?.cancel();
      return;
    }
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(validateResponse('streamMe', 422, body)).toEqual([]);
    expect(Object.keys(body.errors)).toEqual(['Last-Event-ID']);
  });

  it('ends at logout, at once', async () => {
    const token = await server.login();
    const s = await listen(token);
    await server.client(token).POST('/api/v1/logout');
    await Promise.race([s.done, new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 2000))]);
    expect(s.ended()).toBe(true);
  });

  it.each([
    ['no token', {}],
    ['a made-up token', { authorization: 'Bearer not-a-token' }],
  ])('answers %s with 401 and the envelope', async (_name, headers) => {
    const res = await fetch(`${server.baseUrl}/api/v1/users/me/stream`, { headers });
    expect(res.status).toBe(401);
    expect(validateResponse('streamMe', 401, await res.json())).toEqual([]);
  });

  it('shares the per-user and per-token cap with group streams: the 11th stream is a 429', async () => {
    const token = await server.login(server.store.accounts.first(8)[7]?.email);
    const member = (await server.client(token).GET('/api/v1/users/me/channels')).data?.data[0]?.id ?? '';
    const streams: Stream[] = [];
    for (let i = 0; i < 5; i++) streams.push(await openUserStream(server.baseUrl, token));
    const channelStreams: AbortController[] = [];
    for (let i = 0; i < 5; i++) {
      const c = new AbortController();
      channelStreams.push(c);
      const res = await fetch(`${server.baseUrl}/api/v1/channels/${member}/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: c.signal,
      });
      expect(res.status).toBe(200);
    }
    expect(streams.every((s) => s.res.status === 200)).toBe(true);
    const over = await fetch(`${server.baseUrl}/api/v1/users/me/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(validateResponse('streamMe', 429, await over.json())).toEqual([]);
    for (const s of streams) s.close();
    for (const c of channelStreams) c.abort();
    await Promise.all(streams.map((s) => s.done));
    await new Promise((r) => setTimeout(r, 50));
    const again = await listen(token);
    expect(again.res.status).toBe(200);
  });

  it('a ticket opens it once, as the token that asked for it', async () => {
    const ticket = (await server.client(otherToken).POST('/api/v1/stream-tickets')).data?.data.ticket ?? '';
    const controller = new AbortController();
    const res = await fetch(`${server.baseUrl}/api/v1/users/me/stream?ticket=${ticket}`, { signal: controller.signal });
    expect(res.status).toBe(200);
    controller.abort();
    const again = await fetch(`${server.baseUrl}/api/v1/users/me/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);
  });
});
