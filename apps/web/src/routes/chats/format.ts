import { formatDate, parseDate } from '../../lib/dates.ts';

/** Chat-list and bubble times: the clock today, the weekday this week, else the date. */
export function chatTime(iso: string | undefined, now: Date = new Date()): string {
  const time = parseDate(iso);
  if (!time) return '';
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (time.getTime() >= startOfToday) return time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (time.getTime() >= startOfToday - 6 * 86400e3) return time.toLocaleDateString([], { weekday: 'short' });
  return time.toLocaleDateString([], { day: 'numeric', month: 'short', year: '2-digit' });
}

/** The clock time of a message, for its bubble. */
export const clock = (iso: string) => formatDate(iso, { hour: '2-digit', minute: '2-digit' });

/** Two-letter initials for an avatar without a photo. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return ((words[0]?.[0] ?? '?') + (words[1]?.[0] ?? '')).toUpperCase();
}

/** Case- and space-insensitive "contains", the picker's filter rule. */
export function matches(text: string, query: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return norm(text).includes(norm(query));
}
