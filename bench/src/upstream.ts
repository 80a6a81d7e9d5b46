/**
 * Measure 14: what the mock adds in front of a real backend (`--upstream`): a backend answering
 * every request 10 ms late, asked directly and through the mock, in alternating rounds of one run.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CannedResponse } from './bare-server.ts';
import type { ChildServer } from './processes.ts';
import type { Row, Section } from './report.ts';
import { startMock, startReferenceServer } from './subjects.ts';

export interface UpstreamSettings {
  /** Requests in flight at once, each on its own kept-alive connection. */
  connections: number;
  warmupSeconds: number;
  seconds: number;
  rounds: number;
}

/** Latencies of one side, in milliseconds. */
export interface Latencies {
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** CPU time the answering process spent per request (the mock's for `mock`, the backend's for `direct`), ms. */
  cpuPerRequest?: number;
}

/** User and system CPU time of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

type Side = 'direct' | 'mock';
const USER = 'usr_benchUpstreamUser01';
const PATH = `/api/v1/users/me/notes/${USER}`;
const LABEL = 'GET notes/{userId}';
const SUBJECTS: Record<Side, string> = {
  direct: 'backend answering 10 ms late, asked directly',
  mock: 'the same backend through the mock (--upstream)',
};

/** The `q` quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

export function latenciesOf(samples: number[], failures: number): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), requests: samples.length, failures };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The rows of this measure (pure): each side's p50 and p99, then what the mock adds, against the ≤ 1 ms and ≤ 5 ms targets. */
export function upstreamRows(results: Partial<Record<Side, Latencies>>, note?: string): Row[] {
  const extra = note ? { note } : {};
  const { direct, mock } = results;
  const added = (q: 'p50' | 'p99') => (direct && mock ? round2(mock[q] - direct[q]) : null);
  return [
    ...(['direct', 'mock'] as const).flatMap((side) =>
      (['p50', 'p99'] as const).map(
        (q): Row => ({
          subject: SUBJECTS[side],
          metric: `${LABEL}: ${q}`,
          value: results[side] ? round2(results[side][q]) : null,
          unit: 'ms',
          ...extra,
        }),
      ),
    ),
    ...(['direct', 'mock'] as const).map(
      (side): Row => ({
        subject: side === 'direct' ? 'the backend' : 'the mock in front of it',
        metric: `${LABEL}: CPU time per request`,
        value: results[side]?.cpuPerRequest === undefined ? null : round2(results[side].cpuPerRequest),
        unit: 'ms',
        ...extra,
      }),
    ),
    {
      subject: 'what the mock adds',
      metric: `${LABEL}: p50`,
      value: added('p50'),
      unit: 'ms',
      target: { on: 'value', op: '<=', bound: 1 },
      ...extra,
    },
    {
      subject: 'what the mock adds',
      metric: `${LABEL}: p99`,
      value: added('p99'),
      unit: 'ms',
      target: { on: 'value', op: '<=', bound: 5 },
      ...extra,
    },
  ];
}

/**
 * Why the mock adds what it adds at p50, when that misses the target (pure): set against the CPU
 * time it spends per request, the comparison worded as the two numbers stand.
 */
export function addedNote(results: Partial<Record<Side, Latencies>>): string | undefined {
  const { direct, mock } = results;
  if (!direct || !mock || mock.cpuPerRequest === undefined) return undefined;
  const added = round2(mock.p50 - direct.p50);
  const cpu = round2(mock.cpuPerRequest);
  if (added <= 1) return undefined;
  const head = `What the mock adds at p50 (${added} ms)`;
  if (added > cpu)
    return `${head} is more than the CPU time it spends per request (${cpu} ms): each proxied request wakes the mock's process twice (the request in, the backend's answer), and on a busy machine each wake can wait for a core; the backend asked directly waits once.`;
  return `${head} is ${added === cpu ? 'the same as' : 'less than'} the CPU time it spends per request (${cpu} ms): what it adds is its own work (some of it, such as collecting garbage, falls outside a request's path), so that CPU time is what to cut.`;
}

