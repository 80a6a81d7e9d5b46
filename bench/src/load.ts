import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** autocannon's request pipeline, e.g. a `setupRequest` that gives each request another user's token. */
  requests?: autocannon.Request[];
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Latency percentiles in ms (autocannon records whole milliseconds). */
  p50: number;
  p99: number;
  total: number;
  /** Responses that were not 2xx, and connection errors/timeouts: any of these makes the run suspect. */
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

function run(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: options.url,
    method: options.method,
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: seconds,
    ...(options.requests ? { requests: options.requests } : {}),
    // A dead server must fail the run quickly, not hang the bench.
    timeout: 10,
  });
}

/** A warm-up run (discarded) and then the measured run, one after the other on the same server. */
export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds);
  const result = await run(options, options.seconds);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
  };
}

/** Why a load result should not be trusted, or null when every response was a 2xx. */
export function loadProblem(result: LoadResult): string | null {
  if (result.total === 0) return 'no responses at all';
  if (result.non2xx === 0 && result.errors === 0) return null;
  const codes = Object.entries(result.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${count}× ${code}`);
  return [
    result.non2xx > 0 ? `${result.non2xx} non-2xx responses (${codes.join(', ')})` : '',
    result.errors > 0 ? `${result.errors} connection errors/timeouts` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Several measured rounds of one server as one result: the median round's rate and latencies (a
 * round the machine slowed for other work does not move it), the counts summed over every round.
 */
export function combineRounds(rounds: LoadResult[]): LoadResult {
  const statusCodes: Record<string, number> = {};
  for (const round of rounds)
    for (const [code, count] of Object.entries(round.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const sum = (pick: (round: LoadResult) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  return {
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)) ?? 0,
    p50: median(rounds.map((round) => round.p50)) ?? 0,
    p99: median(rounds.map((round) => round.p99)) ?? 0,
    total: sum((round) => round.total),
    non2xx: sum((round) => round.non2xx),
    errors: sum((round) => round.errors),
    statusCodes,
  };
}

/**
 * How `subject`'s rate compares with `reference`'s when both were measured round by round, one
 * right after the other: the median of each round's ratio, so a change in the machine's load
 * between rounds hits both sides of a ratio alike.
 */
export function pairedRatio(subject: LoadResult[], reference: LoadResult[]): number | null {
  const ratios = subject.flatMap((round, i) => {
    const base = reference[i]?.requestsPerSecond;
    return base ? [round.requestsPerSecond / base] : [];
  });
  return median(ratios);
}
