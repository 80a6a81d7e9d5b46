import { describe, expect, it } from 'vitest';
import { mockToolsRows, plannedMockToolsRows } from '../src/mock-tools.ts';

describe('mockToolsRows', () => {
  it('gives the journal as a ratio to no journal, and the drift alarm as a ratio to the default', () => {
    const rows = mockToolsRows({
      bare: { requestsPerSecond: 10_000, p99: 9 },
      journal: { requestsPerSecond: 9_000, p99: 10 },
      check: { requestsPerSecond: 6_000, p99: 15 },
    });
    const rates = rows.filter((row) => row.unit === 'req/s');
    expect(rates.map((row) => row.ratio?.value ?? null)).toEqual([null, 0.9, 6_000 / 9_000]);
    expect(rates[2]?.ratio?.of).toBe('without --check-responses');
    expect(rows.filter((row) => row.unit === 'ms').map((row) => row.value)).toEqual([9, 10, 15]);
  });

  it('lists every figure, unmeasured, with the reason when the part cannot run', () => {
    const rows = plannedMockToolsRows('the mock did not start');
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.value === null && row.note === 'the mock did not start')).toBe(true);
  });
});
