import { describe, expect, it } from 'vitest';
import {
  formatRatio,
  formatTarget,
  formatValue,
  percentile,
  type Row,
  ratioOf,
  renderResults,
  renderSection,
  verdict,
} from '../src/report.ts';

const row = (overrides: Partial<Row>): Row => ({
  subject: 'Cohort mock',
  metric: 'req/s',
  value: 1,
  unit: 'req/s',
  ...overrides,
});

describe('ratioOf', () => {
  it.each([
    ['a plain ratio', 50, 100, 0.5],
    ['a missing value', null, 100, null],
    ['a missing base', 50, undefined, null],
    ['a zero base', 50, 0, null],
    ['an infinite value', Number.POSITIVE_INFINITY, 1, null],
  ])('%s', (_name, value, base, want) => {
    expect(ratioOf(value, base)).toBe(want);
  });
});

describe('verdict', () => {
  it.each<[string, Row, ReturnType<typeof verdict>]>([
    ['no target', row({}), 'no target'],
    [
      'ratio met at the bound',
      row({ ratio: { value: 0.5, of: 'bare' }, target: { on: 'ratio', op: '>=', bound: 0.5 } }),
      'met',
    ],
    [
      'ratio missed',
      row({ ratio: { value: 0.14, of: 'bare' }, target: { on: 'ratio', op: '>=', bound: 0.5 } }),
      'missed',
    ],
    [
      'ratio not measured',
      row({ ratio: { value: null, of: 'Prism' }, target: { on: 'ratio', op: '>=', bound: 5 } }),
      'not measured',
    ],
    ['value met', row({ value: 9, unit: 'ms', target: { on: 'value', op: '<=', bound: 10 } }), 'met'],
    [
      'value at a strict bound misses',
      row({ value: 20, unit: 'ms', target: { on: 'value', op: '<', bound: 20 } }),
      'missed',
    ],
    ['value not measured', row({ value: null, target: { on: 'value', op: '<', bound: 5 } }), 'not measured'],
  ])('%s', (_name, given, want) => {
    expect(verdict(given)).toBe(want);
  });
});

describe('percentile', () => {
  it('takes the nearest rank of unsorted samples', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 95)).toBe(10);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile(samples, 100)).toBe(10);
  });
  it('is null without samples', () => {
    expect(percentile([], 50)).toBeNull();
  });
});

describe('formatting', () => {
  it.each([
    [12345.6, 'req/s', '12,346 req/s'],
    [0.734, 'ms', '0.73 ms'],
    [42, 'ms', '42.0 ms'],
    [2494.2, 'ms', '2,494 ms'],
    [3.561, 's', '3.56 s'],
    [148.04, 'KB', '148.0 KB'],
    [1234.5, 'MB', '1,235 MB'],
    [91.6, 'score', '92'],
    [null, 'ms', 'not measured'],
  ] as const)('%s %s → %s', (value, unit, want) => {
    expect(formatValue(value, unit)).toBe(want);
  });
  it.each([
    [null, '—'],
    [0.137, '0.14×'],
    [1.74, '1.74×'],
    [4.98, '4.98×'],
    [12.4, '12×'],
  ])('ratio %s → %s', (value, want) => {
    expect(formatRatio(value)).toBe(want);
  });
  it('states a target on the value in the row unit, and on a ratio with its reference', () => {
    expect(formatTarget(row({ unit: 'KB', target: { on: 'value', op: '<=', bound: 150 } }))).toBe('≤ 150.0 KB');
    expect(formatTarget(row({ ratio: { value: 1, of: 'Prism' }, target: { on: 'ratio', op: '>=', bound: 5 } }))).toBe(
      '≥ 5× Prism',
    );
  });
});

describe('renderSection', () => {
  it('renders one table row per figure, escapes pipes and flags a miss', () => {
    const markdown = renderSection({
      title: '1. Throughput',
      method: 'autocannon.',
      rows: [
        row({
          value: 3000,
          ratio: { value: 0.14, of: 'bare' },
          target: { on: 'ratio', op: '>=', bound: 0.5 },
          note: 'a | b',
        }),
      ],
      notes: ['Profile here.'],
    });
    expect(markdown).toContain('## 1. Throughput');
    expect(markdown).toContain(
      '| Cohort mock | req/s | 3,000 req/s | 0.14× bare | ≥ 0.5× bare | **missed** | a \\| b |',
    );
    expect(markdown.trimEnd().endsWith('Profile here.')).toBe(true);
  });
});

describe('renderResults', () => {
  it('states machine, Node, date and lists every target in the summary', () => {
    const markdown = renderResults({
      machine: { cpu: 'Test CPU', cores: 2, memoryGiB: 4, node: 'v20.20.0', os: 'Linux' },
      date: new Date('2026-11-22T12:00:00Z'),
      durationMs: 61_000,
      load: { start: 1.5, end: 0.4 },
      revision: { commit: 'abc1234', dirty: false },
      sections: [
        {
          title: 'Search',
          method: 'm',
          rows: [
            row({
              metric: 'p95',
              value: null,
              unit: 'ms',
              target: { on: 'value', op: '<', bound: 20 },
              note: 'not measured: no endpoint',
            }),
          ],
          notes: [],
        },
      ],
    });
    expect(markdown).toContain('Test CPU, 2 cores, 4.0 GiB memory, Linux');
    expect(markdown).toContain('- Node: v20.20.0');
    expect(markdown).toContain('- Code: commit abc1234 (clean tree)');
    expect(markdown).toContain('2026-11-22T12:00:00.000Z');
    expect(markdown).toContain('took 61 s');
    expect(markdown).toContain(
      "Load average (1 min): 1.50 at the start, 0.40 at the end (this run's own load included) — **the machine was busy",
    );
    expect(markdown).toContain('| Cohort mock: p95 < 20.0 ms | not measured | not measured |');
  });
});
