/**
 * `new Date(ms).toISOString()` for whole milliseconds in the years 0–9999, worked out with integer
 * arithmetic (days to a civil date as in Howard Hinnant's `civil_from_days`). The seed writes four
 * timestamps per user: at 100,000 users Date's own formatting was a tenth of the seed.
 * Anything else (a fraction of a millisecond, another year) is formatted by Date.
 */
const DAY_MS = 86_400_000;
const MIN_MS = -62_167_219_200_000; // 0000-01-01T00:00:00.000Z
const MAX_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

/** The character code of a digit. */
const ZERO = 48;
/** `tens(n)`, `ones(n)`: the codes of the two digits of `n` (0–99). */
const tens = (n: number) => ZERO + Math.floor(n / 10);
const ones = (n: number) => ZERO + (n % 10);

export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < MIN_MS || ms > MAX_MS) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  // Days since 1970-01-01 to year, month, day (eras of 400 years, years starting in March).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const century = Math.floor(year / 100);
  // One flat string made from the character codes. A template literal made a chain of a dozen
  // joined pieces per timestamp: twice the time to make, and again to write out as JSON.
  // biome-ignore format: each line is one part of the timestamp
  return String.fromCharCode(
    tens(century), ones(century), tens(year % 100), ones(year % 100), 45, // YYYY-
    tens(month), ones(month), 45, tens(day), ones(day), 84, // MM-DDT
    tens(hours), ones(hours), 58, tens(minutes), ones(minutes), 58, tens(seconds), ones(seconds), 46, // HH:MM:SS.
    ZERO + Math.floor(millis / 100), tens(millis % 100), ones(millis % 100), 90, // mmmZ
  );
}
