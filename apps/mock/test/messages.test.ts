import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;
let me: string;
/** Two groups the demo account belongs to, and one it does not. */
let mine: [string, string];
let notMine: string;

const UNKNOWN_CHANNEL = 'chan_AAAAAAAAAAAAAAAAAAAA';
const UNKNOWN_MESSAGE = 'msg_AAAAAAAAAAAAAAAAAAAA';

beforeAll(async () => {
  server = await startServer();
  token = await server.login();
  me = server.store.accounts.first(1)[0]?.id ?? '';
  const channels = (await server.client(token).GET('/api/v1/users/me/channels')).data?.data ?? [];
  mine = [channels[0]?.id ?? '', channels[1]?.id ?? ''];
  // A group of two other users, with one message, that the demo account is not in.
  const [, alice, bob] = server.store.accounts.first(3);
  const aliceToken = await server.login(alice?.email);
  const theirs = await server.client(aliceToken).POST('/api/v1/users/channels/store', {
    body: { name: 'Not yours', description: '', tags: [], is_closed: true, users: [bob?.id ?? ''] },
  });
  notMine = theirs.data?.data.id ?? '';
  await server.client(aliceToken).POST('/api/v1/channels/{id}/messages', {
    params: { path: { id: notMine } },
    body: { message: 'Private' },
  });
  if (!mine[0] || !mine[1] || !notMine) throw new Error('seed lacks the groups this test needs');
});
afterAll(() => server.close());

const send = (channel: string, body: { message?: string; reply_message_id?: string | null; client_id?: string }) =>
  server.client(token).POST('/api/v1/channels/{id}/messages', {
    params: { path: { id: channel } },
    body: body as { message: string },
  });

const newest = async (channel: string) => {
  const page = await server.client(token).GET('/api/v1/channels/{id}/get-messages', {
    params: { path: { id: channel }, query: { limit: 1 } },
  });
  return page.data?.data[0];
};

describe('sendMessage', () => {
  it('stores the message as the newest of the group, echoes client_id and moves the group to the top', async () => {
    const older = await newest(mine[1]);
    const { data, response } = await send(mine[1], {
      message: 'See you all at demo night!',
      reply_message_id: older?.id ?? null,
      client_id: 'bubble-1',
    });
    expect(response?.status).toBe(201);
    expect(data?.data).toMatchObject({
      channel_id: mine[1],
      sender_id: me,
      message: 'See you all at demo night!',
      reply_message_id: older?.id,
      client_id: 'bubble-1',
      files: [],
    });
    expect(data?.data.id).toMatch(/^msg_[A-Za-z0-9_-]{16,}$/);
    expect((await newest(mine[1]))?.id).toBe(data?.data.id);
    const list = (await server.client(token).GET('/api/v1/users/me/channels')).data?.data ?? [];
    expect(list[0]).toMatchObject({ id: mine[1], unread_count: 0, last_message: { id: data?.data.id } });
  });

  it('accepts a message made only of files', async () => {
    const { data } = await server.client(token).POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: mine[0] } },
      body: { files: [{ url: 'https://images.cohort.test/m/poster.jpg', file_type: 1 }] },
    });
    expect(data?.data).toMatchObject({ message: '', files: [{ url: 'https://images.cohort.test/m/poster.jpg' }] });
  });

  it.each([
    ['no text and no files', {}, ['message']],
    ['empty text', { message: '' }, ['message']],
    ['text over 4000 characters', { message: 'x'.repeat(4001) }, ['message']],
    ['an unknown field', { message: 'hi', colour: 'red' }, ['colour']],
    ['a malformed reply id', { message: 'hi', reply_message_id: 'abc' }, ['reply_message_id']],
    [
      'a reply to a message of another group',
      { message: 'hi', reply_message_id: UNKNOWN_MESSAGE },
      ['reply_message_id'],
    ],
    [
      'a bad file',
      { message: 'hi', files: [{ url: 'not a url', file_type: 3 }] },
      ['files.0.url', 'files.0.file_type'],
    ],
  ])('answers 422 for %s, naming the field', async (_name, body, fields) => {
    const { error } = await send(mine[0], body as { message: string });
    expect(error?.status).toBe(422);
    for (const field of fields) expect(Object.keys(error?.fieldErrors ?? {})).toContain(field);
  });

  it('answers 403 outside my groups, 404 for an unknown group, 401 without a token', async () => {
    expect((await send(notMine, { message: 'hi' })).error?.status).toBe(403);
    expect((await send(UNKNOWN_CHANNEL, { message: 'hi' })).error?.status).toBe(404);
    const anon = await server.client().POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: mine[0] } },
      body: { message: 'hi' },
    });
    expect(anon.error?.status).toBe(401);
  });
});

