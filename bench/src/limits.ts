/**
 * Part 6 (Hardening item 3): the largest body every operation allows, answered in < 50 ms (no
 * request does more than linear work), beside an idle GET of the same run. Part 7 is streams.ts.
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
