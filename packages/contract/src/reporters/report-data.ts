import type { ConformanceResult, Diagnostic } from '../types.ts';
import { coverageLine, percent, statusState } from './coverage-text.ts';

export type StatusState = ReturnType<typeof statusState>;

/** What the HTML and Markdown reports show, made once so the two cannot say different things. */
export interface ReportData {
  baseUrl: string;
  /** `12 operations · seed 42 · 310 requests in 5123 ms` */
  meta: string;
  passed: number;
  failed: number;
  skipped: number;
  coverage: { ratio: number; percent: string; line: string };
  errors: string[];
  rows: {
    operationId: string;
    covered: number;
    required: number;
    statuses: { status: string; state: StatusState; title: string }[];
    failedChecks: string[];
  }[];
  /** Failures the baseline does not list. */
  failures: Diagnostic[];
}

export function reportData(result: ConformanceResult): ReportData {
  const cov = result.coverage;
  return {
    baseUrl: result.baseUrl,
    meta: `${result.operations.length} operations · seed ${result.seed} · ${result.requests} requests in ${result.durationMs} ms`,
    passed: result.passed,
    failed: result.failed,
    skipped: result.skipped,
    coverage: { ratio: cov.ratio, percent: percent(cov.ratio), line: coverageLine(cov) },
    errors: result.errors.map((e) => e.message),
    rows: cov.operations.map((row) => ({
      operationId: row.operationId,
      covered: row.covered,
      required: row.required,
      statuses: row.statuses.map((s) => {
        const state = statusState(s);
        const title =
          state === 'observed'
            ? `${s.observed} answer(s); ${s.observedTypes.join(', ')}`
            : state === 'missing'
              ? `never returned; sent ${s.provokedBy}`
              : s.reason
                ? `${state}: ${s.reason}`
                : state;
        return { status: s.status, state, title };
      }),
      failedChecks: result.cells
        .filter((c) => c.operationId === row.operationId && c.status === 'fail' && !c.known)
        .map((c) => c.check),
    })),
    failures: result.failures.filter(
      (f) => !result.cells.some((c) => c.known && c.check === f.code && c.operationId === f.operationId),
    ),
  };
}
