/**
 * An open-loop load generator: requests go out on a fixed schedule (the i-th at start + i / rate),
 * whether or not earlier ones were answered, and each latency is measured from its scheduled send
 * time, so a server that stalls is charged for every request that should have gone out meanwhile
 * (no coordinated omission, as in wrk2). autocannon only runs closed loops (each connection waits
 * for its answer before sending the next request), hence this small scheduler.
 *
 * It runs in a worker thread (plain JavaScript, so it needs no loader) with its own event loop and
 * keep-alive sockets: what it measures is the server, not the bench process's other work. The
 * worker only records raw times; `summariseOpenLoop` (pure, unit-tested) turns them into figures.
 */
import { Worker } from 'node:worker_threads';
import { percentile } from './report.ts';

export interface OpenLoopPlan {
  /** Milliseconds between two scheduled sends. */
  intervalMs: number;
  /** Requests sent before the measured ones (their figures are discarded). */
  warmup: number;
  /** All requests, warm-up included. */
  total: number;
}

/** How many requests a run of `seconds` (after `warmupSeconds`) at `rate` per second sends. */
export function openLoopPlan(rate: number, seconds: number, warmupSeconds = 0): OpenLoopPlan {
  if (!(rate > 0) || !(seconds > 0) || warmupSeconds < 0) throw new Error('rate and seconds must be positive');
  const warmup = Math.round(rate * warmupSeconds);
  return { intervalMs: 1000 / rate, warmup, total: warmup + Math.round(rate * seconds) };
}

/** When the i-th request of a plan is due, in ms after the run's start. */
export function scheduledAt(plan: OpenLoopPlan, index: number): number {
  return index * plan.intervalMs;
}

/** What the worker records, per request, in ms after the run's start (NaN: never happened). */
export interface OpenLoopRaw {
  sent: Float64Array;
  ended: Float64Array;
  /** HTTP status, or 0 for a connection error or a 10 s timeout. */
  status: Int32Array;
}

export interface OpenLoopSummary {
  /** Measured requests (warm-up excluded). */
  requests: number;
  /** Latency from the scheduled send time to the end of the answer, in ms. */
  p50: number | null;
  p99: number | null;
  max: number | null;
  /** How late the scheduler itself sent (sent − scheduled), p99 in ms: the bench's own share of the latency. */
  sendLagP99: number | null;
  /**
   * Latency from the actual send instead (ended − sent), p99 in ms: what a closed-loop tool would
   * show, hiding the bench's lag and the server's stalls alike; for reading beside `p99`, not instead.
   */
  fromSentP99: number | null;
  /** Measured answers by status ("0" = connection error or timeout). */
  statuses: Record<string, number>;
  /** Measured answers with the expected status. */
  expected: number;
  /** Measured requests per second actually sent (first to last send). */
  sentRate: number | null;
}

