import { describe, expect, it } from 'vitest';
import { explainMisses } from '../src/throughput.ts';

describe('explainMisses', () => {
  it('says nothing when the targets are met', () => {
    const results = {
      cohort: { requestsPerSecond: 12_000, p99: 8 },
      bare: { requestsPerSecond: 20_000, p99: 4 },
      express: { requestsPerSecond: 14_000, p99: 6 },
    };
    expect(explainMisses('GET notes', results, 50)).toEqual([]);
  });

  it('puts the miss on the framework when minimal Express is itself under 0.5×, and explains p99 by Little’s law', () => {
    const results = {
      cohort: { requestsPerSecond: 3_000, p99: 40 },
      bare: { requestsPerSecond: 24_000, p99: 9 },
      express: { requestsPerSecond: 6_000, p99: 20 },
    };
    const [ratio, latency] = explainMisses('GET notes', results, 50);
    expect(ratio).toContain('reaches only 0.25× the bare server');
    expect(ratio).toContain('the mock runs at 0.50× that minimal Express app');
    expect(latency).toContain('16.7 ms at 3000 req/s');
    expect(latency).toContain('well over 5,000 req/s');
    expect(latency).toContain("bare server's p99 in this run was 9 ms");
  });

  it('puts the miss on the mock when minimal Express clears 0.5×', () => {
    const results = {
      cohort: { requestsPerSecond: 3_000, p99: 9 },
      bare: { requestsPerSecond: 20_000, p99: 4 },
      express: { requestsPerSecond: 12_000, p99: 6 },
    };
    expect(explainMisses('GET notes', results, 50)).toEqual([
      expect.stringContaining('the framework is not what holds the mock back; the mock runs at 0.25× of it'),
    ]);
  });
});
