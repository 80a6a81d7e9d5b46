/**
 * Dates from the server, formatted without ever throwing. A timestamp can be valid for the
 * contract yet not parse in JavaScript (a leap second, `…T23:59:60Z`), and `Intl` throws a
 * RangeError on an invalid Date: every screen formats through here and shows `fallback` instead.
 */
export function parseDate(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  let time = Date.parse(iso);
  // A leap second is real (RFC 3339) but JavaScript has none: read it as the second before.
  if (Number.isNaN(time)) time = Date.parse(iso.replace(/:60(?=(\.\d+)?(Z|[+-]\d{2}:\d{2})$)/i, ':59'));
  return Number.isNaN(time) ? undefined : new Date(time);
}

export function formatDate(
  iso: string | null | undefined,
  format: Intl.DateTimeFormat | Intl.DateTimeFormatOptions,
  fallback = '',
): string {
  const date = parseDate(iso);
  if (!date) return fallback;
  try {
    return (format instanceof Intl.DateTimeFormat ? format : new Intl.DateTimeFormat(undefined, format)).format(date);
  } catch {
    return fallback;
  }
}

/** Chat-list times: the clock today, the weekday this week, else the date; '' when unknown. */
export function chatTime(iso: string | null | undefined, now: Date = new Date()): string {
  const time = parseDate(iso);
  if (!time) return '';
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (time.getTime() >= startOfToday) return formatDate(iso, { hour: '2-digit', minute: '2-digit' });
  if (time.getTime() >= startOfToday - 6 * 86400e3) return formatDate(iso, { weekday: 'short' });
  // 'Nov 16' this year, 'Nov 16, 2025' before ('Nov 16, 26' read like a day and a year).
  if (time.getFullYear() === now.getFullYear()) return formatDate(iso, { day: 'numeric', month: 'short' });
  return formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The clock time of a message, for its bubble; '' when unknown. */
export const clock = (iso: string | null | undefined) => formatDate(iso, { hour: '2-digit', minute: '2-digit' });

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Nov 22, 2026', or `fallback` when the date does not parse. */
export function shortDate(iso: string | null | undefined, fallback = ''): string {
  return formatDate(iso, SHORT_DATE, fallback);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'last seen just now', '… 5 minutes ago', '… 3 days ago', or the date for older ones. */
export function lastSeenText(iso: string | null | undefined, now: Date = new Date()): string {
  const at = parseDate(iso);
  if (!at) return 'last seen a long time ago';
  const ago = now.getTime() - at.getTime();
  if (ago < 2 * MINUTE) return 'last seen just now';
  if (ago < HOUR) return `last seen ${Math.floor(ago / MINUTE)} minutes ago`;
  if (ago < DAY) {
    const hours = Math.floor(ago / HOUR);
    return `last seen ${hours} hour${hours === 1 ? '' : 's'} ago`;
  }
  if (ago < 30 * DAY) {
    const days = Math.floor(ago / DAY);
    return `last seen ${days} day${days === 1 ? '' : 's'} ago`;
  }
  return `last seen ${shortDate(iso)}`;
}

/** The local calendar day of a time ('' when unknown), to tell where a new day starts in a chat. */
export function dayKey(iso: string | null | undefined): string {
  const time = parseDate(iso);
  return time ? `${time.getFullYear()}-${time.getMonth()}-${time.getDate()}` : '';
}

/** A chat's day separator: 'Today', 'Yesterday', 'Monday, Nov 16' (this year) or 'Nov 16, 2025'. */
export function dayLabel(iso: string | null | undefined, now: Date = new Date()): string {
  const time = parseDate(iso);
  if (!time) return '';
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'Today';
  if (key === dayKey(new Date(now.getTime() - DAY).toISOString())) return 'Yesterday';
  if (time.getFullYear() === now.getFullYear()) {
    return formatDate(iso, { weekday: 'long', day: 'numeric', month: 'short' });
  }
  return formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * A post's or story's age: 'just now', '5m', '3h', '2d', then the date ('Nov 16', 'Nov 16, 2025');
 * a time a little in the future (clock skew) is 'just now'; '' when unknown.
 */
export function timeAgo(iso: string | null | undefined, now: Date = new Date()): string {
  const at = parseDate(iso);
  if (!at) return '';
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}d`;
  if (at.getFullYear() === now.getFullYear()) return formatDate(iso, { day: 'numeric', month: 'short' });
  return formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });
}
