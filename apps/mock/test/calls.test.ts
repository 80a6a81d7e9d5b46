import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startServer, type TestServer } from './helpers.ts';
import { userStreams, waitFor } from './sse.ts';

let server: TestServer;
const openStream = userStreams();
beforeAll(async () => {
  server = await startServer({
    seed: { users: 40, channels: 2 },
    options: {
      authLimits: { registerPerAddress: 1000, writesPerToken: 1000 },
      iceServers: [{ urls: 'stun:stun.example.org' }],
    },
  });
});
afterAll(() => server.close());

const person = () => server.register();
const call = (from: Person, to: string, kind: 'audio' | 'video' = 'video') =>
  from.api.POST('/api/v1/calls', { body: { user_id: to, kind } });
const act = (who: Person, id: string, what: 'accept' | 'decline' | 'hangup') =>
  who.api.POST(`/api/v1/calls/{id}/${what}`, { params: { path: { id } } });
const signal = (
  who: Person,
  id: string,
  body: { type: 'offer' | 'answer' | 'candidate'; sdp?: string; candidate?: { candidate: string } | null },
) => who.api.POST('/api/v1/calls/{id}/signal', { params: { path: { id } }, body });
const isCall = (status: string, reason?: string) => (e: { event: string; data: unknown }) => {
  const d = e.data as { status?: string; end_reason?: string };
  return e.event === 'call' && d.status === status && (reason === undefined || d.end_reason === reason);
};

