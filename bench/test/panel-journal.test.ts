import { describe, expect, it } from 'vitest';
import { median, panelJournalRows } from '../src/panel-journal.ts';
import { verdict } from '../src/report.ts';

describe('panelJournalRows', () => {
  it('meets the targets with a fast render of a full journal, misses them when slow or short', () => {
    const good = panelJournalRows({ medianMs: 48, worstMs: 90, entries: 1000, rowsDrawn: 24 });
    expect(good.map(verdict)).toEqual(['met', 'met']);
    expect(good[1]?.note).toBe('24 of them drawn (a virtualised list)');
    const bad = panelJournalRows({ medianMs: 201, worstMs: 400, entries: 999, rowsDrawn: 999 });
    expect(bad.map(verdict)).toEqual(['missed', 'missed']);
  });
  it('says why when nothing was measured', () => {
    const rows = panelJournalRows(null, 'not measured: no Chromium');
    expect(rows.map(verdict)).toEqual(['not measured', 'not measured']);
    expect(rows[0]?.note).toBe('not measured: no Chromium');
  });
  it('takes the middle of the sorted times', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(20);
  });
});
