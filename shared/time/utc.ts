/**
 * Milliseconds since the epoch of a UTC calendar instant. Unlike Date.UTC, a year from 0 to 99 means
 * that year, not 1900 + year; month is 0-based and, like the other fields, may overflow into the next
 * unit (day 32 of January is 1 February).
 */
export function utcMs(year: number, month: number, day = 1, hour = 0, minute = 0, second = 0, ms = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

/** Days in a month (month 1-12) of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month, 0)).getUTCDate();
}

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A strict ISO 8601 date (`2026-03-01`) or date-time (`2026-03-01T12:00:00Z`, offsets allowed) as
 * epoch milliseconds, or null. Unlike Date.parse it refuses days a month does not have (2026-02-30)
 * and reads a date-time without an offset as UTC, never as the server's local time.
 */
export function parseIsoInstant(text: string): number | null {
  const m = ISO_RE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
    if (!z || Number(z[2]) > 23 || Number(z[3]) > 59) return null;
    offsetMinutes = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]));
  }
  const millis = Number(frac.padEnd(3, '0').slice(0, 3) || '0');
  return utcMs(year, month - 1, day, Number(h), Number(mi), Number(s), millis) - offsetMinutes * 60_000;
}
