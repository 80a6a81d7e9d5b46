/**
 * Part 8, the mock's store at 100,000 users (issue 13, as amended by DESIGN.md "Mock store (13)"):
 * with `--data` (SQLite), writes measured open-loop at a fixed 1,000/s (p99 ≤ 10 ms), closed-loop
 * at 50 connections as a ratio to the same load without `--data` (≥ 0.5×, and ≥ 1,000
 * acknowledged writes/s), reads while writing (p99 within 2× of idle), resident memory
 * (≤ 600 MB), and start-up from an existing file (≤ 2 s) and from a fresh seed (≤ 4 s), beside a
 * minimal Express 5 app loading the same contract file (the default start ≤ 1.5× of it).
 *
 * Everything runs on one mock at a time; the same sequence runs on a mock without `--data` first,
 * so every store figure has its in-memory twin from the same run beside it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CannedResponse } from './bare-server.ts';
import { type LoadResult, loadProblem, measureLoad } from './load.ts';
import { type OpenLoopPlan, type OpenLoopSummary, openLoop, openLoopPlan, summariseOpenLoop } from './open-loop.ts';
import type { ChildServer } from './processes.ts';
import { percentile, type Row, ratioOf, type Section } from './report.ts';
import { registerUser, type Session, signIn, startMock, startReferenceServer } from './subjects.ts';
import { DROPPED_HEADERS } from './throughput.ts';

export interface StoreSettings {
  users: number;
  /** Open-loop writes per second, and how long they run after a discarded warm-up. */
  writeRate: number;
  writeSeconds: number;
  writeWarmupSeconds: number;
  /** Open-loop reads per second from the other client, idle and while writing. */
  readRate: number;
  idleReadSeconds: number;
  /** Closed loop (autocannon). */
  connections: number;
  closedSeconds: number;
  closedWarmupSeconds: number;
  /**
   * Registered users whose tokens the writes take in turn. The mock keeps at most 1,000 notes per
   * user (then 409), so there must be enough of them for every write of the run.
   */
  writers: number;
  /** Starts from the existing file (the slower reported; the last one carries the load). */
  existingStarts: number;
  /** Default-seed and reference starts, each (median reported). */
  startupRepeats: number;
}

export const defaultStoreSettings: StoreSettings = {
  users: 100_000,
  writeRate: 1_000,
  writeSeconds: 10,
  writeWarmupSeconds: 2,
  readRate: 100,
  idleReadSeconds: 5,
  connections: 50,
  closedSeconds: 10,
  closedWarmupSeconds: 3,
  writers: 400,
  existingStarts: 2,
  // Each default start takes under a second: seven alternated pairs give a median this VM's drift moves less than three.
  startupRepeats: 7,
};

/** Limits a load test raises (apps/mock/README.md's flag table): none of them may answer 429 here. */
const RAISED_LIMITS = [
  '--register-limit',
  '100000',
  '--login-limit',
  '100000',
  '--write-limit',
  '100000000',
  '--directory-limit',
  '100000000',
];

const WRITE_PATH = '/api/v1/users/me/notes/store';
const noteInput = JSON.stringify({
  title: 'Benchmark note',
  note: 'Written by the open-loop load generator to measure the store path.',
  date: '2026-11-18',
});

/** VmRSS and VmHWM (peak resident) of /proc/<pid>/status, in MB (10^6 bytes); null when absent. */
export function parseProcStatus(text: string): { rssMB: number | null; peakMB: number | null } {
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
    return match?.[1] ? (Number(match[1]) * 1024) / 1e6 : null;
  };
  return { rssMB: field('VmRSS'), peakMB: field('VmHWM') };
}

async function memoryOf(server: ChildServer): Promise<{ rssMB: number | null; peakMB: number | null }> {
  try {
    return parseProcStatus(await readFile(`/proc/${server.pid}/status`, 'utf8'));
  } catch {
    return { rssMB: null, peakMB: null };
  }
}

/** What one mock (with or without --data) measured under the same sequence. */
export interface LoadFigures {
  idleReads: OpenLoopSummary;
  writes: OpenLoopSummary;
  readsWhileWriting: OpenLoopSummary;
  closed: Pick<LoadResult, 'requestsPerSecond' | 'p50' | 'p99' | 'total' | 'statusCodes'> & { seconds: number };
  memory: { started: number | null; afterWrites: number | null; peak: number | null };
}

