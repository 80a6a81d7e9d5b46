/** Measure 1: the mock's throughput and latency beside a bare node:http ceiling, minimal Express and Prism. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CannedResponse } from './bare-server.ts';
import { readProfile, renderProfile, summariseProfile } from './cpu-profile.ts';
import { combineRounds, type LoadOptions, type LoadResult, loadProblem, measureLoad, pairedRatio } from './load.ts';
import { freePort } from './machine.ts';
import type { ChildServer } from './processes.ts';
import { type Row, ratioOf, type Section, verdict } from './report.ts';
import {
  installedVersion,
  registerUser,
  type Session,
  signIn,
  startMock,
  startPrism,
  startReferenceServer,
} from './subjects.ts';

export interface ThroughputSettings {
  connections: number;
  warmupSeconds: number;
  /** Measured seconds per endpoint and server, split into `rounds` rounds. */
  seconds: number;
  /**
   * Rounds per endpoint: each round measures every server once, one right after the other, in
   * turn forwards and backwards (default: one round per 2 s of `seconds`, at least 3).
   */
  rounds?: number;
  profileSeconds: number;
}

interface Endpoint {
  label: string;
  method: 'GET' | 'POST';
  path: (session: Session) => string;
  body?: string;
  /** The Prism ratio target applies to reads only (Prism does no work for a write). */
  read: boolean;
}

/** One round per 2 s measured (at least 3): short rounds, so the two servers of a pair run under the same drift. */
export function roundsOf(settings: Pick<ThroughputSettings, 'seconds' | 'rounds'>): number {
  return Math.max(1, settings.rounds ?? Math.max(3, Math.round(settings.seconds / 2)));
}

/** The servers measured round by round (Prism once, after the rounds). */
const SERVERS = ['bare', 'express', 'cohort'] as const;

/** The order a round measures the servers in: forwards, then backwards, so none is always first or right after another. */
export function roundOrder(round: number): readonly (typeof SERVERS)[number][] {
  return round % 2 === 0 ? SERVERS : [...SERVERS].reverse();
}

/**
 * Users whose tokens the writes rotate through. The mock keeps at most 1,000 notes per user (the
 * contract's bound), then answers 409: one user would be full after a second, and the run would
 * measure refusals. 320 users take 320,000 writes, more than 13 s at 24,000 writes/s; the profile's
 * 6 s run gets half as many on its own fresh mock.
 */
const WRITERS = 320;
/** Registration is limited per address (20 per 10 minutes by default): the bench's mocks raise it. */
const MOCK_ARGS = ['--register-limit', '100000'];

/** Registers `count` users (a few at a time: each hashes a password) and returns their tokens. */
async function registerWriters(mock: ChildServer, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) => registerUser(mock.url, i + j));
    tokens.push(...(await Promise.all(batch)).map((user) => user.token));
  }
  return tokens;
}

const noteInput = JSON.stringify({
  title: 'Benchmark note',
  note: 'Written by the load generator to measure the store path.',
  date: '2026-11-18',
});

const endpoints: Endpoint[] = [
  {
    label: 'GET notes/{userId}',
    method: 'GET',
    path: (session) => `/api/v1/users/me/notes/${session.userId}`,
    read: true,
  },
  {
    label: 'POST notes/store',
    method: 'POST',
    path: () => '/api/v1/users/me/notes/store',
    body: noteInput,
    read: false,
  },
];

/** Headers a canned answer leaves out: the reference servers' own Node sets them per answer. */
export const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function requestHeaders(session: Session, endpoint: Endpoint): Record<string, string> {
  return {
    authorization: `Bearer ${session.token}`,
    accept: 'application/json',
    ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
  };
}

