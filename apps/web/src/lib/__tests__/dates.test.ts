import { describe, expect, it } from 'vitest';
import { chatTime, dayKey, dayLabel, timeAgo } from '../dates.ts';

describe('chatTime (the chat list)', () => {
  const now = new Date(2026, 10, 24, 15, 0);
  it.each([
    ['earlier this year: day and month, no cryptic two-digit year', new Date(2026, 10, 16, 9, 0), 'Nov 16'],
    ['an earlier year: the full year', new Date(2025, 10, 16, 9, 0), 'Nov 16, 2025'],
    ['this week: the weekday', new Date(2026, 10, 21, 9, 0), 'Sat'],
  ])('%s', (_name, date, want) => {
    expect(chatTime(date.toISOString(), now)).toBe(want);
  });
});

describe("dayLabel (the chat's day separators)", () => {
  const now = new Date(2026, 10, 24, 15, 0);
  it.each([
    ['today', new Date(2026, 10, 24, 0, 5), 'Today'],
    ['yesterday, late', new Date(2026, 10, 23, 23, 59), 'Yesterday'],
    ['earlier this year: weekday and date', new Date(2026, 10, 16, 9, 0), 'Monday, Nov 16'],
    ['an earlier year: the full date', new Date(2025, 10, 16, 9, 0), 'Nov 16, 2025'],
  ])('%s', (_name, date, want) => {
    expect(dayLabel(date.toISOString(), now)).toBe(want);
  });

  it('two times on one local day share a key; the next day does not; an unparsable time has none', () => {
    expect(dayKey(new Date(2026, 10, 24, 0, 1).toISOString())).toBe(
      dayKey(new Date(2026, 10, 24, 23, 59).toISOString()),
    );
    expect(dayKey(new Date(2026, 10, 25, 0, 0).toISOString())).not.toBe(
      dayKey(new Date(2026, 10, 24, 23, 59).toISOString()),
    );
    expect(dayKey('not a date')).toBe('');
  });
});

describe('timeAgo (posts and stories)', () => {
  const now = new Date(2026, 10, 24, 15, 0, 0);
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    ['seconds ago', before(59_000), 'just now'],
    ['a little in the future (clock skew)', before(-30_000), 'just now'],
    ['one minute', before(60_000), '1m'],
    ['59 minutes', before(59 * 60_000 + 59_000), '59m'],
    ['one hour', before(3_600_000), '1h'],
    ['23 hours', before(23 * 3_600_000 + 59 * 60_000), '23h'],
    ['one day', before(86_400_000), '1d'],
    ['six days', before(6 * 86_400_000 + 3_600_000), '6d'],
    ['a week: the date', new Date(2026, 10, 17, 9, 0).toISOString(), 'Nov 17'],
    ['an earlier year: the full date', new Date(2025, 10, 16, 9, 0).toISOString(), 'Nov 16, 2025'],
    ['unparsable', 'yesterday', ''],
    ['missing', null, ''],
  ])('%s', (_name, iso, want) => {
    expect(timeAgo(iso, now)).toBe(want);
  });
});
