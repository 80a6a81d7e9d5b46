/**
 * Part 8's figures and the rows they make (store.ts measures them): pure, and unit-tested
 * (test/store.test.ts) against the store's targets (listed in store.ts).
 */
import type { LoadResult } from './load.ts';
import type { OpenLoopSummary } from './open-loop.ts';
import { percentile, type Row, ratioOf } from './report.ts';

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
  /** Fresh seeds of `users` without `--data` (median reported; the last one carries the load). */
  freshStarts: number;
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
  // A fresh seed of 100,000 users takes seconds, and one start moves by a fifth with the VM's load.
  freshStarts: 3,
};

/** VmRSS and VmHWM (peak resident) of /proc/<pid>/status, in MB (10^6 bytes); null when absent. */
export function parseProcStatus(text: string): { rssMB: number | null; peakMB: number | null } {
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
    return match?.[1] ? (Number(match[1]) * 1024) / 1e6 : null;
  };
  return { rssMB: field('VmRSS'), peakMB: field('VmHWM') };
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
    /** Each fresh seed's start without `--data`, in seconds. */
    freshMemory: number[];
    defaultSeed: number[];
    reference: number[];
  };
}

/** Acknowledged (201) writes per second of a closed-loop run. */
export function acknowledgedRate(closed: LoadFigures['closed'] | undefined): number | null {
  if (!closed || closed.seconds <= 0) return null;
  return (closed.statusCodes['201'] ?? 0) / closed.seconds;
}

export const WITH = 'Cohort mock, --data';
export const WITHOUT = 'Cohort mock, no --data';
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
  // No target of its own: the fresh-seed target ("≤ 4 s, today 8.3 s") is the seed held in
  // memory, as the figure it quotes measured (part 3's 100,000-user start, 8.33 s on 2026-11-22).
  rows.push({
    subject: WITH,
    metric: `ready, fresh seed of ${users} users into a new file (--fresh)`,
    value: startup.freshData,
    unit: 's',
    ratio: vsReference(startup.freshData),
    note: 'the seed made and written whole to SQLite before "listening"',
  });
  const fresh = percentile(startup.freshMemory, 50);
  rows.push({
    subject: WITHOUT,
    metric: `ready, fresh seed of ${users} users`,
    value: fresh,
    unit: 's',
    ratio: vsReference(fresh),
    target: { on: 'value', op: '<=', bound: 4 },
    note: starts(startup.freshMemory),
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

export function statusText(statuses: Record<string, number>): string {
  const entries = Object.entries(statuses).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return 'no answers';
  return entries
    .map(([code, count]) => `${count.toLocaleString('en-US')}× ${code === '0' ? 'no answer' : code}`)
    .join(', ');
}

/** Rows for a part that could not run: every target listed, none measured. */
export function plannedStoreRows(reason: string): Row[] {
  return storeRows({
    startup: { existingFile: [], freshData: null, freshMemory: [], defaultSeed: [], reference: [] },
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
