import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contract } from '../src/contract/contract.ts';
import { HttpError } from '../src/lib/http-error.ts';
import {
  beforeOperation,
  createBehaviour,
  parseScenario,
  type Scenario,
  scenarioFor,
  scheduleDrop,
} from '../src/scenarios/index.ts';
import { STREAM_OPERATIONS } from '../src/scenarios/validate.ts';
import { contractFetch, startServer, type TestServer, validateResponse } from './helpers.ts';
import { openUserStream } from './sse.ts';

const { operations } = contract();
const preset = (name: string): Scenario => scenarioFor(name) ?? expect.fail(`no preset ${name}`);

describe('scenario flaky: behaviourFor', () => {
  it('fails only with statuses each operation declares, within its latency range', () => {
    const flaky = preset('flaky');
    const behaviourFor = createBehaviour(flaky, 7);
    let failures = 0;
    for (const op of operations.filter((o) => !STREAM_OPERATIONS.has(o.operationId))) {
      const own = flaky.operations[op.operationId];
      const latency = own?.latency ?? flaky.latency ?? expect.fail('flaky has a latency');
      for (let i = 0; i < 50; i++) {
        const b = behaviourFor(op.operationId);
        expect(b.delayMs).toBeGreaterThanOrEqual(latency.min);
        expect(b.delayMs).toBeLessThanOrEqual(latency.max);
        if (!b.fail) continue;
        failures++;
        expect(b.fail.status).toBe(own?.status ?? 503);
        const envelope = { success: false, message: b.fail.message };
        expect(validateResponse(op.operationId, b.fail.status, envelope), op.operationId).toEqual([]);
      }
    }
    // 5 % of ~5,000 calls, more for the operations singled out.
    expect(failures).toBeGreaterThan(200);
  });

  it('is deterministic under a seed: the n-th call of an operation draws the same, whatever runs between', () => {
    const flaky = preset('flaky');
    const a = createBehaviour(flaky, 42);
    const b = createBehaviour(flaky, 42);
    const first = Array.from({ length: 40 }, () => a('listNotifications'));
    const second = Array.from({ length: 40 }, () => {
      b('getMe');
      return b('listNotifications');
    });
    expect(second).toEqual(first);
    const other = createBehaviour(flaky, 43);
    expect(Array.from({ length: 40 }, () => other('listNotifications'))).not.toEqual(first);
    expect(first.filter((x) => x.fail).length).toBeGreaterThan(3);
  });

  it('applies without a framework: beforeOperation throws the failure, scheduleDrop cuts unless cancelled', async () => {
    await expect(beforeOperation({ delayMs: 0 })).resolves.toBeUndefined();
    const thrown = await beforeOperation({ delayMs: 0, fail: { status: 502, message: 'Down.' } }).catch((e) => e);
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ status: 502, message: 'Down.' });
    expect(scheduleDrop({ delayMs: 0 }, () => {})).toBeUndefined();
    vi.useFakeTimers();
    try {
      let cuts = 0;
      scheduleDrop({ delayMs: 0, dropAfterMs: 1000 }, () => cuts++);
      const cancel = scheduleDrop({ delayMs: 0, dropAfterMs: 1000 }, () => cuts++);
      cancel?.();
      vi.advanceTimersByTime(1000);
      expect(cuts).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the default scenario does nothing to any request', () => {
    const none = createBehaviour(preset('default'), 1);
    for (const op of operations) expect(none(op.operationId)).toEqual({ delayMs: 0 });
  });
});

describe('scenario flaky over HTTP', () => {
  // The preset without its latency, so the test does not wait for it (latency is the unit test's).
  const quick = parseScenario(
    { extends: 'flaky', latency: 0, operations: { listNotifications: { latency: 0 } } },
    'quick-flaky',
    operations,
  );
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  const statuses = async (seed: number): Promise<number[]> => {
    // The drift alarm in strict mode too: an answer off the contract would be a 500 here.
    const server = await startServer({
      options: { behaviourFor: createBehaviour(quick, seed), checkResponses: 'strict' },
    });
    servers.push(server);
    // Sign-in may fail too (5 %): it is tried again until it works.
    let token: string | undefined;
    for (let i = 0; i < 20 && !token; i++) token = await server.login().catch(() => undefined);
    const seen: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await contractFetch(`${server.baseUrl}/api/v1/users/me/notifications`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { success: boolean; message: string };
      if (res.status !== 200) expect(body).toMatchObject({ success: false, message: expect.stringContaining('flaky') });
      seen.push(res.status);
    }
    return seen;
  };

  it('a fixed seed fails the same calls with a declared status and the error envelope; the contract holds', async () => {
    const first = await statuses(99);
    expect(new Set(first)).toEqual(new Set([200, 502]));
    expect(await statuses(99)).toEqual(first);
    const predicted = createBehaviour(quick, 99);
    expect(first).toEqual(first.map(() => predicted('listNotifications').fail?.status ?? 200));
  });
});

describe('scenario failures of other declared statuses', () => {
  it('a 401 names its scheme and a 429 says when to come back, as the contract has them', async () => {
    const scenario = parseScenario(
      { operations: { searchUsers: { errorRate: 1, status: 429 }, getMe: { errorRate: 1, status: 401 } } },
      'statuses',
      operations,
    );
    const server = await startServer({ options: { behaviourFor: createBehaviour(scenario, 1) } });
    try {
      const token = await server.login();
      const headers = { Authorization: `Bearer ${token}` };
      const limited = await contractFetch(`${server.baseUrl}/api/v1/users/search`, { headers });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('1');
      const me = await contractFetch(`${server.baseUrl}/api/v1/users/me`, { headers });
      expect(me.status).toBe(401);
      expect(me.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(await me.json()).toMatchObject({ success: false, message: expect.stringContaining('statuses') });
    } finally {
      await server.close();
    }
  });
});

describe('scenario offline-stream', () => {
  // The preset with a short drop, so the test does not wait for it.
  const quick = parseScenario({ extends: 'offline-stream', stream: { dropAfter: '100-300' } }, 'quick', operations);
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ options: { behaviourFor: createBehaviour(quick, 5) } });
    token = await server.login();
  });
  afterAll(() => server.close());

  it('refuses some openings with a 503 envelope and cuts every opened stream soon after; no stream is left counted', async () => {
    const predicted = createBehaviour(quick, 5);
    let refused = 0;
    let dropped = 0;
    // More openings than the per-user cap (10): a cut stream must not keep its place.
    for (let i = 0; i < 16; i++) {
      const expected = predicted('streamMe');
      const stream = await openUserStream(server.baseUrl, token);
      if (expected.fail) {
        expect(stream.res.status).toBe(503);
        const body = await stream.res.json();
        expect(body).toMatchObject({ success: false, message: expect.stringContaining('refused') });
        expect(validateResponse('streamMe', 503, body)).toEqual([]);
        refused++;
        continue;
      }
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await stream.done;
      expect(stream.ended()).toBe(true);
      dropped++;
    }
    expect(refused).toBeGreaterThan(2);
    expect(dropped).toBeGreaterThan(10 - refused);
    // Everything else answers as in default.
    const me = await contractFetch(`${server.baseUrl}/api/v1/users/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
  });
});
