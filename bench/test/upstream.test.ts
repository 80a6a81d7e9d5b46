import { describe, expect, it } from 'vitest';
import { addedNote, latenciesOf, plannedUpstreamRows, quantile, upstreamRows } from '../src/upstream.ts';

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

describe('upstream bench note', () => {
  const direct = { p50: 11, p99: 12, requests: 1000, failures: 0 };

  it('says the time added is less than the CPU time when it is', () => {
    const note = addedNote({
      direct,
      mock: { p50: 12.48, p99: 16.6, requests: 900, failures: 0, cpuPerRequest: 1.63 },
    });
    expect(note).toMatch(
      /^What the mock adds at p50 \(1\.48 ms\) is less than the CPU time it spends per request \(1\.63 ms\)/,
    );
    expect(note).not.toMatch(/more than/);
  });

  it('says it is more than the CPU time, and why, when it is', () => {
    const note = addedNote({ direct, mock: { p50: 17.73, p99: 40, requests: 900, failures: 0, cpuPerRequest: 2.11 } });
    expect(note).toMatch(
      /^What the mock adds at p50 \(6\.73 ms\) is more than the CPU time it spends per request \(2\.11 ms\): each proxied request wakes/,
    );
  });

  it('says nothing when the target is met', () => {
    expect(
      addedNote({ direct, mock: { p50: 11.9, p99: 13, requests: 900, failures: 0, cpuPerRequest: 0.7 } }),
    ).toBeUndefined();
  });
});
