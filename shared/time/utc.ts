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

/** Days before the first of each month (1-12) in a common year. */
const DAYS_BEFORE_MONTH = [0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/** The value of the 0-9 digit at `i`, or -1000 (which makes any sum it enters negative) for another character. */
function digit(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1000;
}

/**
 * `Date.parse(text)`, exactly, computed directly for the form `toISOString` writes (`2026-03-01T12:00:00.000Z`,
 * years 0000-9999): the form every event of the streams carries its times in, several per message, where
 * Date.parse costs ~250 ns. Anything else (another form, an offset, a day the month does not have, hour 24, a leap second) is
 * handed to Date.parse, so the answer never differs from it (shared/time/utc.test.ts compares both).
 */
export function parseDate(text: string): number {
  if (
    text.length !== 24 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 || // T
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(19) !== 46 || // .
    text.charCodeAt(23) !== 90 // Z
  ) {
    return Date.parse(text);
  }
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  const month = digit(text, 5) * 10 + digit(text, 6);
  const day = digit(text, 8) * 10 + digit(text, 9);
  const hour = digit(text, 11) * 10 + digit(text, 12);
  const minute = digit(text, 14) * 10 + digit(text, 15);
  const second = digit(text, 17) * 10 + digit(text, 18);
  const ms = digit(text, 20) * 100 + digit(text, 21) * 10 + digit(text, 22);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || ms < 0) {
    return Date.parse(text);
  }
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > 28 && day > (DAYS_BEFORE_MONTH[month + 1] ?? 365) - (DAYS_BEFORE_MONTH[month] as number) + (leap && month === 2 ? 1 : 0)) return Date.parse(text);
  // Days from 1970-01-01 to the first of the year (proleptic Gregorian), then into the year.
  const y = year - 1;
  const leapDaysBefore = Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 477; // 477: leap days of years 1-1969
  const days = (year - 1970) * 365 + leapDaysBefore + (DAYS_BEFORE_MONTH[month] as number) + (leap && month > 2 ? 1 : 0) + day - 1;
  return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + ms;
}