describe('pins', () => {
  it('pins a message (replacing the last pin), shows it on the group, and unpins it', async () => {
    const client = server.client(token);
    const sent = (await send(mine[0], { message: 'Pin me' })).data?.data;
    const id = sent?.id ?? '';
    const pinned = await client.POST('/api/v1/channels/{id}/pin/{msgId}', {
      params: { path: { id: mine[0], msgId: id } },
    });
    expect(pinned.data?.data.id).toBe(id);
    const group = (await client.GET('/api/v1/users/me/channels')).data?.data.find((c) => c.id === mine[0]);
    expect(group?.pinned_message?.id).toBe(id);

    const other = await newest(mine[0]);
    const sent2 = (await send(mine[0], { message: 'Pin me instead' })).data?.data.id ?? '';
    expect(other?.id).toBe(id);
    await client.POST('/api/v1/channels/{id}/pin/{msgId}', { params: { path: { id: mine[0], msgId: sent2 } } });
    // Only the pinned message can be unpinned.
    const stale = await client.DELETE('/api/v1/channels/{id}/pin/{msgId}', {
      params: { path: { id: mine[0], msgId: id } },
    });
    expect(stale.error?.status).toBe(409);
    const unpinned = await client.DELETE('/api/v1/channels/{id}/pin/{msgId}', {
      params: { path: { id: mine[0], msgId: sent2 } },
    });
    expect(unpinned.data).toMatchObject({ success: true, data: null });
    const after = (await client.GET('/api/v1/users/me/channels')).data?.data.find((c) => c.id === mine[0]);
    expect(after?.pinned_message).toBeNull();
  });

  it('answers 404 for a message of another group, 403 outside my groups, 422 for bad ids', async () => {
    const client = server.client(token);
    const elsewhere = (await newest(mine[1]))?.id ?? '';
    const wrongGroup = await client.POST('/api/v1/channels/{id}/pin/{msgId}', {
      params: { path: { id: mine[0], msgId: elsewhere } },
    });
    expect(wrongGroup.error?.status).toBe(404);
    const outside = await client.POST('/api/v1/channels/{id}/pin/{msgId}', {
      params: { path: { id: notMine, msgId: elsewhere } },
    });
    expect(outside.error?.status).toBe(403);
    const bad = await client.POST('/api/v1/channels/{id}/pin/{msgId}', { params: { path: { id: 'x', msgId: 'y' } } });
    expect(Object.keys(bad.error?.fieldErrors ?? {}).sort()).toEqual(['id', 'msgId']);
  });
});

describe('forwardMessage', () => {
  it('posts one copy per group with forwarded_from_id pointing at the original', async () => {
    const source = (await send(mine[0], { message: 'Worth sharing', client_id: 'c' })).data?.data;
    const { data, response } = await server.client(token).POST('/api/v1/messages/{id}/forward', {
      params: { path: { id: source?.id ?? '' } },
      body: { channel_ids: [mine[1]] },
    });
    expect(response?.status).toBe(201);
    expect(data?.data).toHaveLength(1);
    const copy = data?.data[0];
    expect(copy).toMatchObject({
      channel_id: mine[1],
      sender_id: me,
      message: 'Worth sharing',
      forwarded_from_id: source?.id,
      reply_message_id: null,
    });
    expect(copy?.id).not.toBe(source?.id);
    expect(copy).not.toHaveProperty('client_id');
    expect((await newest(mine[1]))?.id).toBe(copy?.id);
  });

  it('names every group I cannot forward to (422), and refuses a message I cannot see', async () => {
    const client = server.client(token);
    const source = (await newest(mine[0]))?.id ?? '';
    const { error } = await client.POST('/api/v1/messages/{id}/forward', {
      params: { path: { id: source } },
      body: { channel_ids: [mine[1], notMine, UNKNOWN_CHANNEL] },
    });
    expect(error?.status).toBe(422);
    expect(Object.keys(error?.fieldErrors ?? {}).sort()).toEqual(['channel_ids.1', 'channel_ids.2']);
    const empty = await client.POST('/api/v1/messages/{id}/forward', {
      params: { path: { id: source } },
      body: { channel_ids: [] },
    });
    expect(empty.error?.fieldErrors).toHaveProperty('channel_ids');
    const hidden = server.store.snapshot().messages[notMine]?.[0]?.id ?? '';
    const cannotSee = await client.POST('/api/v1/messages/{id}/forward', {
      params: { path: { id: hidden } },
      body: { channel_ids: [mine[1]] },
    });
    expect(cannotSee.error?.status).toBe(403);
    const unknown = await client.POST('/api/v1/messages/{id}/forward', {
      params: { path: { id: UNKNOWN_MESSAGE } },
      body: { channel_ids: [mine[1]] },
    });
    expect(unknown.error?.status).toBe(404);
  });
});

