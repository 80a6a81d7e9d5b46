import { describe, expect, it } from 'vitest';
import { memberCount } from '../format.ts';

describe('memberCount (group rows, headers, pickers)', () => {
  it.each([
    [0, '0 members'],
    [1, '1 member'],
    [2, '2 members'],
    [1204, '1,204 members'],
  ])('%d → %s', (count, want) => {
    expect(memberCount(count)).toBe(want);
  });
});
