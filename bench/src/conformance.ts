/** Measure 4: the whole conformance run (`--include all`, as `npm test` runs it) against a fresh local mock. */
import { performance } from 'node:perf_hooks';
import { type Row, ratioOf, type Section } from './report.ts';
import { startMock } from './subjects.ts';

/** The part of @cohort/contract's result the bench reads. */
interface ConformanceSummary {
  durationMs: number;
  phases: Record<string, number>;
  passed: number;
  failed: number;
  skipped: number;
  requests: number;
  operations: string[];
  errors: { message: string }[];
}

type RunConformance = (options: { baseUrl: string; include: 'all' }) => Promise<ConformanceSummary>;

// Loaded by name at run time so the bench does not type-check (or break with) the checker's source.
const CONTRACT_PACKAGE = '@cohort/contract';

export const CONFORMANCE_TARGET = { on: 'value', op: '<', bound: 5 } as const;

export function plannedConformanceRows(reason: string): Row[] {
  return [
    {
      subject: 'conformance run (--include all)',
      metric: 'duration',
      value: null,
      unit: 's',
      target: CONFORMANCE_TARGET,
      note: reason,
    },
  ];
}

export async function measureConformance(): Promise<Section> {
  const section: Section = {
    title: '4. Contract run',
    method:
      "`runConformance({ baseUrl, include: 'all' })` from @cohort/contract (every operation, every phase, its default fuzzing; what `npm test` runs) against a fresh mock with the default seed and `--keep-alive 500` (as `conformance:mock` starts it, so the stream check sees a keep-alive within its wait); the figure is the checker's own `durationMs`, the wall time around the call and each phase's time are noted.",
    rows: [],
    notes: [],
  };
  let runConformance: RunConformance | undefined;
  try {
    ({ runConformance } = (await import(CONTRACT_PACKAGE)) as { runConformance?: RunConformance });
  } catch (error) {
    section.rows.push(
      ...plannedConformanceRows(
        `not measured: @cohort/contract cannot be loaded (${(error as Error).message.split('\n')[0]})`,
      ),
    );
    return section;
  }
  if (!runConformance) {
    section.rows.push(...plannedConformanceRows('not measured: @cohort/contract does not export runConformance yet'));
    return section;
  }
  const mock = await startMock({ args: ['--keep-alive', '500'] });
  try {
    const started = performance.now();
    const result = await runConformance({ baseUrl: mock.url, include: 'all' });
    const wallMs = performance.now() - started;
    section.rows.push({
      subject: 'conformance run (--include all)',
      metric: 'duration',
      value: result.durationMs / 1000,
      unit: 's',
      ratio: { value: ratioOf(result.durationMs / 1000, CONFORMANCE_TARGET.bound), of: 'the 5 s target' },
      target: CONFORMANCE_TARGET,
      note: `${result.operations.length} operations, ${result.requests} requests; ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped; wall time ${(wallMs / 1000).toFixed(2)} s; phases ${Object.entries(
        result.phases ?? {},
      )
        .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(2)} s`)
        .join(', ')}`,
    });
    if (result.durationMs >= CONFORMANCE_TARGET.bound * 1000)
      section.notes.push(
        `The run took ${(result.durationMs / 1000).toFixed(2)} s for ${result.requests} requests, ${(result.durationMs / Math.max(1, result.requests)).toFixed(1)} ms per request on average (the checker runs flows in parallel, so this is the wall time divided by the request count).`,
      );
    if (result.errors.length > 0)
      section.notes.push(`Checker errors: ${result.errors.map((error) => error.message).join('; ')}`);
  } finally {
    await mock.stop();
  }
  return section;
}
