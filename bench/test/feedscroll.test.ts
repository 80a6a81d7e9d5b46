import { describe, expect, it } from 'vitest';
import { feedScrollRows } from '../src/feedscroll.ts';
import { verdict } from '../src/report.ts';

describe('feedScrollRows', () => {
  it('meets the targets with few nodes over 1,000 posts, misses them with many or too few posts', () => {
    const good = feedScrollRows({ maxNodes: 11, postsSeen: 1022, steps: 166, seconds: 14.4 });
    expect(good.map(verdict)).toEqual(['met', 'met']);
    const bad = feedScrollRows({ maxNodes: 60, postsSeen: 999, steps: 10, seconds: 1 });
    expect(bad.map(verdict)).toEqual(['missed', 'missed']);
  });
  it('says why when nothing was measured', () => {
    const rows = feedScrollRows(null, 'not measured: no Chromium');
    expect(rows.map(verdict)).toEqual(['not measured', 'not measured']);
    expect(rows[0]?.note).toBe('not measured: no Chromium');
  });
});
