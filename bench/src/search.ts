/** Measures 2 and 3: directory search at 1k/10k/100k users, and the mock's start-up time. */
import { performance } from 'node:perf_hooks';
import { listOperations, loadContract, type Operation, type ParameterObject } from '@cohort/openapi';
import { percentile, type Row, ratioOf, type Section } from './report.ts';
import { type Session, signIn, startMock } from './subjects.ts';

export interface SearchSettings {
  sizes: number[];
  warmupQueries: number;
  queries: number;
  /** How many times the default-seed start-up is timed (the median is reported). */
  startupRepeats: number;
}

const SEARCH_PATH = '/api/v1/users/search';
const KEYWORDS = ['an', 'el', 'ma', 'ri', 'son', 'li', 'er', 'ha'];

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

interface ResourceItem {
  id: number | string;
  name: string;
}

async function firstResource(baseUrl: string, session: Session, resource: string): Promise<ResourceItem | null> {
  const response = await fetch(`${baseUrl}/api/v1/general/get-all-resource/?resource=${resource}&per_page=50`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { data?: { data?: ResourceItem[] } };
  const items = body.data?.data ?? [];
  // The middle of the list rather than the first item, so the filter is neither the rarest nor the commonest.
  return items[Math.floor(items.length / 2)] ?? null;
}

function itemValue(parameter: ParameterObject, item: ResourceItem): string {
  const schema = parameter.schema as { items?: { type?: string }; type?: string } | undefined;
  const type = schema?.items?.type ?? schema?.type;
  return type === 'integer' ? String(item.id) : item.name;
}

/** Three filters (class of, university, industry) and a keyword, in the contract's parameter names. */
export async function buildQueries(
  operation: Operation,
  baseUrl: string,
  session: Session,
): Promise<{ queries: string[]; described: string }> {
  const params = new URLSearchParams();
  const described: string[] = [];
  const classOf = parameterNamed(operation, 'class_of');
  if (classOf) {
    const year = new Date().getFullYear() - 3;
    params.append(classOf.name, String(year));
    described.push(`${classOf.name}=${year}`);
  }
  for (const [filter, resource] of [
    ['university', 'University'],
    ['industry', 'Industry'],
  ] as const) {
    const parameter = parameterNamed(operation, filter);
    const item = parameter ? await firstResource(baseUrl, session, resource) : null;
    if (!parameter || !item) continue;
    params.append(parameter.name, itemValue(parameter, item));
    described.push(`${parameter.name}=${item.name}`);
  }
  const keyword = parameterNamed(operation, 'q');
  const queries = KEYWORDS.map((word) => {
    const query = new URLSearchParams(params);
    if (keyword) query.set(keyword.name, word);
    return query.toString();
  });
  return {
    queries,
    described: `${described.join(', ')}${keyword ? `, ${keyword.name}=<one of ${KEYWORDS.join('/')}>` : ''}`,
  };
}

export interface SearchTiming {
  p50: number | null;
  p95: number | null;
  serverTimed: boolean;
  totalResults: number | null;
}

/** Sequential queries on one connection: with nothing queued, the round trip is the server's time plus loopback. */
export async function timeSearch(
  baseUrl: string,
  session: Session,
  queries: string[],
  settings: Pick<SearchSettings, 'warmupQueries' | 'queries'>,
): Promise<SearchTiming> {
  const samples: number[] = [];
  let serverTimed = true;
  let totalResults: number | null = null;
  for (let index = 0; index < settings.warmupQueries + settings.queries; index++) {
    const query = queries[index % queries.length] ?? '';
    const started = performance.now();
    const response = await fetch(`${baseUrl}${SEARCH_PATH}?${query}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const body = (await response.json()) as { data?: { total?: number } };
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`search answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    if (index === 0) totalResults = body.data?.total ?? null;
    if (index < settings.warmupQueries) continue;
    // A Server-Timing header (dur=…) is the server's own figure; without one the round trip stands in.
    const serverTiming = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    if (serverTiming?.[1]) samples.push(Number(serverTiming[1]));
    else {
      serverTimed = false;
      samples.push(elapsed);
    }
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), serverTimed, totalResults };
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

export interface SearchAndStartup {
  search: Section;
  startup: Section;
}

export async function measureSearchAndStartup(settings: SearchSettings): Promise<SearchAndStartup> {
  const search: Section = {
    title: '2. Directory search',
    method: `\`GET ${SEARCH_PATH}\` with three filters and a keyword, ${settings.queries} sequential queries (after ${settings.warmupQueries} warm-up) on a mock seeded with each user count; p50/p95 of the server's time (its Server-Timing header when present, else the loopback round trip).`,
    rows: [],
    notes: [],
  };
  const startup: Section = {
    title: '3. Start-up',
    method: `From spawning \`node --import tsx apps/mock/src/main.ts --port 0 --quiet\` to its "listening" line (seeding included). Default seed: median of ${settings.startupRepeats} starts.`,
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
  startup.rows.push({
    subject: 'Cohort mock',
    metric: 'ready, default seed',
    value: defaultReady,
    unit: 's',
    note: `${defaultUsers ? `${defaultUsers} users; ` : ''}starts: ${defaultStarts.map((start) => start.toFixed(2)).join(', ')} s`,
  });

  const operation = findSearchOperation();
  const searchReason = operation
    ? null
    : `not measured: \`GET ${SEARCH_PATH}\` is not in the contract yet (issue #6); the harness runs as soon as it is`;
  if (searchReason) search.rows.push(...plannedSearchRows(settings.sizes, searchReason));

  let baseline: number | null = null;
  for (const users of settings.sizes) {
    const mock = await startMock({ users });
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
      if (search.notes.length === 0) search.notes.push(`Query: ${described}.`);
      const timing = await timeSearch(mock.url, session, queries, settings);
      baseline ??= timing.p95;
      const subject = `${users.toLocaleString('en-US')} users`;
      const clock = timing.serverTimed ? 'server time' : 'round trip';
      search.rows.push({
        subject,
        metric: `search p50 (${clock})`,
        value: timing.p50,
        unit: 'ms',
        note: timing.totalResults === null ? '' : `${timing.totalResults} matches for the first query`,
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
      });
    } catch (error) {
      search.rows.push(...plannedSearchRows([users], `not measured: ${(error as Error).message.split('\n')[0]}`));
    } finally {
      await mock.stop();
    }
  }
  return { search, startup };
}
