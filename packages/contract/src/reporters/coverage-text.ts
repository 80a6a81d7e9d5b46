import { type Coverage, OPTIONAL_STATUSES, type StatusCoverage } from '../coverage.ts';

export const percent = (ratio: number) => `${(Math.floor(ratio * 1000) / 10).toFixed(1)}%`;

/** One line: `319 of 346 declared statuses observed (92.1%)`. */
export function coverageLine(coverage: Coverage): string {
  return `${coverage.covered} of ${coverage.required} declared statuses observed (${percent(coverage.ratio)}); optional, not counted: ${[...OPTIONAL_STATUSES].join(', ')}`;
}

/** Why a status has no answer: a finding, not reached by any input of the run, or optional. */
export function statusState(s: StatusCoverage): 'observed' | 'missing' | 'not reached' | 'optional' {
  if (s.observed > 0) return 'observed';
  if (s.optional) return 'optional';
  return s.provokedBy !== undefined ? 'missing' : 'not reached';
}

/** The statuses never seen, per operation: `acceptConnection: 200 not reached, 409 not reached`. */
export function unobservedLines(coverage: Coverage): string[] {
  const lines: string[] = [];
  for (const row of coverage.operations) {
    const gaps = row.statuses.filter((s) => !s.optional && s.observed === 0);
    if (gaps.length === 0) continue;
    const why = gaps.map(
      (s) =>
        `${s.status} ${statusState(s) === 'missing' ? `MISSING (sent ${s.provokedBy})` : `not reached${s.reason ? ` (${s.reason})` : ''}`}`,
    );
    lines.push(`${row.operationId}${row.exercised ? '' : ' (never answered)'}: ${why.join(', ')}`);
  }
  return lines;
}
