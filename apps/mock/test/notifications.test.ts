import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let serial = 0;
const person = () => {
  serial++;
  return server.register({ first_name: `Noa${serial}`, last_name: 'Tester' });
};
const notifications = async (who: Person) => (await who.api.GET('/api/v1/users/me/notifications')).data;
const group = async (owner: Person, users: string[]) =>
  (
    await owner.api.POST('/api/v1/users/channels/store', {
      body: { name: 'Notified group', description: 'For notifications', tags: [], is_closed: false, users },
    })
  ).data?.data.id ?? '';

describe('notifications', () => {
  it('an invitation to connect and its acceptance each reach the other person, live, with the unread count', async () => {
    const [a, b] = [await person(), await person()];
    const bStream = await openStream(server.baseUrl, b.token);
    const id = (await a.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: b.id } } })).data?.data.id;
    const live = await waitFor(bStream, (e) => e.event === 'notification');
    expect(live.data).toMatchObject({
      unread_count: 1,
      notification: { kind: 'connection_invited', connection_id: id },
    });
    const page = await notifications(b);
    expect(page?.meta.unread_count).toBe(1);
    expect(page?.data[0]).toMatchObject({
      kind: 'connection_invited',
      text: `Noa${serial - 1} Tester invited you to connect.`,
      actor: { id: a.id },
      connection_id: id,
      read_at: null,
    });
    await b.api.POST('/api/v1/connections/{id}/accept', { params: { path: { id: id ?? 0 } } });
    expect((await notifications(a))?.data[0]).toMatchObject({ kind: 'connection_accepted', actor: { id: b.id } });
  });

  it('a group invitation and being added to a group say who and which group; a pin reaches every unmuted member but the pinner', async () => {
    const [owner, invited, added, muted] = [await person(), await person(), await person(), await person()];
    const channel = await group(owner, [muted.id]);
    const invite = await owner.api.POST('/api/v1/channels/{id}/invites', {
      params: { path: { id: channel } },
      body: { user_ids: [invited.id] },
    });
    expect((await notifications(invited))?.data[0]).toMatchObject({
      kind: 'group_invited',
      text: `Noa${serial - 3} Tester invited you to Notified group.`,
      invite_id: invite.data?.data[0]?.id,
      channel_id: channel,
    });
    await owner.api.POST('/api/v1/channels/{id}/members', {
      params: { path: { id: channel } },
      body: { user_ids: [added.id] },
    });
    expect((await notifications(added))?.data[0]).toMatchObject({ kind: 'group_added', channel_id: channel });

    await muted.api.POST('/api/v1/channels/{id}/mute', { params: { path: { id: channel } } });
    const before = (await notifications(muted))?.meta.unread_count;
    const sent = await added.api.POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: channel } },
      body: { message: 'Pin me' },
    });
    const msg = sent.data?.data.id ?? '';
    await owner.api.POST('/api/v1/channels/{id}/pin/{msgId}', { params: { path: { id: channel, msgId: msg } } });
    expect((await notifications(added))?.data[0]).toMatchObject({
      kind: 'message_pinned',
      channel_id: channel,
      message_id: msg,
    });
    expect((await notifications(owner))?.data.some((n) => n.kind === 'message_pinned')).toBe(false);
    expect((await notifications(muted))?.meta.unread_count).toBe(before);
  });

  it('marking read: one (only your own), then all; the stream tells the new count', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await a.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: b.id } } });
    await c.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: b.id } } });
    const page = await notifications(b);
    expect(page?.meta.unread_count).toBe(2);
    const first = page?.data[1]?.id ?? 0;
    expect(
      (await c.api.POST('/api/v1/notifications/{id}/read', { params: { path: { id: first } } })).error?.status,
    ).toBe(404);
    const read = await b.api.POST('/api/v1/notifications/{id}/read', { params: { path: { id: first } } });
    expect(read.data?.data.read_at).toEqual(expect.any(String));
    expect((await notifications(b))?.meta.unread_count).toBe(1);
    const bStream = await openStream(server.baseUrl, b.token);
    const all = await b.api.POST('/api/v1/users/me/notifications/read');
    expect(all.data?.data.unread_count).toBe(0);
    await waitFor(
      bStream,
      (e) => e.event === 'notification' && (e.data as { unread_count: number }).unread_count === 0,
    );
    expect((await notifications(b))?.data.every((n) => n.read_at !== null)).toBe(true);
  });

  it('pages newest first by id', async () => {
    const b = await person();
    const inviters = [await person(), await person(), await person()];
    for (const a of inviters) await a.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: b.id } } });
    const first = await b.api.GET('/api/v1/users/me/notifications', { params: { query: { limit: 2 } } });
    expect(first.data?.data.map((n) => n.actor?.id)).toEqual([inviters[2]?.id, inviters[1]?.id]);
    expect(first.data?.meta).toMatchObject({ has_more: true, unread_count: 3 });
    const rest = await b.api.GET('/api/v1/users/me/notifications', {
      params: { query: { limit: 2, before: first.data?.meta.next_before ?? 0 } },
    });
    expect(rest.data?.data.map((n) => n.actor?.id)).toEqual([inviters[0]?.id]);
    expect(rest.data?.meta.has_more).toBe(false);
  });
});