/** One real exchange with the mock per endpoint, replayed verbatim by the bare server. */
async function captureCanned(mock: ChildServer, session: Session): Promise<CannedResponse[]> {
  const canned: CannedResponse[] = [];
  for (const endpoint of endpoints) {
    const path = endpoint.path(session);
    const response = await fetch(`${mock.url}${path}`, {
      method: endpoint.method,
      headers: requestHeaders(session, endpoint),
      body: endpoint.body,
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${endpoint.label} answered ${response.status}: ${body.slice(0, 300)}`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) headers[name] = value;
    });
    canned.push({ method: endpoint.method, path, status: response.status, headers, body });
  }
  return canned;
}

/**
 * The load on one server. A write goes out as the next of `writers` in turn (to every server alike,
 * so the load generator does the same work for each; the reference servers ignore the token).
 */
function loadOptions(
  server: ChildServer,
  session: Session,
  endpoint: Endpoint,
  settings: ThroughputSettings,
  writers: string[],
): LoadOptions {
  let turn = 0;
  const rotate = !endpoint.read && writers.length > 0;
  return {
    url: `${server.url}${endpoint.path(session)}`,
    method: endpoint.method,
    headers: requestHeaders(session, endpoint),
    body: endpoint.body,
    connections: settings.connections,
    warmupSeconds: settings.warmupSeconds,
    seconds: settings.seconds,
    ...(rotate
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, authorization: `Bearer ${writers[turn++ % writers.length]}` },
              }),
            },
          ],
        }
      : {}),
  };
}

type Subject = 'cohort' | 'bare' | 'express' | 'prism';
const SUBJECT_NAMES: Record<Subject, string> = {
  cohort: 'Cohort mock',
  bare: 'bare node:http',
  express: 'minimal Express 5',
  prism: `Stoplight Prism ${installedVersion('@stoplight/prism-cli')}`,
};

/** A CPU profile of a fresh mock under the same load, for a missed target. */
async function profileMock(endpoint: Endpoint, settings: ThroughputSettings): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cohort-bench-profile-'));
  const mock = await startMock({ nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`], args: MOCK_ARGS });
  try {
    const session = await signIn(mock);
    const writers = endpoint.read ? [] : await registerWriters(mock, WRITERS / 2);
    await measureLoad({
      ...loadOptions(mock, session, endpoint, settings, writers),
      warmupSeconds: 1,
      seconds: settings.profileSeconds,
    });
  } finally {
    // The profile is written when the process exits cleanly on SIGTERM.
    await mock.stop();
  }
  const profile = await readProfile(dir);
  if (!profile) return `No CPU profile was written for ${endpoint.label} (the mock did not exit cleanly on SIGTERM).`;
  return renderProfile(
    `${endpoint.label}: CPU profile of the mock under the same load, last ${settings.profileSeconds} s`,
    summariseProfile(profile, { lastMs: settings.profileSeconds * 1000 }),
  );
}

