import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSource } from 'eventsource';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../src/adapters/server.ts';
import { createApp } from '../src/app.ts';
import { MockClock } from '../src/lib/clock.ts';
import { RealtimeHub } from '../src/realtime/hub.ts';
import { seedState } from '../src/seed/index.ts';
import { Store } from '../src/store/store.ts';
import type { Message } from '../src/store/types.ts';
import { startChatter } from '../src/tools/chatter.ts';
import { seededPasswordHash, startServer, type TestServer, validateResponse } from './helpers.ts';

interface Received {
  type: string;
  data: unknown;
  lastEventId: string;
}

/**
 * The tests name a stream's user by `?access_token=` for brevity; on the wire it travels as an
 * Authorization header (the mock takes no token in a URL), which these helpers move it to.
 */
function withHeader(url: string): [string, Record<string, string>] {
  const parsed = new URL(url);
  const token = parsed.searchParams.get('access_token');
  parsed.searchParams.delete('access_token');
  return [parsed.toString(), token ? { authorization: `Bearer ${token}` } : {}];
}

function streamFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const [clean, headers] = withHeader(url);
  return fetch(clean, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
}

/** An EventSource on a channel's stream that records every event it gets. */
function listen(url: string) {
  const [clean, headers] = withHeader(url);
  const es = new EventSource(clean, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }),
  });
  const events: Received[] = [];
  for (const type of ['message', 'pin', 'presence']) {
    es.addEventListener(type, (e) => events.push({ type, data: JSON.parse(e.data), lastEventId: e.lastEventId }));
  }
  const opened = new Promise<void>((resolve, reject) => {
    es.onopen = () => resolve();
    es.onerror = (e) => reject(new Error(`stream failed: ${e.message ?? 'error'}`));
  });
  return { es, events, opened };
}

