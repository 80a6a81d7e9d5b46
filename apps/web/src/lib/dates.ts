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
