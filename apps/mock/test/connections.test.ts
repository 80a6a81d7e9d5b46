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

/** A new account (no connections yet). */
const person = () => server.register();

const invite = (from: Person, to: string) =>
  from.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: to } } });
const friendIds = async (who: Person) => ((await who.api.GET('/api/v1/users/me/friends')).data ?? []).map((f) => f.id);
const list = (
  who: Person,
  direction: 'incoming' | 'outgoing',
  status?: 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'removed',
) => who.api.GET('/api/v1/users/me/connections', { params: { query: { direction, ...(status ? { status } : {}) } } });

describe('connections, the whole lifecycle', () => {
  it('an invitation shows as incoming and outgoing; accepting connects both sides at once, and both streams hear of it', async () => {
    const a = await person();
    const b = await person();
    const bStream = await openStream(server.baseUrl, b.token);
    const aStream = await openStream(server.baseUrl, a.token);
    const sent = await invite(a, b.id);
    expect(sent.response?.status).toBe(201);
    expect(sent.data?.data).toMatchObject({
      from_user_id: a.id,
      to_user_id: b.id,
      status: 'pending',
      answered_at: null,
    });
    const id = sent.data?.data.id ?? 0;
    await waitFor(bStream, (e) => e.event === 'connection' && (e.data as { status: string }).status === 'pending');

    const incoming = (await list(b, 'incoming')).data;
    expect(incoming?.data.map((c) => [c.id, c.person?.id])).toEqual([[id, a.id]]);
    expect((await list(a, 'outgoing')).data?.data.map((c) => [c.id, c.person?.id])).toEqual([[id, b.id]]);

    const accepted = await b.api.POST('/api/v1/connections/{id}/accept', { params: { path: { id } } });
    expect(accepted.data?.data).toMatchObject({ status: 'accepted', answered_at: expect.any(String) });
    expect(await friendIds(a)).toContain(b.id);
    expect(await friendIds(b)).toContain(a.id);
    for (const s of [aStream, bStream]) {
      await waitFor(s, (e) => e.event === 'connection' && (e.data as { status: string }).status === 'accepted');
    }
    expect((await list(b, 'incoming')).data?.data).toEqual([]);
    expect((await list(a, 'outgoing', 'accepted')).data?.data.map((c) => c.id)).toEqual([id]);
    // Contact details follow the connection.
    const profile = await a.api.GET('/api/v1/users/{id}', { params: { path: { id: b.id } } });
    expect(profile.data?.data).toHaveProperty('email');

    // Answered once only.
    const again = await b.api.POST('/api/v1/connections/{id}/accept', { params: { path: { id } } });
    expect(again.error?.status).toBe(409);
  });

  it('only the invited answers and only the inviter withdraws; anyone else gets 404 and changes nothing', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const id = (await invite(a, b.id)).data?.data.id ?? 0;
    const path = { params: { path: { id } } };
    for (const [who, url] of [
      [c, '/api/v1/connections/{id}/accept'],
      [c, '/api/v1/connections/{id}/decline'],
      [c, '/api/v1/connections/{id}/withdraw'],
      [a, '/api/v1/connections/{id}/accept'],
      [a, '/api/v1/connections/{id}/decline'],
      [b, '/api/v1/connections/{id}/withdraw'],
    ] as const) {
      const res = await who.api.POST(url, path);
      expect(res.error?.status, `${url} by ${who === c ? 'a third person' : 'the wrong side'}`).toBe(404);
    }
    expect((await list(b, 'incoming')).data?.data.map((x) => [x.id, x.status])).toEqual([[id, 'pending']]);
    expect(await friendIds(a)).not.toContain(b.id);
  });

  it('a withdrawn invitation can no longer be accepted; a declined one can be sent again', async () => {
    const [a, b] = [await person(), await person()];
    const first = (await invite(a, b.id)).data?.data.id ?? 0;
    const withdrawn = await a.api.POST('/api/v1/connections/{id}/withdraw', { params: { path: { id: first } } });
    expect(withdrawn.data?.data.status).toBe('withdrawn');
    expect(
      (await b.api.POST('/api/v1/connections/{id}/accept', { params: { path: { id: first } } })).error?.status,
    ).toBe(409);
    expect(
      (await a.api.POST('/api/v1/connections/{id}/withdraw', { params: { path: { id: first } } })).error?.status,
    ).toBe(409);

    const second = (await invite(a, b.id)).data?.data.id ?? 0;
    const declined = await b.api.POST('/api/v1/connections/{id}/decline', { params: { path: { id: second } } });
    expect(declined.data?.data.status).toBe('declined');
    expect((await list(b, 'incoming', 'declined')).data?.data.map((x) => x.id)).toEqual([second]);
    expect((await invite(a, b.id)).response?.status).toBe(201);
  });

  it('inviting someone who already invited me accepts theirs (200); myself, twice or a connection is a 409', async () => {
    const [a, b] = [await person(), await person()];
    const theirs = (await invite(a, b.id)).data?.data.id ?? 0;
    expect((await invite(a, b.id)).error?.status).toBe(409);
    const mine = await invite(b, a.id);
    expect(mine.response?.status).toBe(200);
    expect(mine.data?.data).toMatchObject({ id: theirs, status: 'accepted' });
    expect(await friendIds(a)).toContain(b.id);
    expect((await invite(a, b.id)).error?.status).toBe(409);
    expect((await invite(a, a.id)).error?.status).toBe(409);
  });

  it('removing a connection ends it on both sides at once; once more is a 404', async () => {
    const [a, b] = [await person(), await person()];
    const id = (await invite(a, b.id)).data?.data.id ?? 0;
    await b.api.POST('/api/v1/connections/{id}/accept', { params: { path: { id } } });
    const aStream = await openStream(server.baseUrl, a.token);
    const removed = await b.api.DELETE('/api/v1/users/{id}/connection', { params: { path: { id: a.id } } });
    expect(removed.response?.status).toBe(200);
    expect(await friendIds(a)).not.toContain(b.id);
    expect(await friendIds(b)).not.toContain(a.id);
    await waitFor(aStream, (e) => e.event === 'connection' && (e.data as { status: string }).status === 'removed');
    const profile = await a.api.GET('/api/v1/users/{id}', { params: { path: { id: b.id } } });
    expect(profile.data?.data).not.toHaveProperty('email');
    expect(
      (await b.api.DELETE('/api/v1/users/{id}/connection', { params: { path: { id: a.id } } })).error?.status,
    ).toBe(404);
  });

  it('a connection from the seed can be removed too, and the lists page newest first', async () => {
    const token = await server.login();
    const api = server.client(token);
    const friends = (await api.GET('/api/v1/users/me/friends')).data ?? [];
    const friend = friends[0]?.id ?? '';
    expect(
      (await api.DELETE('/api/v1/users/{id}/connection', { params: { path: { id: friend } } })).response?.status,
    ).toBe(200);
    expect(((await api.GET('/api/v1/users/me/friends')).data ?? []).map((f) => f.id)).not.toContain(friend);

    const a = await person();
    const invited = [await person(), await person(), await person()];
    const ids = [];
    for (const p of invited) ids.push((await invite(a, p.id)).data?.data.id ?? 0);
    const first = await a.api.GET('/api/v1/users/me/connections', {
      params: { query: { direction: 'outgoing', limit: 2 } },
    });
    expect(first.data?.data.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.data?.meta).toEqual({ has_more: true, next_before: ids[1] });
    const rest = await a.api.GET('/api/v1/users/me/connections', {
      params: { query: { direction: 'outgoing', limit: 2, before: ids[1] } },
    });
    expect(rest.data?.data.map((c) => c.id)).toEqual([ids[0]]);
    expect(rest.data?.meta).toEqual({ has_more: false, next_before: null });
  });
});