describe('a call between two people', () => {
  it('rings on both streams, is answered, relays signalling only to the other person, and ends in both histories', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const [aStream, bStream] = [await openStream(server.baseUrl, a.token), await openStream(server.baseUrl, b.token)];
    const started = await call(a, b.id);
    expect(started.response?.status).toBe(201);
    expect(started.data?.data).toMatchObject({ caller_id: a.id, callee_id: b.id, kind: 'video', status: 'ringing' });
    const id = started.data?.data.id ?? '';
    await waitFor(bStream, isCall('ringing'));
    await waitFor(aStream, isCall('ringing'));

    expect((await act(b, id, 'accept')).data?.data).toMatchObject({
      status: 'active',
      answered_at: expect.any(String),
    });
    await waitFor(aStream, isCall('active'));

    expect((await signal(a, id, { type: 'offer', sdp: 'v=0 offer' })).response?.status).toBe(200);
    const offer = await waitFor(bStream, (e) => e.event === 'call_signal');
    expect(offer.data).toEqual({ call_id: id, from_user_id: a.id, type: 'offer', sdp: 'v=0 offer' });
    await signal(b, id, { type: 'answer', sdp: 'v=0 answer' });
    await waitFor(aStream, (e) => e.event === 'call_signal' && (e.data as { type: string }).type === 'answer');
    expect(
      aStream.events.filter((e) => e.event === 'call_signal' && (e.data as { type: string }).type === 'offer'),
    ).toEqual([]);

    // A third person can neither inject signalling nor answer: the call does not exist for them.
    expect((await signal(c, id, { type: 'candidate', candidate: { candidate: 'candidate:evil' } })).error?.status).toBe(
      404,
    );
    expect((await act(c, id, 'hangup')).error?.status).toBe(404);

    expect((await act(a, id, 'hangup')).data?.data).toMatchObject({ status: 'ended', end_reason: 'completed' });
    await waitFor(bStream, isCall('ended', 'completed'));
    const aHistory = (await a.api.GET('/api/v1/calls')).data?.data;
    const bHistory = (await b.api.GET('/api/v1/calls')).data?.data;
    expect(aHistory?.[0]).toMatchObject({ id, direction: 'outgoing', person: { id: b.id }, end_reason: 'completed' });
    expect(bHistory?.[0]).toMatchObject({ id, direction: 'incoming', person: { id: a.id } });
    expect((await c.api.GET('/api/v1/calls')).data?.data).toEqual([]);
    expect((await signal(a, id, { type: 'offer', sdp: 'late' })).error?.status).toBe(409);
  });

  it('is busy (409) when either person is already in a call', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const id = (await call(a, b.id)).data?.data.id ?? '';
    const toBusy = await call(c, b.id);
    expect(toBusy.error).toMatchObject({ status: 409, message: expect.stringContaining('in another call') });
    expect((await call(c, a.id)).error?.status).toBe(409);
    expect((await call(a, c.id)).error).toMatchObject({ status: 409, message: 'You are already in a call.' });
    await act(b, id, 'decline');
    expect((await call(c, b.id)).response?.status).toBe(201);
  });

  it('ends as declined, or cancelled when the caller hangs up first; only the callee answers', async () => {
    const [a, b] = [await person(), await person()];
    const first = (await call(a, b.id, 'audio')).data?.data.id ?? '';
    expect((await act(a, first, 'accept')).error?.status).toBe(409);
    expect((await act(b, first, 'decline')).data?.data).toMatchObject({ status: 'ended', end_reason: 'declined' });
    expect((await act(a, first, 'hangup')).error?.status).toBe(409);
    const second = (await call(a, b.id, 'audio')).data?.data.id ?? '';
    expect((await act(a, second, 'hangup')).data?.data.end_reason).toBe('cancelled');
    expect((await act(b, second, 'accept')).error?.status).toBe(409);
  });

  it('a hang-up with reason=dropped ends an active call as dropped for both; a ringing one ends as usual', async () => {
    const [a, b] = [await person(), await person()];
    const bStream = await openStream(server.baseUrl, b.token);
    const hangUp = (who: Person, id: string) =>
      who.api.POST('/api/v1/calls/{id}/hangup', { params: { path: { id }, query: { reason: 'dropped' } } });
    const ringing = (await call(a, b.id, 'audio')).data?.data.id ?? '';
    expect((await hangUp(a, ringing)).data?.data.end_reason).toBe('cancelled');
    const active = (await call(a, b.id, 'audio')).data?.data.id ?? '';
    await act(b, active, 'accept');
    expect((await hangUp(b, active)).data?.data).toMatchObject({ status: 'ended', end_reason: 'dropped' });
    await waitFor(bStream, isCall('ended', 'dropped'));
    expect((await a.api.GET('/api/v1/calls')).data?.data[0]).toMatchObject({ id: active, end_reason: 'dropped' });
    expect((await hangUp(a, active)).error?.status).toBe(409);
    const bad = await b.api.POST('/api/v1/calls/{id}/hangup', {
      params: { path: { id: active }, query: { reason: 'lost' as 'dropped' } },
    });
    expect(bad.error?.status).toBe(422);
    expect(Object.keys(bad.error?.fieldErrors ?? {})).toEqual(['reason']);
  });

  it('ends as missed after 30 s of the mock clock unanswered, and the callee is notified', async () => {
    const [a, b] = [await person(), await person()];
    const bStream = await openStream(server.baseUrl, b.token);
    const id = (await call(a, b.id)).data?.data.id ?? '';
    const moved = await fetch(`${server.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 31_000 }),
    });
    expect(moved.status).toBe(200);
    await waitFor(bStream, isCall('ended', 'missed'), 4000);
    const notes = (await b.api.GET('/api/v1/users/me/notifications')).data?.data ?? [];
    expect(notes[0]).toMatchObject({ kind: 'call_missed', call_id: id, actor: { id: a.id } });
    expect(notes[0]?.text).toMatch(/^You missed a call from /);
    expect((await act(b, id, 'accept')).error?.status).toBe(409);
  });

  it('refuses oneself (422 naming user_id), an unknown person (404), and across a block (403)', async () => {
    const [a, b] = [await person(), await person()];
    expect((await call(a, a.id)).error).toMatchObject({ status: 422, fieldErrors: { user_id: [expect.any(String)] } });
    expect((await call(a, 'usr_NoSuchPerson00000')).error?.status).toBe(404);
    await b.api.PUT('/api/v1/users/{id}/block', { params: { path: { id: a.id } } });
    expect((await call(a, b.id)).error?.status).toBe(403);
    expect((await call(b, a.id)).error?.status).toBe(403);
  });

  it('checks each signal: an offer needs sdp; at most 500 per call, then 429', async () => {
    const [a, b] = [await person(), await person()];
    const id = (await call(a, b.id)).data?.data.id ?? '';
    expect((await signal(a, id, { type: 'offer' })).error).toMatchObject({
      status: 422,
      fieldErrors: { sdp: [expect.any(String)] },
    });
    for (let i = 0; i < 500; i++) {
      const res = await signal(a, id, { type: 'candidate', candidate: { candidate: `candidate:${i}` } });
      if (res.response?.status !== 200) throw new Error(`signal ${i} answered ${res.response?.status}`);
    }
    expect((await signal(a, id, { type: 'candidate', candidate: null })).error?.status).toBe(429);
  });

  it('relays at most 64 KB of signals while a call rings (then 429 with Retry-After), and again once it is answered', async () => {
    const [a, b] = [await person(), await person()];
    const bStream = await openStream(server.baseUrl, b.token);
    const id = (await call(a, b.id)).data?.data.id ?? '';
    const big = { type: 'offer' as const, sdp: `v=0 ${'x'.repeat(19_990)}` };
    let relayed = 0;
    let refused: Awaited<ReturnType<typeof signal>> | undefined;
    for (let i = 0; i < 500 && !refused; i++) {
      const res = await signal(a, id, big);
      if (res.response?.status === 200) relayed += 1;
      else refused = res;
    }
    expect(relayed).toBe(3);
    expect(refused?.response?.status).toBe(429);
    expect(refused?.error?.message).toMatch(/64 KB of signals before it is answered/);
    const wait = Number(refused?.response?.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(30);
    // The callee's stream got what was relayed, nothing past the bound.
    await waitFor(bStream, (e) => e.event === 'call_signal');
    expect((await act(b, id, 'accept')).response?.status).toBe(200);
    expect((await signal(a, id, big)).response?.status).toBe(200);
    await waitFor(bStream, () => bStream.events.filter((e) => e.event === 'call_signal').length === 4);
    expect(bStream.events.filter((e) => e.event === 'call_signal')).toHaveLength(4);
  });

  it('gives the ICE servers it was started with and the ring time', async () => {
    const a = await person();
    expect((await a.api.GET('/api/v1/calls/config')).data?.data).toEqual({
      ice_servers: [{ urls: 'stun:stun.example.org' }],
      ring_seconds: 30,
    });
  });
});
