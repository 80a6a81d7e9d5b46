import { readFileSync, writeFileSync } from 'node:fs';
import type { ConformanceResult } from './types.ts';

/** Known failures, by check and operation, so a team can adopt the checker before it passes. */
export interface Baseline {
  version: 1;
  failures: { check: string; operationId: string }[];
}

export function readBaseline(path: string): Baseline {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Baseline>;
  if (!Array.isArray(parsed.failures)) throw new Error(`${path}: expected {"version": 1, "failures": [...]}`);
  for (const f of parsed.failures) {
    if (typeof f?.check !== 'string' || typeof f?.operationId !== 'string') {
      throw new Error(`${path}: each failure needs "check" and "operationId"`);
    }
  }
  return { version: 1, failures: parsed.failures };
}

export function baselineOf(result: ConformanceResult): Baseline {
  const failures = result.cells
    .filter((c) => c.status === 'fail')
    .map((c) => ({ check: c.check, operationId: c.operationId }));
  return { version: 1, failures };
}

export function writeBaseline(path: string, result: ConformanceResult): void {
  writeFileSync(path, `${JSON.stringify(baselineOf(result), null, 2)}\n`);
}

/** Marks the baseline's failures as known: they no longer count towards `failed` or the exit code. */
export function applyBaseline(result: ConformanceResult, baseline: Baseline): ConformanceResult {
  const listed = new Set(baseline.failures.map((f) => `${f.check}|${f.operationId}`));
  const cells = result.cells.map((c) =>
    c.status === 'fail' && listed.has(`${c.check}|${c.operationId}`) ? { ...c, known: true } : c,
  );
  const fixed = baseline.failures.filter((f) =>
    result.cells.some((c) => c.check === f.check && c.operationId === f.operationId && c.status === 'pass'),
  );
  const known = cells.filter((c) => c.known).length;
  return { ...result, cells, known, fixed, failed: cells.filter((c) => c.status === 'fail' && !c.known).length };
}
