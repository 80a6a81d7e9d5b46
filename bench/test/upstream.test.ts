import { describe, expect, it } from 'vitest';
import { latenciesOf, plannedUpstreamRows, quantile, upstreamRows } from '../src/upstream.ts';

describe('upstream bench rows', () => {
  it('takes quantiles by nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([quantile(sorted, 0.5), quantile(sorted, 0.99), quantile([7], 0.99)]).toEqual([50, 99, 7]);
    expect(latenciesOf([3, 1, 2], 1)).toEqual({ p50: 2, p99: 3, requests: 3, failures: 1 });
  });

  it('gives what the mock adds at p50 and p99 against the 1 ms and 5 ms targets', () => {
    const rows = upstreamRows({
      direct: { p50: 10.4, p99: 12.1, requests: 1000, failures: 0 },
      mock: { p50: 11.1, p99: 15.3, requests: 990, failures: 0 },
    });
    const added = rows.filter((row) => row.subject === 'what the mock adds');
    expect(added.map((row) => [row.metric, row.value, row.target?.bound])).toEqual([
      ['GET notes/{userId}: p50', 0.7, 1],
      ['GET notes/{userId}: p99', 3.2, 5],
    ]);
    expect(rows).toHaveLength(8);
  });

  it('lists every figure, unmeasured, with the reason when the part cannot run', () => {
    const rows = plannedUpstreamRows('the backend did not start');
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.value === null && row.note === 'the backend did not start')).toBe(true);
  });
});
