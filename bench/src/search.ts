/** Measures 2 and 3: directory search at 1k/10k/100k users, and the mock's start-up time. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { listOperations, loadContract, type Operation, type ParameterObject } from '@cohort/openapi';
import { readProfile, renderProfile, summariseProfile } from './cpu-profile.ts';
import { percentile, type Row, ratioOf, type Section } from './report.ts';
import { type Session, signIn, startMock, startReferenceServer } from './subjects.ts';

export interface SearchSettings {
  sizes: number[];
  warmupQueries: number;
  queries: number;
  /** How many times the default-seed start-up is timed (the median is reported). */
  startupRepeats: number;
}

const SEARCH_PATH = '/api/v1/users/search';

export function findSearchOperation(): Operation | undefined {
  return listOperations(loadContract()).find(
    (operation) => operation.method === 'get' && operation.path === SEARCH_PATH,
  );
}

/** `class_of[]` and `class_of` both name the class_of filter; returns the contract's spelling. */
function parameterNamed(operation: Operation, name: string): ParameterObject | undefined {
  return operation.parameters.find(
    (parameter) => parameter.in === 'query' && parameter.name.replace(/\[\]$/, '') === name,
  );
}

interface Person {
  last_name?: string | null;
  graduation_year?: number | null;
  university?: string | null;
  industry?: string | null;
}

/**
 * Three filters (class of, university, industry) and a keyword, in the contract's parameter
 * names, each query built from a real person's fields so that it matches at least that person:
 * a query that matches nobody could be answered from an empty index intersection and flatter the figure.
 */