/** Percentiles over the scheduled send times of the measured requests (the warm-up left out). */
export function summariseOpenLoop(plan: OpenLoopPlan, raw: OpenLoopRaw, expectedStatus: number): OpenLoopSummary {
  const latencies: number[] = [];
  const lags: number[] = [];
  const fromSent: number[] = [];
  const statuses: Record<string, number> = {};
  let expected = 0;
  let firstSent = Number.POSITIVE_INFINITY;
  let lastSent = Number.NEGATIVE_INFINITY;
  for (let index = plan.warmup; index < plan.total; index++) {
    const due = scheduledAt(plan, index);
    const sent = raw.sent[index] ?? Number.NaN;
    const ended = raw.ended[index] ?? Number.NaN;
    const status = raw.status[index] ?? 0;
    statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
    if (status === expectedStatus) expected++;
    if (Number.isFinite(sent)) {
      lags.push(Math.max(0, sent - due));
      firstSent = Math.min(firstSent, sent);
      lastSent = Math.max(lastSent, sent);
    }
    // A request that never ended counts as the slowest possible: it is in the denominator, never dropped.
    latencies.push(Number.isFinite(ended) ? ended - due : Number.POSITIVE_INFINITY);
    fromSent.push(Number.isFinite(ended) && Number.isFinite(sent) ? ended - sent : Number.POSITIVE_INFINITY);
  }
  const requests = plan.total - plan.warmup;
  const finite = (value: number | null) => (value === null || Number.isFinite(value) ? value : null);
  return {
    requests,
    p50: finite(percentile(latencies, 50)),
    p99: finite(percentile(latencies, 99)),
    max: finite(latencies.length > 0 ? Math.max(...latencies) : null),
    sendLagP99: percentile(lags, 99),
    fromSentP99: finite(percentile(fromSent, 99)),
    statuses,
    expected,
    sentRate: requests > 1 && lastSent > firstSent ? ((requests - 1) * 1000) / (lastSent - firstSent) : null,
  };
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { host, port, method, path, body, tokens, plan, timeoutMs } = workerData;
// Enough sockets that a slow server is offered the whole schedule; beyond that requests queue in
// the agent, and their wait still counts (latency runs from the scheduled time).
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const sent = new Float64Array(plan.total).fill(NaN);
const ended = new Float64Array(plan.total).fill(NaN);
const status = new Int32Array(plan.total);
const done = new Uint8Array(plan.total);
const payload = body === undefined ? undefined : Buffer.from(body);
const headers = tokens.map((token) => ({
  authorization: 'Bearer ' + token,
  accept: 'application/json',
  ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
}));
let next = 0;
let settled = 0;
let start = 0;
function finish() {
  agent.destroy();
  parentPort.postMessage({ sent, ended, status }, [sent.buffer, ended.buffer, status.buffer]);
}
function settle(index, code) {
  if (done[index]) return;
  done[index] = 1;
  ended[index] = code === 0 ? NaN : performance.now() - start;
  status[index] = code;
  if (++settled === plan.total) finish();
}
function send(index) {
  sent[index] = performance.now() - start;
  const req = http.request({ host, port, method, path, agent, headers: headers[index % headers.length] }, (res) => {
    res.resume();
    res.once('end', () => settle(index, res.statusCode));
    res.once('error', () => settle(index, 0));
  });
  req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
  req.once('error', () => settle(index, 0));
  req.end(payload);
}
function tick() {
  const now = performance.now() - start;
  while (next < plan.total && next * plan.intervalMs <= now) send(next++);
  if (next < plan.total) setTimeout(tick, Math.max(0, next * plan.intervalMs - (performance.now() - start)));
}
parentPort.once('message', () => {
  start = performance.now();
  tick();
});
parentPort.postMessage('ready');
`;

export interface OpenLoopOptions {
  /** Base URL, e.g. http://127.0.0.1:4010. */
  url: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Bearer tokens, used in turn (request i carries tokens[i % n]). */
  tokens: string[];
  plan: OpenLoopPlan;
  timeoutMs?: number;
}

/** A worker for one plan: `ready` once its thread runs; `run()` starts the schedule and resolves with the raw times. */
export interface OpenLoop {
  ready: Promise<void>;
  run: () => Promise<OpenLoopRaw>;
}

export function openLoop(options: OpenLoopOptions): OpenLoop {
  const { hostname, port } = new URL(options.url);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      host: hostname,
      port: Number(port),
      method: options.method,
      path: options.path,
      body: options.body,
      tokens: options.tokens,
      plan: options.plan,
      timeoutMs: options.timeoutMs ?? 10_000,
    },
  });
  let onReady = () => {};
  let onFailure: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    onFailure = reject;
  });
  const result = new Promise<OpenLoopRaw>((resolve, reject) => {
    const fail = (error: Error) => {
      onFailure(error);
      reject(error);
    };
    worker.on('message', (message: 'ready' | OpenLoopRaw) => {
      if (message === 'ready') onReady();
      else resolve(message);
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the open-loop worker exited (${code}) before it finished`)));
  });
  // A caller that gives up before run() never awaits these: keep them from being unhandled.
  result.catch(() => undefined);
  ready.catch(() => undefined);
  return {
    ready,
    run: async () => {
      await ready;
      worker.postMessage('go');
      try {
        return await result;
      } finally {
        await worker.terminate();
      }
    },
  };
}
