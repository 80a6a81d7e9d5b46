import { formatDate, parseDate } from '../../lib/dates.ts';

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'last seen just now', '… 5 minutes ago', '… 3 days ago', or the date for older ones. */
export function lastSeenText(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return 'last seen a long time ago';
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

export function shortDate(iso: string): string {
  return formatDate(iso, SHORT_DATE);
}
