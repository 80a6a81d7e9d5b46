/** Measure 13: the mock engine answering in-process (`engine.handle(request)`) against the same engine behind Express. */
import { createMockEngine } from '@cohort/mock';
import { type LoadResult, loadProblem, measureLoad } from './load.ts';
import { type Row, ratioOf, type Section } from './report.ts';
import { signIn, startMock } from './subjects.ts';

export interface EngineSettings {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

const LABEL = 'GET notes/{userId}';
const HANDLE = 'engine.handle(Request), in-process';
const EXPRESS = 'Cohort mock (Express over node:http)';

/** The rows of this measure (pure; unmeasured figures carry `note`). */
export function engineRows(handle: number | null, express: number | null, note?: string): Row[] {
  const extra = note ? { note } : {};
  return [
    { subject: EXPRESS, metric: `${LABEL}: req/s`, value: express, unit: 'req/s', ...extra },
    {
      subject: HANDLE,
      metric: `${LABEL}: req/s`,
      value: handle,
      unit: 'req/s',
      ratio: { value: ratioOf(handle, express), of: 'through Express' },
      ...extra,
    },
  ];
}

/** `connections` loops each awaiting one `handle()` (and its body) at a time: a closed loop, as autocannon's. */
async function closedLoop(send: () => Promise<Response>, connections: number, seconds: number): Promise<number> {
  let done = 0;
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const response = await send();
        await response.arrayBuffer();
        if (response.ok) done++;
        else failed++;
      }
    }),
  );
  if (failed > 0) throw new Error(`${failed} answers were not 2xx`);
  return done / ((performance.now() - started) / 1000);
}

export async function measureEngine(settings: EngineSettings): Promise<Section> {
  const section: Section = {
    title: '13. Mock engine in-process',
    method: `\`${LABEL}\` (the demo account's notes, authenticated, default seed) answered by \`createMockEngine().handle(new Request(…))\` in the bench's own process, ${settings.connections} concurrent loops, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s; against the same request through the Express server (a child process, autocannon, ${settings.connections} connections, same durations). One run each; the ratio is handle() ÷ Express.`,
    rows: [],
    notes: [],
  };
  const engine = createMockEngine();
  let handleRate: number;
  try {
    const base = 'http://mock.test';
    const login = await engine.handle(
      new Request(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uniName: 'Stanford University', email: 'demo@cohort.test', password: 'cohort-demo' }),
      }),
    );
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const me = await engine.handle(new Request(`${base}/api/v1/users/me`, { headers }));
    const userId = ((await me.json()) as { data: { id: string } }).data.id;
    const send = () => engine.handle(new Request(`${base}/api/v1/users/me/notes/${userId}`, { headers }));
    await closedLoop(send, settings.connections, settings.warmupSeconds);
    handleRate = await closedLoop(send, settings.connections, settings.seconds);
  } finally {
    engine.close();
  }
  let express: LoadResult | undefined;
  const mock = await startMock();
  try {
    const session = await signIn(mock);
    express = await measureLoad({
      url: `${mock.url}/api/v1/users/me/notes/${session.userId}`,
      method: 'GET',
      headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
      connections: settings.connections,
      warmupSeconds: settings.warmupSeconds,
      seconds: settings.seconds,
    });
    const problem = loadProblem(express);
    if (problem) section.notes.push(`${EXPRESS}: ${problem}.`);
  } finally {
    await mock.stop();
  }
  section.rows.push(...engineRows(handleRate, express.requestsPerSecond));
  return section;
}

/** Every figure of this measure, unmeasured, with the reason. */
export function plannedEngineRows(reason: string): Row[] {
  return engineRows(null, null, reason);
}