/** The open-loop phases on bare node:http replaying the mock's answers: the floor the machine sets. */
export type FloorFigures = Pick<LoadFigures, 'idleReads' | 'writes' | 'readsWhileWriting'>;

export interface StoreFigures {
  withData?: LoadFigures;
  withoutData?: LoadFigures;
  floor?: FloorFigures;
  startup: {
    existingFile: number[];
    freshData: number | null;
    freshMemory: number | null;
    defaultSeed: number[];
    reference: number[];
  };
}

/** Acknowledged (201) writes per second of a closed-loop run. */
export function acknowledgedRate(closed: LoadFigures['closed'] | undefined): number | null {
  if (!closed || closed.seconds <= 0) return null;
  return (closed.statusCodes['201'] ?? 0) / closed.seconds;
}

const WITH = 'Cohort mock, --data';
const WITHOUT = 'Cohort mock, no --data';
const FLOOR = 'bare node:http, canned answers';

/** "; N× bare node:http under the same load", or nothing without both figures. */
function floorText(value: number | null | undefined, floor: number | null | undefined): string {
  const ratio = ratioOf(value ?? null, floor ?? null);
  return ratio === null ? '' : `; ${ratio.toFixed(1)}× bare node:http under the same load`;
}

/** Every row of the part from its figures (absent figures become "not measured" rows): pure. */
export function storeRows(figures: StoreFigures, settings: StoreSettings = defaultStoreSettings): Row[] {
  const { withData: data, withoutData: plain, floor, startup } = figures;
  const rate = settings.writeRate.toLocaleString('en-US');
  const users = settings.users.toLocaleString('en-US');
  const rows: Row[] = [];
  const vsPlain = (value: number | null | undefined, base: number | null | undefined) => ({
    value: ratioOf(value ?? null, base ?? null),
    of: 'no --data',
  });
  // Open loop.
  rows.push({
    subject: WITH,
    metric: `POST notes/store open-loop ${rate}/s: p50`,
    value: data?.writes.p50 ?? null,
    unit: 'ms',
    ratio: vsPlain(data?.writes.p50, plain?.writes.p50),
  });
  rows.push({
    subject: WITH,
    metric: `POST notes/store open-loop ${rate}/s: p99`,
    value: data?.writes.p99 ?? null,
    unit: 'ms',
    ratio: vsPlain(data?.writes.p99, plain?.writes.p99),
    target: { on: 'value', op: '<=', bound: 10 },
    ...(data
      ? {
          note: `max ${data.writes.max?.toFixed(1) ?? '—'} ms; sent ${data.writes.sentRate?.toFixed(0) ?? '—'}/s; the scheduler's own lag p99 ${data.writes.sendLagP99?.toFixed(2) ?? '—'} ms; from the actual send p99 ${data.writes.fromSentP99?.toFixed(1) ?? '—'} ms${floorText(data.writes.p99, floor?.writes.p99)}`,
        }
      : {}),
  });
  rows.push({
    subject: WITH,
    metric: 'open-loop writes answered 201',
    value: data?.writes.expected ?? null,
    unit: 'count',
    ratio: { value: data ? ratioOf(data.writes.expected, data.writes.requests) : null, of: 'writes sent' },
    target: { on: 'ratio', op: '>=', bound: 1 },
    ...(data
      ? { note: `of ${data.writes.requests.toLocaleString('en-US')}; ${statusText(data.writes.statuses)}` }
      : {}),
  });
  for (const of of ['p50', 'p99'] as const)
    rows.push({
      subject: WITHOUT,
      metric: `POST notes/store open-loop ${rate}/s: ${of}`,
      value: plain?.writes[of] ?? null,
      unit: 'ms',
      ...(plain && of === 'p99'
        ? {
            note: `${statusText(plain.writes.statuses)}; the scheduler's own lag p99 ${plain.writes.sendLagP99?.toFixed(2) ?? '—'} ms; from the actual send p99 ${plain.writes.fromSentP99?.toFixed(1) ?? '—'} ms`,
          }
        : {}),
    });
  if (floor) {
    for (const of of ['p50', 'p99'] as const)
      rows.push({
        subject: FLOOR,
        metric: `POST notes/store open-loop ${rate}/s: ${of}`,
        value: floor.writes[of],
        unit: 'ms',
        ...(of === 'p99'
          ? {
              note: `max ${floor.writes.max?.toFixed(1) ?? '—'} ms; the scheduler's own lag p99 ${floor.writes.sendLagP99?.toFixed(2) ?? '—'} ms`,
            }
          : {}),
      });
  }
  // Reads while writing.
  rows.push({
    subject: WITH,
    metric: `GET notes p99 while writing ${rate}/s`,
    value: data?.readsWhileWriting.p99 ?? null,
    unit: 'ms',
    ratio: { value: ratioOf(data?.readsWhileWriting.p99, data?.idleReads.p99), of: 'idle' },
    target: { on: 'ratio', op: '<=', bound: 2 },
    ...(data
      ? {
          note: `p50 ${data.readsWhileWriting.p50?.toFixed(2) ?? '—'} ms${floorText(data.readsWhileWriting.p99, floor?.readsWhileWriting.p99)}`,
        }
      : {}),
  });
  rows.push({
    subject: WITH,
    metric: 'GET notes p99, idle',
    value: data?.idleReads.p99 ?? null,
    unit: 'ms',
    ...(data ? { note: `p50 ${data.idleReads.p50?.toFixed(2) ?? '—'} ms` } : {}),
  });
  rows.push({
    subject: WITHOUT,
    metric: `GET notes p99 while writing ${rate}/s`,
    value: plain?.readsWhileWriting.p99 ?? null,
    unit: 'ms',
    ratio: { value: ratioOf(plain?.readsWhileWriting.p99, plain?.idleReads.p99), of: 'idle' },
  });
  rows.push({ subject: WITHOUT, metric: 'GET notes p99, idle', value: plain?.idleReads.p99 ?? null, unit: 'ms' });
  if (floor) {
    rows.push({
      subject: FLOOR,
      metric: `GET notes p99 while writing ${rate}/s`,
      value: floor.readsWhileWriting.p99,
      unit: 'ms',
      ratio: { value: ratioOf(floor.readsWhileWriting.p99, floor.idleReads.p99), of: 'idle' },
    });
    rows.push({ subject: FLOOR, metric: 'GET notes p99, idle', value: floor.idleReads.p99, unit: 'ms' });
  }
  // Closed loop.
  const connections = `${settings.connections} connections`;
  rows.push({
    subject: WITH,
    metric: `POST notes/store closed-loop, ${connections}: writes/s`,
    value: acknowledgedRate(data?.closed),
    unit: 'req/s',
    ratio: vsPlain(acknowledgedRate(data?.closed), acknowledgedRate(plain?.closed)),
    target: { on: 'ratio', op: '>=', bound: 0.5 },
    ...(data
      ? { note: `p50 ${data.closed.p50} ms, p99 ${data.closed.p99} ms; ${statusText(data.closed.statusCodes)}` }
      : {}),
  });
  rows.push({
    subject: WITH,
    metric: `POST notes/store closed-loop, ${connections}: acknowledged writes/s`,
    value: acknowledgedRate(data?.closed),
    unit: 'req/s',
    target: { on: 'value', op: '>=', bound: 1000 },
  });
  rows.push({
    subject: WITHOUT,
    metric: `POST notes/store closed-loop, ${connections}: writes/s`,
    value: acknowledgedRate(plain?.closed),
    unit: 'req/s',
    ...(plain
      ? { note: `p50 ${plain.closed.p50} ms, p99 ${plain.closed.p99} ms; ${statusText(plain.closed.statusCodes)}` }
      : {}),
  });
  // Memory.
  rows.push({
    subject: WITH,
    metric: `resident memory, ${users} users, after start-up`,
    value: data?.memory.started ?? null,
    unit: 'MB',
    ratio: vsPlain(data?.memory.started, plain?.memory.started),
    target: { on: 'value', op: '<=', bound: 600 },
  });
  rows.push({
    subject: WITH,
    metric: `resident memory, ${users} users, after the writes`,
    value: data?.memory.afterWrites ?? null,
    unit: 'MB',
    ratio: vsPlain(data?.memory.afterWrites, plain?.memory.afterWrites),
    target: { on: 'value', op: '<=', bound: 600 },
    ...(data?.memory.peak != null ? { note: `peak (VmHWM) ${Math.round(data.memory.peak)} MB` } : {}),
  });
  rows.push({
    subject: WITHOUT,
    metric: `resident memory, ${users} users, after start-up`,
    value: plain?.memory.started ?? null,
    unit: 'MB',
  });
  rows.push({
    subject: WITHOUT,
    metric: `resident memory, ${users} users, after the writes`,
    value: plain?.memory.afterWrites ?? null,
    unit: 'MB',
    ...(plain?.memory.peak != null ? { note: `peak (VmHWM) ${Math.round(plain.memory.peak)} MB` } : {}),
  });
  // Start-up.
  const reference = percentile(startup.reference, 50);
  const vsReference = (value: number | null) => ({
    value: ratioOf(value, reference),
    of: 'minimal Express 5 + contract',
  });
  const starts = (list: number[]) => (list.length > 1 ? `starts: ${list.map((s) => s.toFixed(2)).join(', ')} s` : '');
  // The slower start, not a median: two starts are timed, to keep the part within its time.
  const existing = startup.existingFile.length > 0 ? Math.max(...startup.existingFile) : null;
  rows.push({
    subject: WITH,
    metric: `ready from an existing ${users}-user file`,
    value: existing,
    unit: 's',
    ratio: vsReference(existing),
    target: { on: 'value', op: '<=', bound: 2 },
    note: starts(startup.existingFile),
  });
  rows.push({
    subject: WITH,
    metric: `ready, fresh seed of ${users} users into a new file (--fresh)`,
    value: startup.freshData,
    unit: 's',
    ratio: vsReference(startup.freshData),
    target: { on: 'value', op: '<=', bound: 4 },
  });
  rows.push({
    subject: WITHOUT,
    metric: `ready, fresh seed of ${users} users`,
    value: startup.freshMemory,
    unit: 's',
    ratio: vsReference(startup.freshMemory),
    target: { on: 'value', op: '<=', bound: 4 },
  });
  const defaultSeed = percentile(startup.defaultSeed, 50);
  rows.push({
    subject: WITHOUT,
    metric: 'ready, default seed',
    value: defaultSeed,
    unit: 's',
    ratio: vsReference(defaultSeed),
    target: { on: 'ratio', op: '<=', bound: 1.5 },
    note: starts(startup.defaultSeed),
  });
  rows.push({
    subject: 'minimal Express 5 + contract',
    metric: 'ready',
    value: reference,
    unit: 's',
    ratio: vsReference(reference),
    note: starts(startup.reference),
  });
  return rows;
}

