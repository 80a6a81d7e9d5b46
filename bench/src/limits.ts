/**
 * Hardening figures: (a) the largest body every operation allows, answered in < 50 ms (no request
 * does more than linear work), beside an idle GET of the same run; (b) 1,000 open streams across
 * 100 users: a message reaches all of them with p99 < 100 ms, and an unrelated request's p99 stays
 * < 20 ms while streams open and close, beside the same request on the idle server.
 */
import { listOperations, loadContract } from '@cohort/openapi';
import { largestBody } from './largest-body.ts';
import type { ChildServer } from './processes.ts';
import { percentile, type Row, ratioOf, type Section } from './report.ts';
import { signIn, startMock } from './subjects.ts';

const json = { 'content-type': 'application/json' };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function timed(send: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await send();
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

async function idleGet(mock: ChildServer, token: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push((await timed(() => fetch(`${mock.url}/api/v1/users/me`, { headers: auth(token) }))).ms);
  }
  return out;
}

export async function measureLargestBodies(): Promise<Section> {
  const doc = loadContract();
  const mock = await startMock({ users: 2000, args: ['--register-limit', '100000', '--login-limit', '100000'] });
  try {
    const session = await signIn(mock);
    const groups = (await (
      await fetch(`${mock.url}/api/v1/users/me/channels`, { headers: auth(session.token) })
    ).json()) as { data: { id: string }[] };
    const channel = groups.data[0]?.id ?? 'chan_AAAAAAAAAAAAAAAA';
    const idle = await idleGet(mock, session.token, 50);
    const idleP50 = percentile(idle, 50);
    const rows: Row[] = [{ subject: 'idle server', metric: 'GET users/me p50', value: idleP50, unit: 'ms' }];
    for (const op of listOperations(doc)) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema || op.operationId === 'login' || op.operationId === 'register') continue;
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        name === 'userId' ? session.userId : op.path.includes('/channels/') ? channel : '1',
      );
      const samples: number[] = [];
      let status = 0;
      for (let i = 0; i < 5; i++) {
        const body = JSON.stringify(largestBody(doc, schema as Record<string, unknown>, i + 1));
        const r = await timed(() =>
          fetch(`${mock.url}${path}`, {
            method: op.method.toUpperCase(),
            headers: { ...json, ...auth(session.token) },
            body,
          }),
        );
        samples.push(r.ms);
        status = r.status;
      }
      const worst = Math.max(...samples);
      rows.push({
        subject: op.operationId,
        metric: `largest body, slowest of 5 (answered ${status})`,
        value: worst,
        unit: 'ms',
        ratio: { value: ratioOf(worst, idleP50), of: 'idle GET p50' },
        target: { on: 'value', op: '<', bound: 50 },
      });
    }
    return {
      title: '6. Largest allowed bodies',
      method:
        'Every operation with a JSON body gets the largest body its schema allows (each string at maxLength, each array at maxItems, every optional field), five times; the slowest answer is reported beside an idle GET of the same run. A 4xx is still a full validation of the body.',
      rows,
      notes: [],
    };
  } finally {
    await mock.stop();
  }
}

interface Stream {
  close: () => void;
  /** Resolves with the time the first `event: message` frame arrived. */
  message: Promise<number>;
}

async function openStream(url: string, token: string): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: auth(token), signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
  const reader = res.body?.getReader();
  const message = (async () => {
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) return Number.NaN;
      text += decoder.decode(chunk.value, { stream: true });
      if (text.includes('event: message')) return performance.now();
      if (text.length > 100_000) text = text.slice(-1000);
    }
  })().catch(() => Number.NaN);
  return { close: () => controller.abort(), message };
}

export async function measureStreams(): Promise<Section> {
  const USERS = 100;
  const PER_USER = 10;
  const mock = await startMock({ args: ['--register-limit', '100000', '--login-limit', '100000'] });
  const streams: Stream[] = [];
  try {
    const demo = await signIn(mock);
    const people: { id: string; token: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const res = await fetch(`${mock.url}/api/v1/register`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          university_name: 'Stanford University',
          email: `bench${i}-${Date.now()}@cohort.io`,
          password: 'bench-password',
          graduation_year: 2026,
        }),
      });
      const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
      const me = (await (await fetch(`${mock.url}/api/v1/users/me`, { headers: auth(token) })).json()) as {
        data: { id: string };
      };
      people.push({ id: me.data.id, token });
    }
    const made = (await (
      await fetch(`${mock.url}/api/v1/users/channels/store`, {
        method: 'POST',
        headers: { ...json, ...auth(demo.token) },
        body: JSON.stringify({
          name: 'Bench',
          description: '',
          tags: [],
          is_closed: false,
          users: people.map((p) => p.id),
        }),
      })
    ).json()) as { data: { id: string } };
    const url = `${mock.url}/api/v1/channels/${made.data.id}/stream`;
    const idle = await idleGet(mock, demo.token, 200);

    // Unrelated requests while 1,000 streams open, then while 200 of them close and reopen.
    const during: number[] = [];
    let churning = true;
    const sampler = (async () => {
      while (churning)
        during.push((await timed(() => fetch(`${mock.url}/api/v1/users/me`, { headers: auth(demo.token) }))).ms);
    })();
    for (let round = 0; round < PER_USER; round++) {
      streams.push(...(await Promise.all(people.map((p) => openStream(url, p.token)))));
    }
    for (let round = 0; round < 2; round++) {
      const some = streams.splice(0, 100);
      for (const s of some) s.close();
      // The server frees the slots when it sees the connections close.
      await new Promise((r) => setTimeout(r, 300));
      streams.push(...(await Promise.all(people.map((p) => openStream(url, p.token)))).slice(0, 100));
    }
    churning = false;
    await sampler;
    await new Promise((r) => setTimeout(r, 500));

    const sent = performance.now();
    await fetch(`${mock.url}/api/v1/channels/${made.data.id}/messages`, {
      method: 'POST',
      headers: { ...json, ...auth(demo.token) },
      body: JSON.stringify({ message: 'To everyone listening' }),
    });
    const arrivals = await Promise.all(
      streams.map((s) => Promise.race([s.message, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 5000))])),
    );
    const delays = arrivals.filter((t) => Number.isFinite(t)).map((t) => t - sent);
    const idleP99 = percentile(idle, 99);
    const duringP99 = percentile(during, 99);
    return {
      title: '7. Live streams under load',
      method: `${USERS} users × ${PER_USER} streams (the per-user cap) on one group: the time from posting a message to its frame on each open stream, and GET users/me while the streams open, close and reopen, beside the same GET on the idle server.`,
      rows: [
        { subject: 'streams open', metric: 'count', value: streams.length, unit: 'count' },
        { subject: 'streams that got the message', metric: 'count', value: delays.length, unit: 'count' },
        {
          subject: 'message delivery',
          metric: 'p99 to every stream',
          value: percentile(delays, 99),
          unit: 'ms',
          target: { on: 'value', op: '<', bound: 100 },
        },
        { subject: 'idle server', metric: 'GET users/me p99', value: idleP99, unit: 'ms' },
        {
          subject: 'while streams churn',
          metric: 'GET users/me p99',
          value: duringP99,
          unit: 'ms',
          ratio: { value: ratioOf(duringP99, idleP99), of: 'idle p99' },
          target: { on: 'value', op: '<', bound: 20 },
        },
      ],
      notes: [],
    };
  } finally {
    for (const s of streams) s.close();
    await mock.stop();
  }
}
