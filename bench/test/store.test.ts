import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type OpenLoopRaw, openLoop, openLoopPlan, scheduledAt, summariseOpenLoop } from '../src/open-loop.ts';
import { verdict } from '../src/report.ts';
import {
  acknowledgedRate,
  combineClosed,
  defaultStoreSettings,
  type LoadFigures,
  parseProcStatus,
  plannedStoreRows,
  storeRows,
} from '../src/store-rows.ts';

function raw(sent: number[], ended: number[], status: number[]): OpenLoopRaw {
  return { sent: Float64Array.from(sent), ended: Float64Array.from(ended), status: Int32Array.from(status) };
}

describe('openLoopPlan', () => {
  it('spaces requests evenly and counts the warm-up apart', () => {
    const plan = openLoopPlan(1000, 10, 2);
    expect(plan).toEqual({ intervalMs: 1, warmup: 2000, total: 12000 });
    expect(scheduledAt(plan, 0)).toBe(0);
    expect(scheduledAt(openLoopPlan(200, 1), 3)).toBe(15);
  });
  it('refuses a rate or a duration that is not positive', () => {
    expect(() => openLoopPlan(0, 10)).toThrow();
    expect(() => openLoopPlan(100, 0)).toThrow();
  });
});

describe('summariseOpenLoop', () => {
  const plan = openLoopPlan(100, 0.04, 0.01); // one warm-up request, then four, 10 ms apart

  it('measures latency from the scheduled time, not from when the request went out', () => {
    // The third measured request was sent 30 ms late (the sender stalled): its latency includes the wait.
    const summary = summariseOpenLoop(
      plan,
      raw([0, 10, 20, 60, 40], [500, 12, 23, 62, 41], [201, 201, 201, 201, 201]),
      201,
    );
    expect(summary.requests).toBe(4);
    expect(summary.p50).toBe(2);
    expect(summary.p99).toBe(32); // 62 − 30, not 62 − 60
    expect(summary.max).toBe(32);
    expect(summary.sendLagP99).toBe(30);
    expect(summary.fromSentP99).toBe(3); // what a closed-loop tool would have shown
    expect(summary.expected).toBe(4);
    expect(summary.statuses).toEqual({ '201': 4 });
  });

  it('leaves the warm-up out and counts every status', () => {
    const summary = summariseOpenLoop(
      plan,
      raw([0, 10, 20, 30, 40], [900, 11, 21, 31, 41], [500, 201, 429, 201, 201]),
      201,
    );
    expect(summary.expected).toBe(3);
    expect(summary.statuses).toEqual({ '201': 3, '429': 1 });
    expect(summary.max).toBe(1);
  });

  it('counts a request never answered as the slowest, never drops it', () => {
    const summary = summariseOpenLoop(
      plan,
      raw([0, 10, 20, 30, 40], [1, 11, Number.NaN, 31, 41], [201, 201, 0, 201, 201]),
      201,
    );
    expect(summary.statuses).toEqual({ '0': 1, '201': 3 });
    // Nearest rank over four: p50 is the second smallest, p99 the unanswered one (not a number to print).
    expect(summary.p50).toBe(1);
    expect(summary.p99).toBeNull();
    expect(summary.max).toBeNull();
  });

  it('reports the rate actually sent', () => {
    const summary = summariseOpenLoop(
      plan,
      raw([0, 10, 20, 30, 40], [1, 11, 21, 31, 41], [201, 201, 201, 201, 201]),
      201,
    );
    expect(summary.sentRate).toBeCloseTo(100);
  });
});

describe('parseProcStatus', () => {
  it('reads VmRSS and VmHWM in MB (10^6 bytes)', () => {
    const text = 'Name:\tnode\nVmHWM:\t  600000 kB\nVmRSS:\t  500000 kB\nThreads:\t11\n';
    expect(parseProcStatus(text)).toEqual({ rssMB: 512, peakMB: 614.4 });
  });
  it('gives null for a field that is absent', () => {
    expect(parseProcStatus('Name:\tnode\n')).toEqual({ rssMB: null, peakMB: null });
  });
});

const summary = (p99: number, expected = 10_000, requests = 10_000) => ({
  requests,
  p50: p99 / 4,
  p99,
  max: p99 * 2,
  sendLagP99: 0.5,
  fromSentP99: p99,
  statuses: { '201': expected },
  expected,
  sentRate: 1000,
});

const figures = (overrides: Partial<LoadFigures> = {}): LoadFigures => ({
  idleReads: summary(2),
  writes: summary(5),
  readsWhileWriting: summary(3),
  closed: { requestsPerSecond: 3000, p50: 15, p99: 40, total: 30_000, statusCodes: { '201': 30_000 }, seconds: 10 },
  memory: { started: 400, afterWrites: 450, peak: 500 },
  ...overrides,
});

