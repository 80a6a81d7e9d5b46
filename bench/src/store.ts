/**
 * Part 8, the mock's store at 100,000 users, against its targets:
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
import { type OpenLoopPlan, openLoop, openLoopPlan, summariseOpenLoop } from './open-loop.ts';
import type { ChildServer } from './processes.ts';
import type { Section } from './report.ts';
import {
  combineClosed,
  defaultStoreSettings,
  type LoadFigures,
  parseProcStatus,
  type StoreFigures,
  type StoreSettings,
  statusText,
  storeRows,
  WITH,
  WITHOUT,
} from './store-rows.ts';
import { registerUser, type Session, signIn, startMock, startReferenceServer } from './subjects.ts';
import { DROPPED_HEADERS } from './throughput.ts';

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

async function memoryOf(server: ChildServer): Promise<{ rssMB: number | null; peakMB: number | null }> {
  try {
    return parseProcStatus(await readFile(`/proc/${server.pid}/status`, 'utf8'));
  } catch {
    return { rssMB: null, peakMB: null };
  }
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
    startup: { existingFile: [], freshData: null, freshMemory: [], defaultSeed: [], reference: [] },
  };
  const notes: string[] = [];
  let plainMock: ChildServer | undefined;
  let dataMock: ChildServer | undefined;
  try {
    // 1. Without --data: the fresh seed's start-up, timed a few times. The last one stays up, idle,
    // while the --data mock starts.
    for (let run = 0; run < settings.freshStarts; run++) {
      if (plainMock) await plainMock.stop();
      plainMock = await startMock({ users: settings.users, args: RAISED_LIMITS });
      figures.startup.freshMemory.push(plainMock.readyMs / 1000);
    }
    if (!plainMock) throw new Error('no fresh start without --data');
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
      `**Start-up**: spawn (node on the built JavaScript, as in part 3) to the "listening" line; from the existing file the slower of ${settings.existingStarts} starts, the fresh seed without \`--data\` the median of ${settings.freshStarts} starts, the fresh seed into a new file once; beside them the median of ${settings.startupRepeats} starts each, alternated, of the mock with its default seed and of a minimal Express 5 app that loads and parses the same contract file (through @cohort/openapi) and registers one route per operation, started the same way. The built mock reads that file too, but parses it only when it differs from the text its build parsed (it then reads the copy parsed at build time, dist/contract.json), and checks a state file with the validator its build wrote (dist/state-validator.cjs). The issue's fresh-seed target (≤ 4 s, "today 8.3 s") is judged on the seed held in memory, the start that figure measured (part 3's 100,000-user start, 8.33 s on 2026-11-22); a fresh seed into a new \`--data\` file, which also writes the whole seed to SQLite and syncs it before "listening", is reported beside it without a target.`,
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
