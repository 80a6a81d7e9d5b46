import { describe, expect, it } from 'vitest';
import { chatTime } from '../dates.ts';

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