describe('storeRows', () => {
  const startup = {
    existingFile: [1.5, 1.2, 1.4],
    freshData: 5,
    freshMemory: [3.9, 3.2, 4.4],
    defaultSeed: [1, 1.1, 1.2],
    reference: [0.8, 0.9, 1],
  };
  const byMetric = (rows: ReturnType<typeof storeRows>, subject: string, metric: string) => {
    const found = rows.find((row) => row.subject === subject && row.metric.includes(metric));
    if (!found) throw new Error(`no row ${subject}: ${metric}`);
    return found;
  };

  it('judges every store target on this run’s figures', () => {
    const rows = storeRows({
      withData: figures({ closed: { ...figures().closed, statusCodes: { '201': 12_000, '503': 3 } } }),
      withoutData: figures(),
      startup,
    });
    const data = 'Cohort mock, --data';
    expect(verdict(byMetric(rows, data, 'open-loop 1,000/s: p99'))).toBe('met');
    expect(verdict(byMetric(rows, data, 'answered 201'))).toBe('met');
    expect(verdict(byMetric(rows, data, 'while writing'))).toBe('met'); // 3 / 2 = 1.5×
    const closed = byMetric(rows, data, 'closed-loop, 50 connections: writes/s');
    expect(closed.value).toBe(1200);
    expect(closed.ratio?.value).toBeCloseTo(0.4);
    expect(verdict(closed)).toBe('missed');
    expect(verdict(byMetric(rows, data, 'acknowledged'))).toBe('met');
    expect(verdict(byMetric(rows, data, 'after start-up'))).toBe('met');
    expect(byMetric(rows, data, 'existing').value).toBe(1.5); // the slower start
    // The fresh seed's target is the in-memory one's, judged on the median start; the --data one has none.
    expect(byMetric(rows, data, 'fresh seed').target).toBeUndefined();
    const freshPlain = byMetric(rows, 'Cohort mock, no --data', 'fresh seed');
    expect(freshPlain.value).toBe(3.9);
    expect(verdict(freshPlain)).toBe('met');
    expect(
      verdict(
        byMetric(
          storeRows({ startup: { ...startup, freshMemory: [4.1, 4.3, 3.9] } }),
          'Cohort mock, no --data',
          'fresh seed',
        ),
      ),
    ).toBe('missed');
    const defaultStart = byMetric(rows, 'Cohort mock, no --data', 'default seed');
    expect(defaultStart.ratio?.value).toBeCloseTo(1.1 / 0.9);
    expect(verdict(defaultStart)).toBe('met');
  });

  it('shows the floor bare node:http sets under the same phases, and the mock against it', () => {
    const floor = { idleReads: summary(1), writes: summary(4), readsWhileWriting: summary(2) };
    const rows = storeRows({
      withData: figures({ writes: summary(12), readsWhileWriting: summary(5) }),
      floor,
      startup,
    });
    const bare = 'bare node:http, canned answers';
    expect(byMetric(rows, bare, 'open-loop 1,000/s: p99').value).toBe(4);
    expect(byMetric(rows, bare, 'while writing').ratio?.value).toBe(2);
    expect(byMetric(rows, bare, 'idle').value).toBe(1);
    expect(rows.filter((row) => row.subject === bare).every((row) => !row.target)).toBe(true);
    expect(byMetric(rows, 'Cohort mock, --data', 'open-loop 1,000/s: p99').note).toContain(
      '3.0× bare node:http under the same load',
    );
    expect(byMetric(rows, 'Cohort mock, --data', 'while writing').note).toContain('2.5× bare node:http');
    // Without the floor's figures the rows are the mock's alone.
    const alone = storeRows({ withData: figures(), startup });
    expect(alone.some((row) => row.subject === bare)).toBe(false);
    expect(byMetric(alone, 'Cohort mock, --data', 'open-loop 1,000/s: p99').note).not.toContain('bare node:http');
  });

  it('misses the 201 check when a single write was refused, and the p99 over 10 ms', () => {
    const rows = storeRows({ withData: figures({ writes: summary(12, 9_999) }), startup });
    expect(verdict(byMetric(rows, 'Cohort mock, --data', 'answered 201'))).toBe('missed');
    expect(verdict(byMetric(rows, 'Cohort mock, --data', 'open-loop 1,000/s: p99'))).toBe('missed');
  });

  it('lists every target unmeasured, with the reason, when the part cannot run', () => {
    const rows = plannedStoreRows('not measured: boom');
    expect(rows.filter((row) => row.target).map(verdict)).toEqual(Array(10).fill('not measured'));
    expect(rows.every((row) => row.note === 'not measured: boom')).toBe(true);
    expect(defaultStoreSettings.writeRate).toBe(1000);
  });
});

describe('combineClosed', () => {
  it('sums the parts, keeps the worse percentiles and counts the seconds of all parts', () => {
    const combined = combineClosed(
      [
        { p50: 5, p99: 30, total: 1000, statusCodes: { '201': 990, '409': 10 } },
        { p50: 7, p99: 20, total: 3000, statusCodes: { '201': 3000 } },
      ],
      5,
    );
    expect(combined).toEqual({
      requestsPerSecond: 400,
      p50: 7,
      p99: 30,
      total: 4000,
      statusCodes: { '201': 3990, '409': 10 },
      seconds: 10,
    });
    expect(acknowledgedRate(combined)).toBe(399);
  });
});

describe('acknowledgedRate', () => {
  it('counts 201 answers only', () => {
    expect(acknowledgedRate({ ...figures().closed, statusCodes: { '201': 500, '500': 500 }, seconds: 5 })).toBe(100);
    expect(acknowledgedRate(undefined)).toBeNull();
  });
});

describe('openLoop', () => {
  it('sends on schedule to a real server and records every answer', async () => {
    let received = 0;
    const server = createServer((request, response) => {
      received++;
      request.resume();
      request.on('end', () => response.writeHead(201).end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const plan = openLoopPlan(200, 0.5, 0.1);
      const run = openLoop({
        url: `http://127.0.0.1:${port}`,
        method: 'POST',
        path: '/x',
        body: '{}',
        tokens: ['a', 'b'],
        plan,
      });
      const result = summariseOpenLoop(plan, await run.run(), 201);
      expect(received).toBe(plan.total);
      expect(result.requests).toBe(100);
      expect(result.expected).toBe(100);
      expect(result.p99).not.toBeNull();
      expect(result.sentRate).toBeGreaterThan(150);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