export function plannedUpstreamRows(reason: string): Row[] {
  return upstreamRows({}, reason);
}

/** `connections` loops, each sending the next request when its answer has been read, for `seconds`; every latency kept. */
async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<{ samples: number[]; failures: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const samples: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) samples.push(performance.now() - started);
          else failures++;
          resolve();
        });
      });
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  agent.destroy();
  return { samples, failures };
}

export async function measureUpstream(settings: UpstreamSettings): Promise<Section> {
  const section: Section = {
    title: '14. Mock in front of a backend',
    method: `A bare node:http backend answering \`${LABEL}\` 10 ms late (a canned notes list; keep-alive), asked with ${settings.connections} kept-alive connections directly and through the mock started with \`--upstream\` at it (the request checked against the contract, sent on, the answer checked and sent back), ${settings.warmupSeconds} s warm-up each, then ${settings.rounds} rounds of ${round2(settings.seconds / settings.rounds)} s per side, the sides alternating (direct first, then the mock first), in one run. Latency from the request's send to its answer's last byte, in the bench's process; CPU time of the answering process (/proc/<pid>/stat) over its rounds, per request: what the mock itself spends, whatever else runs on the machine.`,
    rows: [],
    notes: [],
  };
  const canned: CannedResponse[] = [
    {
      method: 'GET',
      path: PATH,
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        success: true,
        message: 'OK',
        data: Array.from({ length: 5 }, (_, i) => ({
          id: i + 1,
          title: `Note ${i + 1}`,
          note: 'From the backend.',
          date: '2026-12-01',
        })),
      }),
    },
  ];
  const cannedFile = join(await mkdtemp(join(tmpdir(), 'cohort-bench-')), 'upstream.json');
  await writeFile(cannedFile, JSON.stringify(canned));
  let backend: ChildServer | undefined;
  let mock: ChildServer | undefined;
  try {
    backend = await startReferenceServer('slow', cannedFile);
    mock = await startMock({ args: ['--upstream', backend.url] });
    const headers = { authorization: 'Bearer bench-token-of-the-backend-000000000000', accept: 'application/json' };
    const urls: Record<Side, string> = { direct: `${backend.url}${PATH}`, mock: `${mock.url}${PATH}` };
    for (const side of ['direct', 'mock'] as const)
      await load(urls[side], headers, settings.connections, settings.warmupSeconds);
    const samples: Record<Side, number[]> = { direct: [], mock: [] };
    const failures: Record<Side, number> = { direct: 0, mock: 0 };
    const cpu: Record<Side, number> = { direct: 0, mock: 0 };
    const pids: Record<Side, number> = { direct: backend.pid, mock: mock.pid };
    for (let round = 0; round < settings.rounds; round++) {
      const order: Side[] = round % 2 === 0 ? ['direct', 'mock'] : ['mock', 'direct'];
      for (const side of order) {
        const before = await cpuMs(pids[side]);
        const run = await load(urls[side], headers, settings.connections, settings.seconds / settings.rounds);
        cpu[side] += (await cpuMs(pids[side])) - before;
        samples[side].push(...run.samples);
        failures[side] += run.failures;
      }
    }
    const results = {
      direct: { ...latenciesOf(samples.direct, failures.direct), cpuPerRequest: cpu.direct / samples.direct.length },
      mock: { ...latenciesOf(samples.mock, failures.mock), cpuPerRequest: cpu.mock / samples.mock.length },
    };
    for (const side of ['direct', 'mock'] as const) {
      const { requests, failures: failed } = results[side];
      if (requests === 0 || failed > 0)
        section.notes.push(`${SUBJECTS[side]}: ${requests} answered 200, ${failed} not.`);
    }
    section.rows.push(...upstreamRows(results));
    section.notes.push(`${results.direct.requests} requests directly, ${results.mock.requests} through the mock.`);
    const note = addedNote(results);
    if (note) section.notes.push(note);
  } finally {
    await mock?.stop();
    await backend?.stop();
  }
  return section;
}
