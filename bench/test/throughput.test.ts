import { describe, expect, it } from 'vitest';
import { combineRounds, type LoadResult, median, pairedRatio } from '../src/load.ts';
import { verdict } from '../src/report.ts';
import { explainMisses, plannedThroughputRows, roundOrder, roundsOf } from '../src/throughput.ts';

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

describe('explainMisses against Prism', () => {
  const results = {
    cohort: { requestsPerSecond: 3_000, p99: 8 },
    bare: { requestsPerSecond: 6_000, p99: 4 },
    express: { requestsPerSecond: 5_600, p99: 6 },
    prism: { requestsPerSecond: 900, p99: 50 },
  };
  it('blames the mock when minimal Express clears 5× Prism on a read', () => {
    expect(explainMisses('GET notes', results, 50)).toEqual([
      expect.stringContaining('runs at 6.22× Prism, so the framework leaves room for ≥ 5×'),
    ]);
  });
  it('blames the framework when even minimal Express is under 5× Prism', () => {
    expect(explainMisses('GET notes', { ...results, express: { requestsPerSecond: 4_000, p99: 6 } }, 50)).toEqual([
      expect.stringContaining('only 4.44× Prism, so ≥ 5× is out of reach'),
    ]);
  });
  it('says nothing about Prism for a write, which has no Prism target', () => {
    expect(explainMisses('POST notes', results, 50, false)).toEqual([]);
  });
});

describe('plannedThroughputRows', () => {
  it('lists every Cohort target as not measured, with the reason', () => {
    const rows = plannedThroughputRows('not measured: no mock');
    const targeted = rows.filter((row) => row.target);
    expect(targeted.map((row) => row.metric)).toEqual([
      'GET notes/{userId}: req/s',
      'GET notes/{userId}: req/s',
      'GET notes/{userId}: req/s',
      'GET notes/{userId}: p99',
      'POST notes/store: req/s',
      'POST notes/store: req/s',
      'POST notes/store: p99',
    ]);
    // The throughput target: the mock against the minimal Express 5 app of the same run.
    expect(rows.filter((row) => row.ratio?.of === 'minimal Express 5').map((row) => row.target?.bound)).toEqual([
      0.9, 0.9,
    ]);
    expect(targeted.every((row) => verdict(row) === 'not measured' && row.note === 'not measured: no mock')).toBe(true);
  });
});

describe('rounds', () => {
  const round = (requestsPerSecond: number, p99 = 5, codes: Record<string, number> = { 200: 10 }): LoadResult => ({
    requestsPerSecond,
    p50: 1,
    p99,
    total: Object.values(codes).reduce((a, b) => a + b, 0),
    non2xx: Object.entries(codes).reduce((a, [code, n]) => a + (code.startsWith('2') ? 0 : n), 0),
    errors: 0,
    statusCodes: codes,
  });

  it('combines rounds into the median round and summed counts', () => {
    const combined = combineRounds([round(100, 9), round(300, 4, { 201: 5, 409: 1 }), round(200, 6)]);
    expect(combined.requestsPerSecond).toBe(200);
    expect(combined.p99).toBe(6);
    expect(combined.total).toBe(26);
    expect(combined.non2xx).toBe(1);
    expect(combined.statusCodes).toEqual({ 200: 20, 201: 5, 409: 1 });
  });

  it('pairs ratios round by round: a slow round slows both sides and leaves the ratio', () => {
    // The machine halves its speed in round 2: the ratio of rounds stays 0.9, the ratio of medians does not.
    const express = [round(20_000), round(10_000), round(22_000)];
    const mock = [round(18_000), round(9_000), round(19_800)];
    expect(pairedRatio(mock, express)).toBeCloseTo(0.9);
    expect(pairedRatio(mock, [round(0), round(10_000)])).toBeCloseTo(0.9);
    expect(pairedRatio([], express)).toBeNull();
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });

  it('takes one round per 2 s measured (at least 3, unless told), forwards and backwards in turn', () => {
    expect(roundsOf({ seconds: 10 })).toBe(5);
    expect(roundsOf({ seconds: 2 })).toBe(3);
    expect(roundsOf({ seconds: 30 })).toBe(15);
    expect(roundsOf({ seconds: 10, rounds: 2 })).toBe(2);
    expect(roundsOf({ seconds: 10, rounds: 0 })).toBe(1);
    expect(roundOrder(0)).toEqual(['bare', 'express', 'cohort']);
    expect(roundOrder(1)).toEqual(['cohort', 'express', 'bare']);
    expect(roundOrder(4)).toEqual(['bare', 'express', 'cohort']);
  });
});
