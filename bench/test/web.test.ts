import { describe, expect, it } from 'vitest';
import { lcpElementOf } from '../src/web.ts';

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
