/** Measure 10: what the mock's testing tools cost on a read: the journal (on by default) and the drift alarm (on in dev). */
import { type LoadResult, loadProblem, measureLoad } from './load.ts';
import { type Row, ratioOf, type Section } from './report.ts';
import { signIn, startMock } from './subjects.ts';

export interface MockToolsSettings {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

type Variant = 'bare' | 'journal' | 'check';
const VARIANTS: Record<Variant, { name: string; args: string[] }> = {
  bare: { name: 'Cohort mock, --journal-size 0', args: ['--journal-size', '0'] },
  journal: { name: 'Cohort mock (journal on, the default)', args: [] },
  check: { name: 'Cohort mock --check-responses (as in dev)', args: ['--check-responses'] },
};
const LABEL = 'GET notes/{userId}';

/** The rows of this measure from its results (pure; unmeasured figures carry `note`). */
export function mockToolsRows(
  results: Partial<Record<Variant, Pick<LoadResult, 'requestsPerSecond' | 'p99'>>>,
  note?: string,
): Row[] {
  const rate = (v: Variant) => results[v]?.requestsPerSecond ?? null;
  const extra = note ? { note } : {};
  return [
    { subject: VARIANTS.bare.name, metric: `${LABEL}: req/s`, value: rate('bare'), unit: 'req/s', ...extra },
    {
      subject: VARIANTS.journal.name,
      metric: `${LABEL}: req/s`,
      value: rate('journal'),
      unit: 'req/s',
      ratio: { value: ratioOf(rate('journal'), rate('bare')), of: 'journal off' },
      ...extra,
    },
    {
      subject: VARIANTS.check.name,
      metric: `${LABEL}: req/s`,
      value: rate('check'),
      unit: 'req/s',
      ratio: { value: ratioOf(rate('check'), rate('journal')), of: 'without --check-responses' },
      ...extra,
    },
    ...(['bare', 'journal', 'check'] as const).map((v) => ({
      subject: VARIANTS[v].name,
      metric: `${LABEL}: p99`,
      value: results[v]?.p99 ?? null,
      unit: 'ms' as const,
      ...extra,
    })),
  ];
}

export async function measureMockTools(settings: MockToolsSettings): Promise<Section> {
  const section: Section = {
    title: '10. Mock testing tools',
    method: `autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s on \`${LABEL}\` (the demo account's notes, authenticated), against three fresh mocks one after the other: the request journal off, on (the default, 1,000 entries), and on with the drift alarm (\`--check-responses\`: every JSON answer validated against the contract, as \`pnpm dev\` runs it).`,
    rows: [],
    notes: [],
  };
  const results: Partial<Record<Variant, LoadResult>> = {};
  for (const variant of ['bare', 'journal', 'check'] as const) {
    const mock = await startMock({ args: VARIANTS[variant].args });
    try {
      const session = await signIn(mock);
      results[variant] = await measureLoad({
        url: `${mock.url}/api/v1/users/me/notes/${session.userId}`,
        method: 'GET',
        headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
        connections: settings.connections,
        warmupSeconds: settings.warmupSeconds,
        seconds: settings.seconds,
      });
      const problem = loadProblem(results[variant]);
      if (problem) section.notes.push(`${VARIANTS[variant].name}: ${problem}.`);
    } finally {
      await mock.stop();
    }
  }
  section.rows.push(...mockToolsRows(results));
  return section;
}

/** Every figure of this measure, unmeasured, with the reason. */
export function plannedMockToolsRows(reason: string): Row[] {
  return mockToolsRows({}, reason);
}