function statusText(statuses: Record<string, number>): string {
  const entries = Object.entries(statuses).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return 'no answers';
  return entries
    .map(([code, count]) => `${count.toLocaleString('en-US')}× ${code === '0' ? 'no answer' : code}`)
    .join(', ');
}

/** Rows for a part that could not run: every target listed, none measured. */
export function plannedStoreRows(reason: string): Row[] {
  return storeRows({
    startup: { existingFile: [], freshData: null, freshMemory: null, defaultSeed: [], reference: [] },
  }).map((row) => ({ ...row, note: reason }));
}

/** A closed-loop run in several parts (interleaved with the other mock's) as one figure: counts summed, the worse percentiles. */
export function combineClosed(
  parts: readonly Pick<LoadResult, 'p50' | 'p99' | 'total' | 'statusCodes'>[],
  secondsEach: number,
): LoadFigures['closed'] {
  const statusCodes: Record<string, number> = {};
  for (const part of parts)
    for (const [code, count] of Object.entries(part.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const total = parts.reduce((sum, part) => sum + part.total, 0);
  const seconds = secondsEach * parts.length;
  return {
    requestsPerSecond: seconds > 0 ? total / seconds : 0,
    p50: Math.max(0, ...parts.map((part) => part.p50)),
    p99: Math.max(0, ...parts.map((part) => part.p99)),
    total,
    statusCodes,
    seconds,
  };
}

/** A mock signed in and with its writers registered, ready for the sequence. */
interface Prepared {
  mock: ChildServer;
  demo: Session;
  writers: string[];
  startedMB: number | null;
}

async function prepare(mock: ChildServer, settings: StoreSettings): Promise<Prepared> {
  const startedMB = (await memoryOf(mock)).rssMB;
  const demo = await signIn(mock);
  const writers: string[] = [];
  // Registration hashes a password (scrypt): a few at a time.
  const registering = performance.now();
  for (let i = 0; i < settings.writers; i += 8)
    writers.push(
      ...(
        await Promise.all(
          Array.from({ length: Math.min(8, settings.writers - i) }, (_, j) => registerUser(mock.url, i + j)),
        )
      ).map((user) => user.token),
    );
  console.log(
    `bench: store: registered ${writers.length} users in ${((performance.now() - registering) / 1000).toFixed(1)} s`,
  );
  return { mock, demo, writers, startedMB };
}

/** The --data mock's answers to the open-loop phases' two requests, for bare node:http to replay. */
async function cannedAnswers({ mock, demo, writers }: Prepared): Promise<CannedResponse[]> {
  const exchanges = [
    { method: 'GET', path: readPath(demo), token: demo.token, status: 200 },
    { method: 'POST', path: WRITE_PATH, token: writers[0] ?? demo.token, status: 201, body: noteInput },
  ];
  const canned: CannedResponse[] = [];
  for (const { method, path, token, status, body } of exchanges) {
    const response = await fetch(`${mock.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
      body,
    });
    const text = await response.text();
    if (response.status !== status)
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) headers[name] = value;
    });
    canned.push({ method, path, status, headers, body: text });
  }
  return canned;
}

/** The demo account's notes, which no writer adds to: the same list idle and while writing. */
const readPath = (demo: Session) => `/api/v1/users/me/notes/${demo.userId}`;

/** Open-loop reads on the idle server, then open-loop writes with the same reads beside. */
async function openPhases(
  { mock, demo, writers }: Prepared,
  settings: StoreSettings,
): Promise<Pick<LoadFigures, 'idleReads' | 'writes' | 'readsWhileWriting'> & { afterWritesMB: number | null }> {
  const reads = (plan: OpenLoopPlan) =>
    openLoop({ url: mock.url, method: 'GET', path: readPath(demo), tokens: [demo.token], plan });

  const idlePlan = openLoopPlan(settings.readRate, settings.idleReadSeconds, 1);
  const idleReads = summariseOpenLoop(idlePlan, await reads(idlePlan).run(), 200);

  const writePlan = openLoopPlan(settings.writeRate, settings.writeSeconds, settings.writeWarmupSeconds);
  // The reads run on the same clock, their first seconds (the writes' warm-up) discarded likewise.
  const busyPlan = openLoopPlan(settings.readRate, settings.writeSeconds, settings.writeWarmupSeconds);
  const writer = openLoop({
    url: mock.url,
    method: 'POST',
    path: WRITE_PATH,
    body: noteInput,
    tokens: writers,
    plan: writePlan,
  });
  const reader = reads(busyPlan);
  await Promise.all([writer.ready, reader.ready]);
  const [writeRaw, readRaw] = await Promise.all([writer.run(), reader.run()]);
  return {
    idleReads,
    writes: summariseOpenLoop(writePlan, writeRaw, 201),
    readsWhileWriting: summariseOpenLoop(busyPlan, readRaw, 200),
    afterWritesMB: (await memoryOf(mock)).rssMB,
  };
}

/** autocannon on POST notes/store, each request as the next registered user (so they share the writes evenly). */
async function closedPart(
  { mock, writers }: Prepared,
  settings: StoreSettings,
  warmupSeconds: number,
  seconds: number,
) {
  let turn = 0;
  const result = await measureLoad({
    url: `${mock.url}${WRITE_PATH}`,
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: noteInput,
    connections: settings.connections,
    warmupSeconds,
    seconds,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${writers[turn++ % writers.length]}` },
        }),
      },
    ],
  });
  if (result.total === 0) throw new Error(`closed-loop writes on ${mock.name}: ${loadProblem(result)}`);
  return result;
}

