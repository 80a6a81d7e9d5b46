import { describe, expect, it } from 'vitest';
import { engineRows, plannedEngineRows } from '../src/engine.ts';

describe('engineRows', () => {
  it('gives handle() in-process as a ratio to the same request through Express', () => {
    const rows = engineRows(30_000, 10_000);
    expect(rows.map((row) => row.value)).toEqual([10_000, 30_000]);
    expect(rows[1]?.ratio).toEqual({ value: 3, of: 'through Express' });
  });

  it('lists both figures, unmeasured, with the reason when the part cannot run', () => {
    const rows = plannedEngineRows('the mock did not start');
    expect(rows.every((row) => row.value === null && row.note === 'the mock did not start')).toBe(true);
  });
});