export async function measureThroughput(settings: ThroughputSettings): Promise<Section> {
  const section: Section = {
    title: '1. Mock throughput and latency',
    method: `autocannon, ${settings.connections} connections, one server at a time on loopback, each server in its own process (the load generator in another). Each server is warmed up for ${settings.warmupSeconds} s, then the ${settings.seconds} s measured per endpoint and server are taken in ${roundsOf(settings)} rounds, each round measuring the bare server, the minimal Express app and the mock one right after the other (forwards in one round, backwards in the next); a figure is the median round's, and a ratio to the bare or Express server is the median of the rounds' ratios (this 2-core VM's speed drifts by a third within minutes: a ratio of rounds taken seconds apart is what holds still). Prism is measured once after the rounds (warm-up, then ${settings.seconds} s). Every server the bench starts runs built JavaScript: the mock as \`pnpm start\` runs it (apps/mock/dist/main.js), the reference servers bundled the same way. Authenticated (same bearer token everywhere). The bare node:http server and a minimal Express 5 app replay the mock's own response (status, headers, body) captured once; the minimal Express app is served like the mock (createMockServer: requests and responses are built with Express's prototypes, so Express never swaps them, which alone halves a plain app.listen server's rate here); Prism answers from the contract's examples. Latency percentiles are autocannon's, in whole milliseconds. On two cores the server and autocannon get one each, so the bare server's figure is also bounded by what one autocannon process can send. Reads run before writes, so the notes list read is the seeded one. Each write goes out as the next of ${WRITERS} registered users in turn (to every server alike), since the mock keeps at most 1,000 notes per user and answers 409 beyond: every write measured is an acknowledged 201 (a non-2xx answer is noted below). The target is the mock against the minimal Express 5 app (≥ 0.9×): the difference between the two is the mock's own work.`,
    rows: [],
    notes: [],
  };
  const mock = await startMock({ args: MOCK_ARGS });
  const session = await signIn(mock);
  const writers = await registerWriters(mock, WRITERS);
  const cannedFile = join(await mkdtemp(join(tmpdir(), 'cohort-bench-')), 'canned.json');
  await writeFile(cannedFile, JSON.stringify(await captureCanned(mock, session)));
  const servers: Partial<Record<Subject, ChildServer>> = { cohort: mock };
  try {
    servers.bare = await startReferenceServer('node', cannedFile);
    servers.express = await startReferenceServer('express', cannedFile);
    try {
      servers.prism = await startPrism(await freePort());
    } catch (error) {
      section.notes.push(`Prism could not start on this contract: ${(error as Error).message}`);
    }
    const rounds = roundsOf(settings);
    const roundSeconds = Math.max(1, Math.round(settings.seconds / rounds));
    for (const endpoint of endpoints) {
      const measured: Partial<Record<Subject, LoadResult[]>> = {};
      // Every server warms up once, then the rounds take them in turn (Prism once, at the end: it is
      // a hundred times slower and no ratio target pairs it round by round).
      for (const subject of SERVERS) {
        const server = servers[subject];
        const options = server && loadOptions(server, session, endpoint, settings, writers);
        if (options && settings.warmupSeconds > 0)
          await measureLoad({ ...options, warmupSeconds: 0, seconds: settings.warmupSeconds });
      }
      for (let round = 0; round < rounds; round++) {
        for (const subject of roundOrder(round)) {
          const server = servers[subject];
          if (!server) continue;
          const options = loadOptions(server, session, endpoint, settings, writers);
          const result = await measureLoad({ ...options, warmupSeconds: 0, seconds: roundSeconds });
          measured[subject] = [...(measured[subject] ?? []), result];
        }
      }
      if (servers.prism)
        measured.prism = [await measureLoad(loadOptions(servers.prism, session, endpoint, settings, writers))];
      const results: Partial<Record<Subject, LoadResult>> = {};
      for (const [subject, list] of Object.entries(measured) as [Subject, LoadResult[]][]) {
        results[subject] = combineRounds(list);
        const problem = loadProblem(results[subject]);
        if (problem) section.notes.push(`${SUBJECT_NAMES[subject]}, ${endpoint.label}: ${problem}.`);
      }
      const paired = {
        bare: pairedRatio(measured.cohort ?? [], measured.bare ?? []),
        express: pairedRatio(measured.cohort ?? [], measured.express ?? []),
      };
      section.rows.push(...rowsFor(endpoint, results, paired));
      section.notes.push(
        `${endpoint.label}, round by round (req/s): ${Array.from({ length: rounds }, (_, round) =>
          SERVERS.map(
            (subject) =>
              `${SUBJECT_NAMES[subject]} ${Math.round(measured[subject]?.[round]?.requestsPerSecond ?? 0).toLocaleString('en-US')}`,
          ).join(', '),
        ).join('; ')}.`,
      );
      section.notes.push(...explainMisses(endpoint.label, results, settings.connections, endpoint.read));
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
  // A missed target is explained by a profile of the mock under that very load.
  for (const endpoint of endpoints) {
    const missed = section.rows.some(
      (row) =>
        row.subject === SUBJECT_NAMES.cohort && row.metric.startsWith(endpoint.label) && verdict(row) === 'missed',
    );
    if (missed) section.notes.push(await profileMock(endpoint, settings));
  }
  return section;
}

/** Every figure of this measure, unmeasured, with the reason: keeps the targets listed when it cannot run. */
export function plannedThroughputRows(reason: string): Row[] {
  return endpoints.flatMap((endpoint) =>
    rowsFor(endpoint, {})
      .filter((row) => row.subject === SUBJECT_NAMES.cohort)
      .map((row) => ({ ...row, note: reason })),
  );
}

/** What the reference servers say about a missed target, in words: pure arithmetic on this run's figures. */
export function explainMisses(
  label: string,
  results: Partial<Record<Subject, Pick<LoadResult, 'requestsPerSecond' | 'p99'>>>,
  connections: number,
  read = true,
): string[] {
  const notes: string[] = [];
  const prismRate = results.prism?.requestsPerSecond;
  const expressRate = results.express?.requestsPerSecond;
  if (read && results.cohort && prismRate && results.cohort.requestsPerSecond / prismRate < 5 && expressRate) {
    const expressToPrism = expressRate / prismRate;
    notes.push(
      expressToPrism >= 5
        ? `${label}: a minimal Express 5 app replaying the same response runs at ${expressToPrism.toFixed(2)}× Prism, so the framework leaves room for ≥ 5×; the shortfall is the mock's own per-request work (dispatch, auth, validation, serialisation: see its profile below).`
        : `${label}: even a minimal Express 5 app replaying the same response runs at only ${expressToPrism.toFixed(2)}× Prism, so ≥ 5× is out of reach of any Express 5 server on this machine.`,
    );
  }
  const cohort = results.cohort;
  const bare = results.bare?.requestsPerSecond;
  const express = results.express?.requestsPerSecond;
  if (!cohort || !bare) return notes;
  const toBare = cohort.requestsPerSecond / bare;
  if (toBare < 0.5 && express) {
    const expressToBare = express / bare;
    notes.push(
      expressToBare < 0.5
        ? `${label}: a minimal Express 5 app replaying the same response reaches only ${expressToBare.toFixed(2)}× the bare server, so with Express 5 (fixed by the design) the ≥ 0.5× target cannot be met by the mock's own code; the mock runs at ${(cohort.requestsPerSecond / express).toFixed(2)}× that minimal Express app, which is the part that is the mock's.`
        : `${label}: a minimal Express 5 app reaches ${expressToBare.toFixed(2)}× the bare server, so the framework is not what holds the mock back; the mock runs at ${(cohort.requestsPerSecond / express).toFixed(2)}× of it (see its profile below).`,
    );
  }
  if (cohort.p99 > 10) {
    // Little's law: with every connection always busy, mean latency = connections / throughput.
    const needed = connections / 0.01;
    notes.push(
      `${label}: with ${connections} connections always busy, the mean latency is ${connections} / throughput (${((connections / cohort.requestsPerSecond) * 1000).toFixed(1)} ms at ${Math.round(cohort.requestsPerSecond)} req/s), so a p99 ≤ 10 ms needs well over ${needed.toLocaleString('en-US')} req/s; the bare server's p99 in this run was ${results.bare?.p99 ?? '?'} ms.`,
    );
  }
  return notes;
}

/**
 * The rows of one endpoint. `paired`: the mock's ratios to the bare and Express servers as the
 * median of per-round ratios (see pairedRatio); without them, the ratio of the combined rates.
 */
function rowsFor(
  endpoint: Endpoint,
  results: Partial<Record<Subject, LoadResult>>,
  paired: { bare: number | null; express: number | null } = { bare: null, express: null },
): Row[] {
  const bare = results.bare?.requestsPerSecond ?? null;
  const express = results.express?.requestsPerSecond ?? null;
  const prism = results.prism?.requestsPerSecond ?? null;
  const cohort = results.cohort;
  // Latency as a multiple of the bare server's (2.00× = twice as long).
  const latencyRatio = (value: number | undefined, of: 'p50' | 'p99') => ({
    value: ratioOf(value, results.bare?.[of] ?? null),
    of: `bare node:http ${of}`,
  });
  const rows: Row[] = [];
  const notMeasured = (subject: Subject) => (subject === 'prism' ? 'Prism did not start (see below)' : 'did not run');
  rows.push({
    subject: SUBJECT_NAMES.cohort,
    metric: `${endpoint.label}: req/s`,
    value: cohort?.requestsPerSecond ?? null,
    unit: 'req/s',
    ratio: { value: paired.bare ?? ratioOf(cohort?.requestsPerSecond, bare), of: 'bare node:http' },
    target: { on: 'ratio', op: '>=', bound: 0.5 },
  });
  rows.push({
    subject: SUBJECT_NAMES.cohort,
    metric: `${endpoint.label}: req/s`,
    value: cohort?.requestsPerSecond ?? null,
    unit: 'req/s',
    ratio: { value: paired.express ?? ratioOf(cohort?.requestsPerSecond, express), of: 'minimal Express 5' },
    target: { on: 'ratio', op: '>=', bound: 0.9 },
  });
  rows.push({
    subject: SUBJECT_NAMES.cohort,
    metric: `${endpoint.label}: req/s`,
    value: cohort?.requestsPerSecond ?? null,
    unit: 'req/s',
    ratio: { value: ratioOf(cohort?.requestsPerSecond, prism), of: 'Prism' },
    ...(endpoint.read ? { target: { on: 'ratio', op: '>=', bound: 5 } as const } : {}),
  });
  rows.push({
    subject: SUBJECT_NAMES.cohort,
    metric: `${endpoint.label}: p50`,
    value: cohort?.p50 ?? null,
    unit: 'ms',
    ratio: latencyRatio(cohort?.p50, 'p50'),
  });
  rows.push({
    subject: SUBJECT_NAMES.cohort,
    metric: `${endpoint.label}: p99`,
    value: cohort?.p99 ?? null,
    unit: 'ms',
    ratio: latencyRatio(cohort?.p99, 'p99'),
    target: { on: 'value', op: '<=', bound: 10 },
  });
  for (const subject of ['bare', 'express', 'prism'] as const) {
    const result = results[subject];
    const note = result ? undefined : notMeasured(subject);
    rows.push({
      subject: SUBJECT_NAMES[subject],
      metric: `${endpoint.label}: req/s`,
      value: result?.requestsPerSecond ?? null,
      unit: 'req/s',
      ratio: { value: ratioOf(result?.requestsPerSecond, bare), of: 'bare node:http' },
      ...(note ? { note } : {}),
    });
    rows.push({
      subject: SUBJECT_NAMES[subject],
      metric: `${endpoint.label}: p50`,
      value: result?.p50 ?? null,
      unit: 'ms',
      ratio: latencyRatio(result?.p50, 'p50'),
    });
    rows.push({
      subject: SUBJECT_NAMES[subject],
      metric: `${endpoint.label}: p99`,
      value: result?.p99 ?? null,
      unit: 'ms',
      ratio: latencyRatio(result?.p99, 'p99'),
    });
  }
  return rows;
}