/** Resolves with the first recorded event that matches, or fails after `ms`. */
async function waitFor(events: Received[], match: (e: Received) => boolean, ms = 3000): Promise<Received> {
  const until = Date.now() + ms;
  for (;;) {
    const found = events.find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const streams: EventSource[] = [];
afterEach(() => {
  for (const es of streams.splice(0)) es.close();
});

let server: TestServer;
let demoToken: string;
let otherToken: string;
let channel: string;

beforeAll(async () => {
  server = await startServer({ options: { keepAliveMs: 50 } });
  demoToken = await server.login();
  const demo = server.store.accounts.first(1)[0];
  const mine = (await server.client(demoToken).GET('/api/v1/users/me/channels')).data?.data ?? [];
  const group = mine.find((c) => c.users.length > 2);
  channel = group?.id ?? '';
  const other = group?.users.find((id) => id !== demo?.id) ?? '';
  otherToken = await server.login(server.store.accounts.find(other)?.email);
});
afterAll(() => server.close());

const streamUrl = (id: string, token?: string) =>
  `${server.baseUrl}/api/v1/channels/${id}/stream${token ? `?access_token=${encodeURIComponent(token)}` : ''}`;

describe('streamChannel', () => {
  it('delivers a message sent by one member to another member listening on the same group', async () => {
    const a = listen(streamUrl(channel, demoToken));
    const b = listen(streamUrl(channel, otherToken));
    streams.push(a.es, b.es);
    await Promise.all([a.opened, b.opened]);
    await waitFor(b.events, (e) => e.type === 'presence' && (e.data as { online_count: number }).online_count === 2);

    const sent = await server.client(demoToken).POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: channel } },
      body: { message: 'Live from A', client_id: 'a-1' },
    });
    const id = sent.data?.data.id;
    const got = await waitFor(b.events, (e) => e.type === 'message');
    expect(got.data).toEqual(sent.data?.data);
    expect(got.lastEventId).toBe(id);
    expect(validateResponse('sendMessage', 201, { success: true, message: 'x', data: got.data })).toEqual([]);
    // The sender's own stream gets it too (the web app matches it to its bubble by client_id).
    const echo = await waitFor(a.events, (e) => e.type === 'message');
    expect((echo.data as Message).client_id).toBe('a-1');
  });

  it('relays pins and unpins, and forwarded messages to the target group', async () => {
    const b = listen(streamUrl(channel, otherToken));
    streams.push(b.es);
    await b.opened;
    const client = server.client(demoToken);
    const msg = (
      await client.POST('/api/v1/channels/{id}/messages', {
        params: { path: { id: channel } },
        body: { message: 'Pin this' },
      })
    ).data?.data;
    await client.POST('/api/v1/channels/{id}/pin/{msgId}', {
      params: { path: { id: channel, msgId: msg?.id ?? '' } },
    });
    const pin = await waitFor(b.events, (e) => e.type === 'pin');
    expect(pin.data).toEqual({ message: msg });
    await client.DELETE('/api/v1/channels/{id}/pin/{msgId}', {
      params: { path: { id: channel, msgId: msg?.id ?? '' } },
    });
    await waitFor(b.events, (e) => e.type === 'pin' && (e.data as { message: unknown }).message === null);

    const other = (await client.GET('/api/v1/users/me/channels')).data?.data.find(
      (c) => c.id !== channel && c.users.length > 1,
    );
    const elsewhere = listen(streamUrl(other?.id ?? '', demoToken));
    streams.push(elsewhere.es);
    await elsewhere.opened;
    await client.POST('/api/v1/messages/{id}/forward', {
      params: { path: { id: msg?.id ?? '' } },
      body: { channel_ids: [other?.id ?? ''] },
    });
    const forwarded = await waitFor(elsewhere.events, (e) => e.type === 'message');
    expect(forwarded.data).toMatchObject({ forwarded_from_id: msg?.id, channel_id: other?.id });
  });

  it('accepts the token as a Bearer header too, and sends keep-alive comments', async () => {
    const res = await streamFetch(streamUrl(channel), { headers: { authorization: `Bearer ${demoToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const reader = res.body?.getReader();
    let text = '';
    const until = Date.now() + 3000;
    while (!text.includes(': keep-alive') && Date.now() < until) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    await reader?.cancel();
    expect(text).toContain('event: presence');
    expect(text).toContain(': keep-alive\n\n');
  });

  it('counts who is online and tells the others when a client disconnects', async () => {
    const a = listen(streamUrl(channel, demoToken));
    const a2 = listen(streamUrl(channel, demoToken));
    const b = listen(streamUrl(channel, otherToken));
    streams.push(a.es, a2.es, b.es);
    await Promise.all([a.opened, a2.opened, b.opened]);
    // Two tabs of one user count once.
    await waitFor(a.events, (e) => e.type === 'presence' && (e.data as { online_count: number }).online_count === 2);
    b.es.close();
    await waitFor(
      a.events,
      (e) => e.type === 'presence' && (e.data as { online_count: number }).online_count === 1,
      3000,
    );
  });

  it('ends the stream when the user leaves the group or signs out', async () => {
    const client = server.client(demoToken);
    const made = await client.POST('/api/v1/users/channels/store', {
      body: { name: 'Short-lived', description: '', tags: [], is_closed: false, users: [] },
    });
    const id = made.data?.data.id ?? '';
    const readAll = async (res: Response) => {
      const reader = res.body?.getReader();
      let text = '';
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return text;
        text += new TextDecoder().decode(chunk.value);
      }
    };
    const left = await streamFetch(streamUrl(id, demoToken));
    const leftText = readAll(left);
    await client.POST('/api/v1/users/channels/{id}/leave', { params: { path: { id } } });
    // The keep-alive tick (50 ms here) notices and closes the stream.
    expect(await leftText).toContain('event: presence');

    const token = await server.login();
    const out = await streamFetch(streamUrl(channel, token));
    const outText = readAll(out);
    await server.client(token).POST('/api/v1/logout');
    expect(await outText).toContain('event: presence');
  });

  it.each([
    ['no token', () => streamUrl(channel), 401],
    ['a revoked or made-up token', () => streamUrl(channel, 'not-a-token'), 401],
    ['an unknown group', () => streamUrl('chan_AAAAAAAAAAAAAAAAAAAA', demoToken), 404],
    ['a malformed group id', () => streamUrl('general', demoToken), 422],
  ])('answers %s with the JSON error envelope', async (_name, url, status) => {
    const res = await streamFetch(url());
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(validateResponse('streamChannel', status, body)).toEqual([]);
  });

  it('answers 403 to a non-member', async () => {
    const [, alice, bob] = server.store.accounts.first(3);
    const aliceToken = await server.login(alice?.email);
    const theirs = await server.client(aliceToken).POST('/api/v1/users/channels/store', {
      body: { name: 'Private', description: '', tags: [], is_closed: true, users: [bob?.id ?? ''] },
    });
    const res = await streamFetch(streamUrl(theirs.data?.data.id ?? '', demoToken));
    expect(res.status).toBe(403);
    expect(validateResponse('streamChannel', 403, await res.json())).toEqual([]);
  });
});

describe('stream tickets (EventSource sends no headers; no token in a URL)', () => {
  const ticketFor = async (token: string) => {
    const res = await server.client(token).POST('/api/v1/stream-tickets');
    return res.data?.data.ticket ?? '';
  };
  const bare = (id: string, query: string) => `${server.baseUrl}/api/v1/channels/${id}/stream?${query}`;

  it('a ticket opens one stream as the token that asked for it, once', async () => {
    const ticket = await ticketFor(otherToken);
    expect(ticket.length).toBeGreaterThanOrEqual(32);
    const es = new EventSource(bare(channel, `ticket=${ticket}`));
    streams.push(es);
    // The stream opens and its first event (presence) arrives.
    await new Promise<void>((resolve, reject) => {
      es.addEventListener('presence', () => resolve());
      es.onerror = () => reject(new Error('ticket stream failed'));
    });
    // Used: the same URL again is a 401 with the envelope.
    const again = await fetch(bare(channel, `ticket=${ticket}`));
    expect(again.status).toBe(401);
    expect(validateResponse('streamChannel', 401, await again.json())).toEqual([]);
  });

  it.each([
    [
      'a bearer token in the query (no longer accepted)',
      () => bare(channel, `access_token=${encodeURIComponent(demoToken)}`),
    ],
    ['a made-up ticket', () => bare(channel, `ticket=${'A'.repeat(32)}`)],
  ])('refuses %s with 401', async (_name, url) => {
    const res = await fetch(url());
    expect(res.status).toBe(401);
  });

  it('a ticket expires after 60 seconds', async () => {
    const clock = new MockClock();
    const timed = await startServer({ options: { clock } });
    try {
      const token = await timed.login();
      const ticket = (await timed.client(token).POST('/api/v1/stream-tickets')).data?.data.ticket ?? '';
      const mine = (await timed.client(token).GET('/api/v1/users/me/channels')).data?.data[0]?.id ?? '';
      clock.advance(61_000);
      const res = await fetch(`${timed.baseUrl}/api/v1/channels/${mine}/stream?ticket=${ticket}`);
      expect(res.status).toBe(401);
    } finally {
      await timed.close();
    }
  });
});

describe('stream limits (an attacker opening streams by the thousand)', () => {
  /** Opens a raw stream and reads its text until closed or `ms` passes. */
  async function openRaw(url: string) {
    const controller = new AbortController();
    const res = await streamFetch(url, { signal: controller.signal });
    let text = '';
    const done = (async () => {
      const reader = res.body?.getReader();
      try {
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) return;
          text += new TextDecoder().decode(chunk.value);
        }
      } catch {
        // aborted
      }
    })();
    return { res, text: () => text, close: () => controller.abort(), done };
  }

  it('the 11th stream of one user (or one token) is a 429 with the envelope and Retry-After', async () => {
    const token = await server.login();
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await openRaw(streamUrl(channel, token)));
    expect(open.every((o) => o.res.status === 200)).toBe(true);
    const over = await streamFetch(streamUrl(channel, token));
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(validateResponse('streamChannel', 429, await over.json())).toEqual([]);
    // Another token of the same user counts against the same cap.
    const second = await server.login();
    expect((await streamFetch(streamUrl(channel, second))).status).toBe(429);
    for (const o of open) o.close();
    await Promise.all(open.map((o) => o.done));
    await new Promise((r) => setTimeout(r, 50));
    const again = await openRaw(streamUrl(channel, token));
    expect(again.res.status).toBe(200);
    again.close();
  });

  it('presence is coalesced: 200 streams opening and closing send an observer a handful of events, ending with the right count', async () => {
    const busy = await startServer({ options: { streamsPerUser: 1000 } });
    try {
      const observerToken = await busy.login();
      const group = (await busy.client(observerToken).GET('/api/v1/users/me/channels')).data?.data.find(
        (c) => c.users.length > 1,
      );
      const me = busy.store.accounts.findByEmail('demo@cohort.test')?.id;
      const member = group?.users.find((id) => id !== me) ?? '';
      const token = await busy.login(busy.store.accounts.find(member)?.email);
      const url = (t: string) =>
        `${busy.baseUrl}/api/v1/channels/${group?.id}/stream?access_token=${encodeURIComponent(t)}`;
      const observer = listen(url(observerToken));
      streams.push(observer.es);
      await observer.opened;
      await waitFor(observer.events, (e) => e.type === 'presence');
      const before = observer.events.length;
      const opened = await Promise.all(Array.from({ length: 200 }, () => openRaw(url(token))));
      expect(opened.every((o) => o.res.status === 200)).toBe(true);
      for (const o of opened) o.close();
      await Promise.all(opened.map((o) => o.done));
      // Past the coalescing window: the last count is the observer alone.
      await new Promise((r) => setTimeout(r, 700));
      const presence = observer.events.slice(before).filter((e) => e.type === 'presence');
      expect(presence.length).toBeGreaterThan(0);
      expect(presence.length).toBeLessThanOrEqual(10);
      expect(presence.at(-1)?.data).toEqual({ online_count: 1 });
    } finally {
      await busy.close();
    }
  });

  it('logout and leave end the stream at once, not at the next keep-alive', async () => {
    const quiet = await startServer({ options: { keepAliveMs: 60_000 } });
    try {
      const token = await quiet.login();
      const client = quiet.client(token);
      const made = await client.POST('/api/v1/users/channels/store', {
        body: { name: 'Brief', description: '', tags: [], is_closed: false, users: [] },
      });
      const id = made.data?.data.id ?? '';
      const url = (t: string) => `${quiet.baseUrl}/api/v1/channels/${id}/stream?access_token=${encodeURIComponent(t)}`;
      const leaving = await openRaw(url(token));
      await client.POST('/api/v1/users/channels/{id}/leave', { params: { path: { id } } });
      await Promise.race([
        leaving.done,
        new Promise((_, reject) => setTimeout(() => reject(new Error('still open after leave')), 2000)),
      ]);

      const other = await quiet.login();
      const mine = (await quiet.client(other).GET('/api/v1/users/me/channels')).data?.data[0]?.id ?? '';
      const out = await openRaw(
        `${quiet.baseUrl}/api/v1/channels/${mine}/stream?access_token=${encodeURIComponent(other)}`,
      );
      await quiet.client(other).POST('/api/v1/logout');
      await Promise.race([
        out.done,
        new Promise((_, reject) => setTimeout(() => reject(new Error('still open after logout')), 2000)),
      ]);
    } finally {
      await quiet.close();
    }
  });
});

describe('chatter', () => {
  it('makes seeded members (never a connected user) post to the open group now and then', async () => {
    const store = new Store(seedState({ users: 40, channels: 6 }));
    const realtime = new RealtimeHub(store.events);
    const app = createApp({ store, options: { seededPasswordHash: await seededPasswordHash(), realtime } });
    const http = await new Promise<Server>((resolve) => {
      const s = createMockServer(app).listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const stop = startChatter({ store, realtime, everyMs: { min: 20, max: 40 } });
    try {
      const demo = store.accounts.first(1)[0];
      const login = await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uniName: demo?.university, email: demo?.email, password: 'cohort-demo' }),
      });
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      const open = store.channels.of(demo?.id ?? '').find((c) => c.users.length > 2);
      const s = listen(`${base}/api/v1/channels/${open?.id}/stream?access_token=${token}`);
      streams.push(s.es);
      await s.opened;
      const got = await waitFor(s.events, (e) => e.type === 'message', 3000);
      const message = got.data as Message;
      expect(message.channel_id).toBe(open?.id);
      expect(message.sender_id).not.toBe(demo?.id);
      expect(open?.users).toContain(message.sender_id);
      expect(message.message.length).toBeGreaterThan(0);
    } finally {
      stop();
      realtime.close();
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    }
  });
});
