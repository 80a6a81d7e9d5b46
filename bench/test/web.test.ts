import { describe, expect, it } from 'vitest';
import { lcpElementOf, medianRun } from '../src/web.ts';

describe('lcpElementOf', () => {
  it('finds the node label in Lighthouse 12 details', () => {
    const details = {
      type: 'list',
      items: [
        {
          type: 'table',
          items: [
            { node: { type: 'node', selector: 'main > h1', nodeLabel: 'Sign in to\n  "Cohort"', snippet: '<h1>' } },
          ],
        },
      ],
    };
    expect(lcpElementOf(details)).toBe('Sign in to "Cohort"');
  });
  it('shortens a long label and is null without one', () => {
    expect(lcpElementOf({ items: [{ items: [{ node: { nodeLabel: 'x'.repeat(80) } }] }] })).toBe(`${'x'.repeat(57)}…`);
    expect(lcpElementOf(undefined)).toBeNull();
  });
});

describe('medianRun', () => {
  const run = (score: number | null, lcpMs: number | null) => ({
    jsKB: 100,
    cssKB: 5,
    files: 3,
    score,
    lcpMs,
    lcpElement: null,
    finalUrl: '/profile',
  });
  it('reports the median score and the median LCP, with every run listed', () => {
    const figures = medianRun([run(84, 2000), run(97, 1500), run(90, 1700), run(95, 3000), run(60, 1600)]);
    expect(figures).toMatchObject({ score: 90, lcpMs: 1700, runs: [84, 97, 90, 95, 60] });
  });
});