describe('reportMessage', () => {
  it('files a report once; a second report of the same message is 409', async () => {
    const client = server.client(token);
    const target = (await newest(mine[1]))?.id ?? '';
    const first = await client.POST('/api/v1/messages/{id}/report', {
      params: { path: { id: target } },
      body: { reason: 'spam', details: 'Same link in five groups.' },
    });
    expect(first.response?.status).toBe(201);
    expect(first.data?.data).toMatchObject({
      message_id: target,
      reason: 'spam',
      details: 'Same link in five groups.',
    });
    const again = await client.POST('/api/v1/messages/{id}/report', {
      params: { path: { id: target } },
      body: { reason: 'other' },
    });
    expect(again.error?.status).toBe(409);
  });

  it('answers 422 for an unknown reason and 404 for an unknown message', async () => {
    const client = server.client(token);
    const target = (await newest(mine[0]))?.id ?? '';
    const bad = await client.POST('/api/v1/messages/{id}/report', {
      params: { path: { id: target } },
      // @ts-expect-error wrong on purpose
      body: { reason: 'boring', details: 5 },
    });
    expect(Object.keys(bad.error?.fieldErrors ?? {}).sort()).toEqual(['details', 'reason']);
    const unknown = await client.POST('/api/v1/messages/{id}/report', {
      params: { path: { id: UNKNOWN_MESSAGE } },
      body: { reason: 'spam' },
    });
    expect(unknown.error?.status).toBe(404);
  });
});

describe('read marks and mute', () => {
  it('counts messages from others as unread until the group is marked read', async () => {
    const client = server.client(token);
    const other =
      server.store
        .snapshot()
        .channels.find((c) => c.id === mine[0])
        ?.users.find((u) => u !== me) ?? '';
    const otherToken = await server.login(server.store.accounts.find(other)?.email);
    await client.POST('/api/v1/channels/{id}/read', { params: { path: { id: mine[0] } } });
    for (const text of ['one', 'two', 'three']) {
      await server.client(otherToken).POST('/api/v1/channels/{id}/messages', {
        params: { path: { id: mine[0] } },
        body: { message: text },
      });
    }
    const before = (await client.GET('/api/v1/users/me/channels')).data?.data.find((c) => c.id === mine[0]);
    expect(before).toMatchObject({ unread_count: 3, last_message: { message: 'three', sender_id: other } });
    const read = await client.POST('/api/v1/channels/{id}/read', { params: { path: { id: mine[0] } } });
    expect(read.data?.data).toMatchObject({ id: mine[0], unread_count: 0 });
    const after = (await client.GET('/api/v1/users/me/channels')).data?.data.find((c) => c.id === mine[0]);
    expect(after?.unread_count).toBe(0);
  });

  it('mutes and unmutes for me only; 409 outside my groups, 404 unknown', async () => {
    const client = server.client(token);
    const muted = await client.POST('/api/v1/channels/{id}/mute', { params: { path: { id: mine[1] } } });
    expect(muted.data?.data.is_muted).toBe(true);
    const listed = (await client.GET('/api/v1/users/me/channels')).data?.data.find((c) => c.id === mine[1]);
    expect(listed?.is_muted).toBe(true);
    const unmuted = await client.DELETE('/api/v1/channels/{id}/mute', { params: { path: { id: mine[1] } } });
    expect(unmuted.data?.data.is_muted).toBe(false);
    expect((await client.POST('/api/v1/channels/{id}/mute', { params: { path: { id: notMine } } })).error?.status).toBe(
      409,
    );
    expect(
      (await client.POST('/api/v1/channels/{id}/read', { params: { path: { id: UNKNOWN_CHANNEL } } })).error?.status,
    ).toBe(404);
  });
});

describe('seeded chat data', () => {
  it('gives the demo account the 10,000-message archive, pinned messages and unread counts', async () => {
    const list = (await server.client(token).GET('/api/v1/users/me/channels')).data?.data ?? [];
    const archive = list.find((c) => c.name === 'Cohort Archive');
    expect(archive).toBeDefined();
    expect(server.store.snapshot().messages[archive?.id ?? '']).toHaveLength(10_000);
    expect(list.filter((c) => c.pinned_message).length).toBeGreaterThan(0);
    expect(list.every((c) => typeof c.unread_count === 'number' && typeof c.is_muted === 'boolean')).toBe(true);
    const all = Object.values(server.store.snapshot().messages).flat();
    expect(all.some((m) => m.files.some((f) => f.file_type === 1))).toBe(true);
    expect(all.some((m) => m.reply_message_id !== null)).toBe(true);
  });
});
