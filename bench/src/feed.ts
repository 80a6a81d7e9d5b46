/**
 * Part 10, a News Feed page at 100,000 users: the default seed's feed shape scaled up,
 * one post per user on average (four in ten in one of the author's groups, the rest to their
 * connections), on the real mock in-process; the demo account walks its feed five pages deep,
 * 20 posts a page, again and again. p50/p95 of the server's time (the Server-Timing header that
 * `getFeed` sends: the page itself) with the loopback round trip beside it; target p95 < 20 ms.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  createApp,
  createMockServer,
  DEMO_ACCOUNT,
  hashPassword,
  SEEDED_PASSWORD,
  Store,
  seedState,
} from '@cohort/mock';
import { percentile, type Row, type Section } from './report.ts';

export interface FeedSettings {
  users: number;
  postsPerUser: number;
  warmupPages: number;
  pages: number;
  /** Pages per walk from the top (each next one by the cursor). */
  depth: number;
}

export const defaultFeedSettings: FeedSettings = {
  users: 100_000,
  postsPerUser: 1,
  warmupPages: 50,
  pages: 500,
  depth: 5,
};

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const DAY = 86400e3;

/** The seeded state with `postsPerUser` posts per user on average, drawn from a fixed LCG (no faker: 100k posts). */
export function scaledState(
  users: number,
  postsPerUser: number,
): { state: ReturnType<typeof seedState>; posts: number } {
  const state = seedState({ users });
  let x = 20261125;
  const next = (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x % n;
  };
  const groupsOf = new Map<string, string[]>();
  for (const c of state.channels) {
    if (c.is_direct) continue;
    for (const u of c.users) groupsOf.set(u, [...(groupsOf.get(u) ?? []), c.id]);
  }
  const feed = state.feed ?? { posts: [], comments: [], reports: [], stories: [] };
  const ref = Date.parse('2026-11-20T12:00:00.000Z');
  const total = Math.round(users * postsPerUser);
  for (let i = 0; i < total; i++) {
    const author = state.users[next(state.users.length)];
    if (!author) continue;
    const groups = groupsOf.get(author.id) ?? [];
    let id = 'post_';
    for (let k = 0; k < 16; k++) id += URL_SAFE[next(64)];
    feed.posts.push({
      id,
      user_id: author.id,
      text: `Scaled-up post ${i}`,
      images: [],
      link: null,
      channel_id: groups.length > 0 && next(10) < 4 ? (groups[next(groups.length)] ?? null) : null,
      liked_by: [],
      created_at: new Date(ref - next(30 * DAY)).toISOString(),
    });
  }
  state.feed = feed;
  return { state, posts: feed.posts.length };
}

export function plannedFeedRows(reason: string): Row[] {
  return [
    { subject: '100,000 users', metric: 'feed page p50', value: null, unit: 'ms', note: reason },
    {
      subject: '100,000 users',
      metric: 'feed page p95',
      value: null,
      unit: 'ms',
      note: reason,
      target: { on: 'value', op: '<', bound: 20 },
    },
  ];
}

export async function measureFeed(settings: FeedSettings = defaultFeedSettings): Promise<Section> {
  const seeded = performance.now();
  const { state, posts } = scaledState(settings.users, settings.postsPerUser);
  const store = new Store(state);
  const app = createApp({ store, options: { seededPasswordHash: await hashPassword(SEEDED_PASSWORD) } });
  const setupSeconds = (performance.now() - seeded) / 1000;
  const server = await new Promise<Server>((resolve) => {
    const s = createMockServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD }),
    });
    const token = ((await login.json()) as { data?: { access_token?: string } }).data?.access_token;
    if (!token) throw new Error(`sign-in answered ${login.status}`);
    const server_: number[] = [];
    const roundTrips: number[] = [];
    let cursor: string | null = null;
    let depth = 0;
    let shown = 0;
    for (let i = 0; i < settings.warmupPages + settings.pages; i++) {
      const query = cursor ? `?limit=20&cursor=${cursor}` : '?limit=20';
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/users/me/feed${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { data?: unknown[]; meta?: { next_cursor?: string | null } };
      const elapsed = performance.now() - started;
      if (!res.ok) throw new Error(`getFeed answered ${res.status}`);
      shown = Math.max(shown, body.data?.length ?? 0);
      depth++;
      cursor = depth < settings.depth ? (body.meta?.next_cursor ?? null) : null;
      if (!cursor) depth = 0;
      if (i < settings.warmupPages) continue;
      roundTrips.push(elapsed);
      const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
      server_.push(timing?.[1] ? Number(timing[1]) : elapsed);
    }
    const me = store.accounts.findByEmail(DEMO_ACCOUNT.email);
    // The same walks straight on the store, without HTTP: what a page costs when nothing else runs.
    const direct: number[] = [];
    for (let walk = 0; walk < settings.pages / settings.depth && me; walk++) {
      let at: string | undefined;
      for (let d = 0; d < settings.depth; d++) {
        const started = performance.now();
        at = store.posts.feed(me.id, at, 20).meta.next_cursor ?? undefined;
        direct.push(performance.now() - started);
      }
    }
    const subject = `${settings.users.toLocaleString('en-US')} users`;
    return {
      title: '11. News feed',
      method: `\`GET /api/v1/users/me/feed?limit=20\`, the demo account walking ${settings.depth} pages deep by cursor, ${settings.pages} pages (after ${settings.warmupPages} warm-up), sequential, on the mock in-process with the default seed at ${subject} plus ${posts.toLocaleString('en-US')} posts (the seed's shape scaled up: ${settings.postsPerUser} per user on average, four in ten in a group); p50/p95 of the server's time (getFeed's Server-Timing header), the round trip's p95 beside it.`,
      rows: [
        { subject, metric: 'feed page p50 (server time)', value: percentile(server_, 50), unit: 'ms' },
        {
          subject,
          metric: 'feed page p95 (server time)',
          value: percentile(server_, 95),
          unit: 'ms',
          target: { on: 'value', op: '<', bound: 20 },
          note: `${shown} posts a page; the demo account has ${me?.friend_ids.length ?? 0} connections`,
        },
        { subject, metric: 'feed page p95 (round trip)', value: percentile(roundTrips, 95), unit: 'ms' },
        {
          subject,
          metric: 'feed page p95 (store call, no HTTP)',
          value: percentile(direct, 95),
          unit: 'ms',
          note: 'the same walks on the store in-process',
        },
        { subject, metric: 'seed + posts + store, in-process', value: setupSeconds, unit: 's' },
      ],
      notes: [],
    };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
