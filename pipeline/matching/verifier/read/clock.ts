/**
 * Clock times in titles: "at 12pm ET", "5:00 PM EDT", "17:00 UTC", "noon ET". A level read on one
 * day at two different instants is two questions, and a day read at one instant is not the same
 * question as that day read at another, so the instant is part of the proposition. Times are turned
 * into minutes after midnight UTC so "12:00 PM ET" and "17:00 UTC" (in winter) meet.
 */

export interface ClockTime {
  /** Minutes after midnight UTC (0-1439). */
  readonly minutesUtc: number;
  /** Minutes after midnight on the venue's clock, as written. */
  readonly minutesLocal: number;
  readonly text: string;
  /**
   * The day in UTC against the day written: 9 pm EST on Dec 22 is 02:00 UTC on Dec 23 (+1), 00:30 CET on
   * Jan 1 is 23:30 UTC on Dec 31 (-1). Two titles that state their instant in two zones name two days.
   */
  readonly utcDayShift: number;
  /** A window's length in minutes ("3:00-4:00 PM": 60); absent for an instant. */
  readonly spanMinutes?: number;
}

/** Offsets from UTC in hours; the US zones follow daylight saving on the date read. */
const ZONES: Readonly<Record<string, number | 'et' | 'ct' | 'mt' | 'pt'>> = {
  utc: 0, gmt: 0, z: 0, et: 'et', est: 'et', edt: 'et', ct: 'ct', cst: 'ct', cdt: 'ct', mt: 'mt', mst: 'mt', mdt: 'mt',
  pt: 'pt', pst: 'pt', pdt: 'pt', bst: 1, cet: 1, cest: 2, jst: 9, kst: 9, ist: 5.5, aest: 10,
};
const US_STANDARD: Readonly<Record<string, number>> = { et: -5, ct: -6, mt: -7, pt: -8 };

const ZONE = String.raw`(?:\s*\(?\b(utc|gmt|z|et|est|edt|ct|cst|cdt|mt|mst|mdt|pt|pst|pdt|bst|cet|cest|jst|kst|ist|aest)\b\)?)?`;
const AMPM = new RegExp(String.raw`\b(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![a-z])${ZONE}`, 'gi');
const H24 = new RegExp(String.raw`\b(?:at\s+)?([01]?\d|2[0-3]):([0-5]\d)(?!\s*(?:a\.?m|p\.?m))(?![\d:])${ZONE}`, 'gi');
/** An hour's window, "3:00-4:00 PM ET", "20:00–21:00 UTC", "10AM-11AM": the market is known by the hour it starts. */
const RANGE = new RegExp(String.raw`\b(?:from\s+)?(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?\s*(?:–|—|-|to)\s*(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?![a-z\d])${ZONE}`, 'gi');
const NAMED = new RegExp(String.raw`\b(?:at\s+)?(noon|midday|midnight)${ZONE}`, 'gi');

/** Second Sunday of March to the first Sunday of November, the US rule since 2007. */
function usDaylight(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const sunday = (month: number, nth: number): number => {
    const first = new Date(Date.UTC(y, month - 1, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + 7 * (nth - 1);
  };
  if (m < 3 || m > 11) return false;
  if (m > 3 && m < 11) return true;
  return m === 3 ? d >= sunday(3, 2) : d < sunday(11, 1);
}

function offsetHours(zone: string | undefined, date: string | null): number {
  // A US venue's clock without a zone is Eastern: Kalshi and Polymarket both state times that way.
  const z = ZONES[(zone ?? 'et').toLowerCase()] ?? 'et';
  if (typeof z === 'number') return z;
  const standard = US_STANDARD[z] ?? -5;
  return date && usDaylight(date) ? standard + 1 : standard;
}

export interface ClockReading {
  readonly clock: ClockTime | null;
  /** The text with the clock time blanked, so its digits are not read as a level or a day. */
  readonly rest: string;
}

function blank(s: string, at: number, len: number): string {
  return s.slice(0, at) + ' '.repeat(len) + s.slice(at + len);
}

/** The first clock time of the text, read on `date` (YYYY-MM-DD, for daylight saving) when known. */
export function readClock(text: string, date: string | null): ClockReading {
  if (!/\d\s*(?:a\.?m|p\.?m)|\d:\d\d|noon|midday|midnight/i.test(text)) return { clock: null, rest: text };
  let rest = text;
  let clock: ClockTime | null = null;
  const take = (m: RegExpExecArray, hours: number, minutes: number, zone: string | undefined, spanMinutes?: number): void => {
    rest = blank(rest, m.index, m[0].length);
    if (clock) return;
    const local = (hours % 24) * 60 + minutes;
    const shifted = local - offsetHours(zone, date) * 60;
    const utc = ((shifted % 1440) + 1440) % 1440;
    clock = { minutesUtc: utc, minutesLocal: local, utcDayShift: Math.floor(shifted / 1440), text: m[0].trim(), ...(spanMinutes === undefined ? {} : { spanMinutes }) };
  };
  for (const m of text.matchAll(RANGE)) {
    const [, h1, m1, ap1, h2, m2, ap2, zone] = m;
    // Only a window written as clock times: "2-3" alone is a count or a score.
    if (!(m1 || m2 || ap1 || ap2)) continue;
    const end = Number(h2);
    const endPm = ap2 ? /^p/i.test(ap2) : null;
    const end24 = endPm === null ? end : (end % 12) + (endPm ? 12 : 0);
    let start = Number(h1);
    if (ap1) start = (start % 12) + (/^p/i.test(ap1) ? 12 : 0);
    else if (endPm !== null) {
      start = (start % 12) + (endPm ? 12 : 0);
      if (start > end24) start -= 12; // "11-12 PM" starts at 11 AM
    }
    if (start < 0 || start > 23 || end24 > 24) continue;
    const span = end24 * 60 + Number(m2 ?? 0) - (start * 60 + Number(m1 ?? 0));
    take(m as RegExpExecArray, start, Number(m1 ?? 0), zone, span > 0 ? span : span + 1440);
  }
  for (const m of rest.matchAll(AMPM)) {
    const h = Number(m[1]);
    if (h < 1 || h > 12) continue;
    const pm = /^p/i.test(m[3] ?? '');
    take(m as RegExpExecArray, (h % 12) + (pm ? 12 : 0), Number(m[2] ?? 0), m[4]);
  }
  for (const m of rest.matchAll(H24)) take(m as RegExpExecArray, Number(m[1]), Number(m[2]), m[3]);
  for (const m of rest.matchAll(NAMED)) take(m as RegExpExecArray, /midnight/i.test(m[1] ?? '') ? 0 : 12, 0, m[2]);
  return { clock, rest };
}

/** 11:59 PM, midnight: the end of the day, which is what a date without a time means anyway. */
export function isEndOfDay(c: ClockTime): boolean {
  return c.minutesLocal >= 23 * 60 + 59 || c.minutesLocal === 0;
}