/** Closed-loop halves, alternating between the two mocks, so a change in the machine's load hits both alike. */
const CLOSED_PARTS = 2;

export async function measureStore(settings: StoreSettings = defaultStoreSettings): Promise<Section> {
  const users = settings.users.toLocaleString('en-US');
  const dir = await mkdtemp(join(tmpdir(), 'cohort-bench-store-'));
  const dataFile = join(dir, 'state.db');
  const figures: StoreFigures = {
    startup: { existingFile: [], freshData: null, freshMemory: null, defaultSeed: [], reference: [] },
  };
  const notes: string[] = [];
  let plainMock: ChildServer | undefined;
  let dataMock: ChildServer | undefined;
  try {
    // 1. Without --data: the fresh seed's start-up. It stays up, idle, while the --data mock starts.
    plainMock = await startMock({ users: settings.users, args: RAISED_LIMITS });
    figures.startup.freshMemory = plainMock.readyMs / 1000;
    const plain = await prepare(plainMock, settings);
    // 2. A fresh seed into a new data file (the seed written to SQLite before "listening").
    const seeded = await startMock({ users: settings.users, args: [...RAISED_LIMITS, '--data', dataFile, '--fresh'] });
    figures.startup.freshData = seeded.readyMs / 1000;
    await seeded.stop();
    // 3. Starts from that file; the last one carries the load.
    for (let run = 0; run < settings.existingStarts; run++) {
      const mock = await startMock({ users: settings.users, args: [...RAISED_LIMITS, '--data', dataFile] });
      dataMock = mock;
      const line = await mock.waitForOutput(/^(\d+) users, seed .*$/m);
      if (!line[0].includes('(loaded)') || Number(line[1]) !== settings.users)
        throw new Error(`the mock did not load the ${users}-user file: "${line[0]}"`);
      figures.startup.existingFile.push(mock.readyMs / 1000);
      if (run < settings.existingStarts - 1) await mock.stop();
    }
    if (!dataMock) throw new Error('no start from the data file');
    const data = await prepare(dataMock, settings);
    // 4. The open-loop phases, one mock after the other, with bare node:http replaying the --data
    // mock's answers between them under the same phases: what this machine's own tails are.
    const plainOpen = await openPhases(plain, settings);
    const cannedFile = join(dir, 'canned.json');
    await writeFile(cannedFile, JSON.stringify(await cannedAnswers(data)));
    const bare = await startReferenceServer('node', cannedFile);
    try {
      const { afterWritesMB: _, ...floor } = await openPhases({ ...data, mock: bare }, settings);
      figures.floor = floor;
    } finally {
      await bare.stop();
    }
    const dataOpen = await openPhases(data, settings);
    // 5. The closed loop in alternating parts, each mock warmed up before its first.
    const parts: Record<'plain' | 'data', LoadResult[]> = { plain: [], data: [] };
    const partSeconds = settings.closedSeconds / CLOSED_PARTS;
    for (let part = 0; part < CLOSED_PARTS; part++) {
      const warmup = part === 0 ? settings.closedWarmupSeconds : 0;
      parts.plain.push(await closedPart(plain, settings, warmup, partSeconds));
      parts.data.push(await closedPart(data, settings, warmup, partSeconds));
    }
    const [plainPeak, dataPeak] = await Promise.all([memoryOf(plainMock), memoryOf(dataMock)]);
    figures.withoutData = {
      ...plainOpen,
      closed: combineClosed(parts.plain, partSeconds),
      memory: { started: plain.startedMB, afterWrites: plainOpen.afterWritesMB, peak: plainPeak.peakMB },
    };
    figures.withData = {
      ...dataOpen,
      closed: combineClosed(parts.data, partSeconds),
      memory: { started: data.startedMB, afterWrites: dataOpen.afterWritesMB, peak: dataPeak.peakMB },
    };
    await Promise.all([plainMock.stop(), dataMock.stop()]);
    // 6. The default start beside a minimal Express 5 app loading the same contract, alternated.
    const none = join(dir, 'none.json');
    await writeFile(none, '[]');
    for (let run = 0; run < settings.startupRepeats; run++) {
      const mock = await startMock();
      figures.startup.defaultSeed.push(mock.readyMs / 1000);
      await mock.stop();
      const reference = await startReferenceServer('express-contract', none);
      figures.startup.reference.push(reference.readyMs / 1000);
      await reference.stop();
    }
  } finally {
    await Promise.all([plainMock?.stop(), dataMock?.stop()]);
    await rm(dir, { recursive: true, force: true });
  }
  for (const [label, run] of [
    [WITH, figures.withData],
    [WITHOUT, figures.withoutData],
  ] as const) {
    if (!run) continue;
    const closedProblem = loadProblem({ ...run.closed, non2xx: nonCreated(run.closed.statusCodes), errors: 0 });
    if (closedProblem) notes.push(`${label}, closed loop: ${closedProblem}.`);
    if (run.idleReads.expected !== run.idleReads.requests)
      notes.push(`${label}, idle reads: ${statusText(run.idleReads.statuses)}.`);
    if (run.readsWhileWriting.expected !== run.readsWhileWriting.requests)
      notes.push(`${label}, reads while writing: ${statusText(run.readsWhileWriting.statuses)}.`);
  }
  const rate = settings.writeRate.toLocaleString('en-US');
  return {
    title: '8. Store at 100,000 users',
    method: [
      `Two mocks seeded with ${users} users, both up at once: one without \`--data\` (state in memory; its start is the fresh seed's), one with \`--data\` on a temp SQLite file loaded from disk (the mock was first started on a new file with \`--fresh\`, stopped, then started on it ${settings.existingStarts} times, the last start carrying the load). Limits raised by flags (${RAISED_LIMITS.filter((_, i) => i % 2 === 0).join(', ')}). On each: sign in the demo account and register ${settings.writers} users (the mock keeps at most 1,000 notes per user, then answers 409: enough users that no write of the run meets that cap).`,
      `Then, one mock after the other (without \`--data\` first), **open-loop reads** of the demo account's \`GET notes/{userId}\` at ${settings.readRate}/s for ${settings.idleReadSeconds} s on the idle server (1 s discarded first), and **open-loop writes**, \`POST notes/store\` at a fixed ${rate}/s for ${settings.writeSeconds} s after ${settings.writeWarmupSeconds} s discarded, the registered users' tokens in turn, while the same reads run at ${settings.readRate}/s from another client. Between the two mocks, the same phases run against bare node:http (bench/src/bare-server.ts) replaying the \`--data\` mock's own answers to these two requests: a server that does no work of its own, so its tails are this machine's (the loopback, the scheduler, the load generator sharing the cores), the floor under every figure of the mock.`,
      `Open loop: each request is sent at its scheduled time (start + i / rate) whether or not earlier ones were answered, and its latency runs from that scheduled time to the end of the answer, so a stall is charged to every request due during it (no coordinated omission); a request never answered counts as slowest. Writes and reads each come from their own worker thread (own event loop, keep-alive node:http sockets, up to 256), since autocannon only runs closed loops.`,
      `Then the **closed loop**: autocannon, ${settings.connections} connections (each request with the next registered user's token) on \`POST notes/store\`, ${settings.closedWarmupSeconds} s warm-up on each mock, then ${CLOSED_PARTS} × ${settings.closedSeconds / CLOSED_PARTS} s on each, alternating (without, with, without, with), so a change in the machine's load hits both alike; writes/s counts 201 answers only over the ${settings.closedSeconds} s, p50/p99 are the worse part's.`,
      `**Memory**: VmRSS of the mock's process (/proc/<pid>/status; MB = 10^6 bytes) right after "listening", after the open-loop writes, and the peak (VmHWM) at the end.`,
      `**Start-up**: spawn (node on the built JavaScript, as in part 3) to the "listening" line; from the existing file the slower of ${settings.existingStarts} starts, fresh seeds once each; beside them the median of ${settings.startupRepeats} starts each, alternated, of the mock with its default seed and of a minimal Express 5 app that loads and parses the same contract file (through @cohort/openapi) and registers one route per operation, started the same way. The built mock reads that file too, but parses it only when it differs from the text its build parsed (it then reads the copy parsed at build time, dist/contract.json), and checks a state file with the validator its build wrote (dist/state-validator.cjs).`,
    ].join(' '),
    rows: storeRows(figures, settings),
    notes: [
      ...notes,
      `Little's law: ${settings.connections} connections always waiting at 1,000 writes/s mean ${settings.connections} ms each, so the closed loop's latency says nothing about a write's cost; that is what the open-loop p99 measures.`,
    ],
  };
}

function nonCreated(statuses: Record<string, number>): number {
  return Object.entries(statuses)
    .filter(([code]) => code !== '201')
    .reduce((sum, [, count]) => sum + count, 0);
}
