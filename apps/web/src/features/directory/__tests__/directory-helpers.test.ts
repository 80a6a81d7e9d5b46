import { describe, expect, it } from 'vitest';
import { lastSeenText } from '@/lib/dates.ts';
import { toSearch } from '../filters.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('lastSeenText', () => {
  it.each<[string, string | null, string]>([
    ['a minute ago', ago(60_000), 'last seen just now'],
    ['minutes', ago(5 * 60_000), 'last seen 5 minutes ago'],
    ['one hour', ago(61 * 60_000), 'last seen 1 hour ago'],
    ['hours', ago(5 * 3600_000), 'last seen 5 hours ago'],
    ['one day', ago(26 * 3600_000), 'last seen 1 day ago'],
    ['days', ago(3 * 86400_000), 'last seen 3 days ago'],
    ['long ago: the date', '2026-01-05T10:00:00.000Z', 'last seen Jan 5, 2026'],
    ['never', null, 'last seen a long time ago'],
    ['garbage', 'not a date', 'last seen a long time ago'],
  ])('%s', (_name, iso, want) => {
    expect(lastSeenText(iso, now)).toBe(want);
  });
});

describe('toSearch', () => {
  it('turns class years into numbers, trims the keyword and leaves out empty filters', () => {
    expect(
      toSearch(
        { class_of: ['2025', '2026'], university: ['Stanford University'], major: [], company: undefined },
        '  climate ',
      ),
    ).toEqual({ class_of: [2025, 2026], university: ['Stanford University'], q: 'climate' });
    expect(toSearch({}, '   ')).toEqual({});
  });
});