export async function buildQueries(
  operation: Operation,
  baseUrl: string,
  session: Session,
  count = 8,
): Promise<{ queries: string[]; described: string }> {
  const names = {
    classOf: parameterNamed(operation, 'class_of')?.name,
    university: parameterNamed(operation, 'university')?.name,
    industry: parameterNamed(operation, 'industry')?.name,
    q: parameterNamed(operation, 'q')?.name,
  };
  const missing = Object.entries(names).filter(([, name]) => !name);
  if (missing.length > 0)
    throw new Error(`the search operation has no ${missing.map(([key]) => key).join(', ')} parameter`);
  const response = await fetch(`${baseUrl}${SEARCH_PATH}?per_page=100`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const body = (await response.json()) as { data?: { data?: Person[] } };
  if (!response.ok) throw new Error(`search answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  const people = (body.data?.data ?? []).filter(
    (person) => person.last_name && person.graduation_year && person.university && person.industry,
  );
  if (people.length === 0)
    throw new Error('the first search page has nobody with a name, class, university and industry');
  const step = Math.max(1, Math.floor(people.length / count));
  const queries = people
    .filter((_, index) => index % step === 0)
    .slice(0, count)
    .map((person) => {
      const query = new URLSearchParams();
      query.append(names.classOf ?? '', String(person.graduation_year));
      query.append(names.university ?? '', person.university ?? '');
      query.append(names.industry ?? '', person.industry ?? '');
      query.set(names.q ?? '', person.last_name ?? '');
      return query.toString();
    });
  return {
    queries,
    described: `${names.classOf}, ${names.university}, ${names.industry} and ${names.q} (a last name), taken from ${queries.length} people on the first page, in rotation; e.g. \`${decodeURIComponent((queries[0] ?? '').replaceAll('+', ' '))}\``,
  };
}

export interface SearchTiming {
  p50: number | null;
  p95: number | null;
  serverTimed: boolean;
  /** The whole loopback round trip (routing, validation, serialisation included), p95. */
  roundTripP95: number | null;
  /** Fewest and most matches over the distinct queries. */
  matches: { min: number; max: number } | null;
}

/** Sequential queries on one connection: with nothing queued, the round trip is the server's time plus loopback. */
export async function timeSearch(
  baseUrl: string,
  session: Session,
  queries: string[],
  settings: Pick<SearchSettings, 'warmupQueries' | 'queries'>,
): Promise<SearchTiming> {
  const samples: number[] = [];
  const roundTrips: number[] = [];
  let serverTimed = true;
  const totals: number[] = [];
  for (let index = 0; index < settings.warmupQueries + settings.queries; index++) {
    const query = queries[index % queries.length] ?? '';
    const started = performance.now();
    const response = await fetch(`${baseUrl}${SEARCH_PATH}?${query}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const body = (await response.json()) as { data?: { total?: number } };
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`search answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    if (index < queries.length && typeof body.data?.total === 'number') totals.push(body.data.total);
    if (index < settings.warmupQueries) continue;
    roundTrips.push(elapsed);
    // A Server-Timing header (dur=…) is the server's own figure; without one the round trip stands in.
    const serverTiming = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    if (serverTiming?.[1]) samples.push(Number(serverTiming[1]));
    else {
      serverTimed = false;
      samples.push(elapsed);
    }
  }
  const matches = totals.length > 0 ? { min: Math.min(...totals), max: Math.max(...totals) } : null;
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    serverTimed,
    roundTripP95: percentile(roundTrips, 95),
    matches,
  };
}

export function plannedSearchRows(sizes: number[], reason: string): Row[] {
  return sizes.flatMap((users) => [
    { subject: `${users.toLocaleString('en-US')} users`, metric: 'search p50', value: null, unit: 'ms', note: reason },
    {
      subject: `${users.toLocaleString('en-US')} users`,
      metric: 'search p95',
      value: null,
      unit: 'ms',
      note: reason,
      ...(users >= 100_000 ? { target: { on: 'value', op: '<', bound: 20 } as const } : {}),
    },
  ]);
}

/** Where a default start spends its CPU: one more start under --cpu-prof, stopped once ready. */
async function profileStartup(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cohort-bench-profile-'));
  const mock = await startMock({ nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  await mock.stop();
  const profile = await readProfile(dir);
  if (!profile) return 'No start-up CPU profile was written (the mock did not exit cleanly on SIGTERM).';
  return renderProfile('Start-up with the default seed: CPU profile from spawn to ready', summariseProfile(profile));
}

export interface SearchAndStartup {
  search: Section;
  startup: Section;
}

export async function measureSearchAndStartup(settings: SearchSettings): Promise<SearchAndStartup> {
  const search: Section = {
    title: '2. Directory search',
    method: `\`GET ${SEARCH_PATH}\` with three filters and a keyword, ${settings.queries} sequential queries (after ${settings.warmupQueries} warm-up) on a mock seeded with each user count; p50/p95 of the server's time (its Server-Timing header, which times the search itself, when present; else the loopback round trip), with the round trip's p95 beside it.`,
    rows: [],
    notes: [],
  };
  const startup: Section = {
    title: '3. Start-up',
    method: `From spawning \`node apps/mock/dist/main.js --port 0 --quiet\` (what \`pnpm start\` runs: the mock bundled into JavaScript, its default seed, its contract as parsed and its state file's validator written beside it at build time) to its "listening" line (seeding included). Default seed: median of ${settings.startupRepeats} starts, beside the median start of a bare node:http server bundled and launched the same way (node on built JavaScript), the floor.`,
    rows: [],
    notes: [],
  };

  const defaultStarts: number[] = [];
  let defaultUsers = '';
  for (let run = 0; run < settings.startupRepeats; run++) {
    const mock = await startMock();
    defaultStarts.push(mock.readyMs / 1000);
    defaultUsers = (await mock.waitForOutput(/^(\d+) users, seed/m).catch(() => null))?.[1] ?? '';
    await mock.stop();
  }
  const defaultReady = percentile(defaultStarts, 50);
  // The floor: a bare node:http server started the same way (node on a bundle), so the ratio shows what the mock adds.
  const emptyCanned = join(await mkdtemp(join(tmpdir(), 'cohort-bench-')), 'none.json');
  await writeFile(emptyCanned, '[]');
  const floorStarts: number[] = [];
  for (let run = 0; run < settings.startupRepeats; run++) {
    const floor = await startReferenceServer('node', emptyCanned);
    floorStarts.push(floor.readyMs / 1000);
    await floor.stop();
  }
  const floorReady = percentile(floorStarts, 50);
  startup.notes.push(await profileStartup());
  startup.rows.push({
    subject: 'Cohort mock',
    metric: 'ready, default seed',
    value: defaultReady,
    unit: 's',
    ratio: { value: ratioOf(defaultReady, floorReady), of: 'bare node:http' },
    note: `${defaultUsers ? `${defaultUsers} users; ` : ''}starts: ${defaultStarts.map((start) => start.toFixed(2)).join(', ')} s`,
  });
  startup.rows.push({
    subject: 'bare node:http',
    metric: 'ready',
    value: floorReady,
    unit: 's',
    ratio: { value: ratioOf(floorReady, floorReady), of: 'bare node:http' },
    note: `starts: ${floorStarts.map((start) => start.toFixed(2)).join(', ')} s`,
  });

  const operation = findSearchOperation();
  const searchReason = operation
    ? null
    : `not measured: \`GET ${SEARCH_PATH}\` is not in the contract yet; the harness runs as soon as it is`;
  if (searchReason) search.rows.push(...plannedSearchRows(settings.sizes, searchReason));

  let baseline: number | null = null;
  let baselineP50: number | null = null;
  for (const users of settings.sizes) {
    // A load test raises the per-token directory limit (a mock flag), as the mock's README says.
    const mock = await startMock({ users, args: ['--directory-limit', '100000000'] });
    try {
      startup.rows.push({
        subject: 'Cohort mock',
        metric: `ready, ${users.toLocaleString('en-US')} users`,
        value: mock.readyMs / 1000,
        unit: 's',
        ratio: { value: ratioOf(mock.readyMs / 1000, defaultReady), of: 'default seed' },
      });
      if (!operation) continue;
      const session = await signIn(mock);
      const { queries, described } = await buildQueries(operation, mock.url, session);
      if (search.notes.length === 0) search.notes.push(`Queries: ${described}.`);
      const timing = await timeSearch(mock.url, session, queries, settings);
      baseline ??= timing.p95;
      baselineP50 ??= timing.p50;
      const subject = `${users.toLocaleString('en-US')} users`;
      const clock = timing.serverTimed ? 'server time' : 'round trip';
      search.rows.push({
        subject,
        metric: `search p50 (${clock})`,
        value: timing.p50,
        unit: 'ms',
        ratio: {
          value: ratioOf(timing.p50, baselineP50),
          of: `p50 at ${settings.sizes[0]?.toLocaleString('en-US')} users`,
        },
        note: timing.matches ? `${timing.matches.min}–${timing.matches.max} matches per query` : '',
      });
      search.rows.push({
        subject,
        metric: `search p95 (${clock})`,
        value: timing.p95,
        unit: 'ms',
        ratio: {
          value: ratioOf(timing.p95, baseline),
          of: `p95 at ${settings.sizes[0]?.toLocaleString('en-US')} users`,
        },
        ...(users >= 100_000 ? { target: { on: 'value', op: '<', bound: 20 } as const } : {}),
        ...(timing.serverTimed && timing.roundTripP95 !== null
          ? { note: `round trip p95 ${timing.roundTripP95.toFixed(2)} ms` }
          : {}),
      });
    } catch (error) {
      search.rows.push(...plannedSearchRows([users], `not measured: ${(error as Error).message.split('\n')[0]}`));
    } finally {
      await mock.stop();
    }
  }
  return { search, startup };
}
