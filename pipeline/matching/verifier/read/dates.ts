/**
 * Dates a question is conditioned on, with their sense: a deadline ("by Mar 31", "before 2027"),
 * a day ("on Dec 31", "at the end of 2025"), a period ("in 2025", "in September 2024"), a hold
 * ("through March 2026"). Each is reduced to the last day it covers so venues that write the same
 * deadline differently ("before 2026" / "by Dec 31, 2025" / "by end of 2025") compare equal.
 * Day-less month references ("before June") take their year from the market's end date.
 */
import { lastDayOfMonth, monthNumber } from '../../../../shared/text/calendar.ts';
import type { DateCondition, DateSense } from '../types.ts';

const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const PREP = String.raw`(?:\b(by|before|prior to|no later than|on|at|as of|in|during|for|through|thru|until|till|after|at the end of|at end of|by the end of|by end of|before the end of|through the end of|until the end of|end of|eoy|in the month of)\s+(?:the\s+)?)?`;

const ISO_RE = new RegExp(String.raw`${PREP}\b(20\d\d)-(\d\d)-(\d\d)\b`, 'g');
/** 31.01.2026: a European day, month and year (dotted, always with a four-digit year). */
const DOTTED_RE = new RegExp(String.raw`${PREP}\b(\d{1,2})\.(\d{1,2})\.(20\d\d)\b`, 'g');
const SLASH_RE = new RegExp(String.raw`${PREP}\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b`, 'g');
/** "Mar 13-20", "March 13 - March 20, 2026", "Jan 31 to Feb 6": a window of days, ending on the last. */
const DAY_RANGE_RE = new RegExp(String.raw`${PREP}\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\s*(?:-|–|to|through|thru)\s*(?:${MONTH}\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s*(20\d\d))?`, 'g');
/** "the week of Dec 7", "week ending Dec 11": a seven-day window, compared by its last day like "Dec 7-13". */
const WEEK_RE = new RegExp(String.raw`\b(?:(?:in|during|for|over)\s+)?(?:the\s+)?week\s+(of|starting|beginning|ending)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s*(20\d\d))?`, 'g');
const SLASH_RANGE_RE = new RegExp(String.raw`${PREP}\b(\d{1,2})/(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b`, 'g');
const MONTH_DAY_RE = new RegExp(String.raw`${PREP}\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s*(20\d\d))?`, 'g');
const DAY_MONTH_RE = new RegExp(String.raw`${PREP}\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}(?:,?\s*(20\d\d))?\b`, 'g');
const QUARTER_RE = new RegExp(String.raw`${PREP}\bq([1-4])\s*(?:(20\d\d)\b|'(\d\d)(?!\d))`, 'g');
const HALF_RE = new RegExp(String.raw`${PREP}\b(h[12]|[12]h|first half|second half)(?:\s+of)?\s+(?:fy\s*)?(20\d\d)\b`, 'g');
/** Days named by a holiday, as month and day; Thanksgiving (the fourth Thursday of November) is worked out per year. */
const HOLIDAY_RE = new RegExp(String.raw`${PREP}\b(christmas eve|christmas(?: day)?|new year['’]?s eve|new year['’]?s day|halloween|valentine['’]?s day|independence day|thanksgiving(?: day)?)(?:,?\s*(20\d\d))?\b`, 'g');
const HOLIDAYS: Readonly<Record<string, readonly [number, number]>> = {
  'christmas eve': [12, 24], christmas: [12, 25], 'new years eve': [12, 31], 'new years day': [1, 1],
  halloween: [10, 31], 'valentines day': [2, 14], 'independence day': [7, 4],
};

function thanksgiving(y: number): number {
  const firstWeekday = new Date(Date.UTC(y, 10, 1)).getUTCDay();
  return 1 + ((4 - firstWeekday + 7) % 7) + 21;
}
const MONTH_YEAR_RE = new RegExp(String.raw`${PREP}\b${MONTH}\b(?:\s+(20\d\d))?`, 'g');
const YEAR_RE = new RegExp(String.raw`${PREP}\b(20\d\d)\b(?![-/]\d)(?!\s+(?!and\b|or\b)[a-z])`, 'g');

const pad = (n: number): string => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number): string => `${y}-${pad(m)}-${pad(d)}`;

function dayBefore(y: number, m: number, d: number): string {
  const t = new Date(Date.UTC(y, m - 1, d) - 86400000);
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

function senseOf(prep: string | undefined, fallback: DateSense): { sense: DateSense; before: boolean } {
  const p = (prep ?? '').trim();
  if (p === 'before' || p === 'prior to' || p === 'before the end of') return { sense: 'by', before: p === 'before' || p === 'prior to' };
  if (p === 'by' || p === 'no later than' || p === 'by the end of' || p === 'by end of' || p === 'eoy') return { sense: 'by', before: false };
  // A bare "end of 2026" ("Largest company end of 2026?") reads a state on the last day, like "at the end of".
  if (p === 'on' || p === 'at' || p === 'as of' || p === 'at the end of' || p === 'at end of' || p === 'end of') return { sense: 'on', before: false };
  if (p === 'in' || p === 'during' || p === 'for' || p === 'in the month of') return { sense: 'in', before: false };
  if (p === 'through' || p === 'thru' || p === 'until' || p === 'till' || p === 'through the end of' || p === 'until the end of') return { sense: 'through', before: false };
  if (p === 'after') return { sense: 'after', before: false };
  return { sense: fallback, before: false };
}

function twoDigitYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

/** Year for a month mentioned without one: the one that puts it nearest the market's end date. */
function inferYear(month: number, day: number, endDate: string | null): number | null {
  if (!endDate) return null;
  const end = Date.parse(`${endDate}T00:00:00Z`);
  const ey = Number(endDate.slice(0, 4));
  let best: number | null = null;
  let bestGap = Infinity;
  for (const y of [ey - 1, ey, ey + 1]) {
    const gap = Math.abs(Date.UTC(y, month - 1, day) - end);
    if (gap < bestGap) {
      bestGap = gap;
      best = y;
    }
  }
  return best;
}

export interface DateExtraction {
  readonly dates: DateCondition[];
  readonly years: number[];
  /** The input with every date span blanked, so numbers can be read without day numbers. */
  readonly masked: string;
}

function blank(s: string, start: number, end: number): string {
  return s.slice(0, start) + ' '.repeat(end - start) + s.slice(end);
}

/** A company's fiscal year and quarter ("Q1 FY2027", "fiscal 2026"): its own calendar, read as an edition, not as dates. */
const FISCAL_SPAN = /\b(?:q[1-4]\s+(?:of\s+)?)?(?:fy\s*'?|fiscal\s+(?:year\s+)?)(?:q[1-4]\s+)?(?:20)?\d\d(?:\s+q[1-4])?\b/g;

/** A month name, a day and an optional year ("Dec 7, 2026"; without a year, the one the market's end date implies). */
function monthDay(month: string | undefined, day: string | undefined, year: string | undefined, endDate: string | null): { y: number; mo: number; d: number } | null {
  const mo = monthNumber(month ?? '');
  const d = Number(day);
  if (!mo || d < 1 || d > 31) return null;
  const y = year ? Number(year) : inferYear(mo, d, endDate);
  return y === null ? null : { y, mo, d };
}

export function extractDates(input: string, endDate: string | null): DateExtraction {
  let text = input.toLowerCase();
  if (/\b(?:fy|fiscal)\b|\bfy\s*'?\d/.test(text)) text = text.replace(FISCAL_SPAN, (m) => ' '.repeat(m.length));
  const dates: DateCondition[] = [];
  const years = new Set<number>();
  const boundaries: [number, number][] = [];
  const push = (prep: string | undefined, fallback: DateSense, y: number, m: number, d: number | null, span: string, gran: DateCondition['granularity']): void => {
    const { sense, before } = senseOf(prep, fallback);
    const day = d ?? lastDayOfMonth(y, m);
    const end = before ? dayBefore(y, m, d ?? 1) : iso(y, m, day);
    if (before) boundaries.push([y, Number(end.slice(0, 4))]);
    // "before June 2026" ends May 31 and reads as a deadline on the month before.
    dates.push({ sense, end, granularity: before ? 'day' : gran, text: span.trim() });
  };
  const patterns: readonly [RegExp, (m: RegExpExecArray) => void][] = [
    // 2025-12-31
    [ISO_RE, (m) => {
      push(m[1], 'on', Number(m[2]), Number(m[3]), Number(m[4]), m[0], 'day');
      years.add(Number(m[2]));
    }],
    // 31.01.2026
    [DOTTED_RE, (m) => {
      const d = Number(m[2]);
      const mo = Number(m[3]);
      if (mo < 1 || mo > 12 || d < 1 || d > 31) return;
      push(m[1], 'on', Number(m[4]), mo, d, m[0], 'day');
      years.add(Number(m[4]));
    }],
    // 2/4-2/6: PredictIt's window of days
    [SLASH_RANGE_RE, (m) => {
      const mo = Number(m[4]);
      const d = Number(m[5]);
      if (mo < 1 || mo > 12 || d < 1 || d > 31 || Number(m[2]) > 12) return;
      const y = m[6] ? twoDigitYear(m[6]) : inferYear(mo, d, endDate);
      if (y === null) return;
      push(m[1], 'in', y, mo, d, m[0], 'day');
      if (m[6]) years.add(y);
    }],
    // 12/31/2025, 1/28/26, 6/5
    [SLASH_RE, (m) => {
      const mo = Number(m[2]);
      const d = Number(m[3]);
      if (mo < 1 || mo > 12 || d < 1 || d > 31) return;
      const y = m[4] ? twoDigitYear(m[4]) : inferYear(mo, d, endDate);
      if (y === null) return;
      push(m[1], 'on', y, mo, d, m[0], 'day');
      if (m[4]) years.add(y);
    }],
    // the week of Dec 7, 2026 (Dec 7-13) / week ending Dec 11
    [WEEK_RE, (m) => {
      const day = monthDay(m[2], m[3], m[4], endDate);
      if (!day) return;
      const last = new Date(Date.UTC(day.y, day.mo - 1, day.d + (m[1] === 'ending' ? 0 : 6)));
      push(undefined, 'in', last.getUTCFullYear(), last.getUTCMonth() + 1, last.getUTCDate(), m[0], 'day');
      if (m[4]) years.add(day.y);
    }],
    // Mar 13-20 / March 13 - March 20, 2026: one window, compared by its last day (a meeting's two days end on the decision)
    [DAY_RANGE_RE, (m) => {
      const first = monthNumber(m[2] ?? '');
      const mo = m[4] ? monthNumber(m[4]) : first;
      const d1 = Number(m[3]);
      const d = Number(m[5]);
      if (!first || !mo || d < 1 || d > 31 || (mo === first && d <= d1)) return;
      const y = m[6] ? Number(m[6]) : inferYear(mo, d, endDate);
      if (y === null) return;
      push(m[1], 'in', y, mo, d, m[0], 'day');
      if (m[6]) years.add(y);
    }],
    // December 31, 2025 / Dec 31st / Dec. 31 2025
    [MONTH_DAY_RE, (m) => {
      const day = monthDay(m[2], m[3], m[4], endDate);
      if (!day) return;
      push(m[1], 'on', day.y, day.mo, day.d, m[0], 'day');
      if (m[4]) years.add(day.y);
    }],
    // 31 December 2025
    [DAY_MONTH_RE, (m) => {
      const mo = monthNumber(m[3] ?? '');
      const d = Number(m[2]);
      if (!mo || d < 1 || d > 31) return;
      const y = m[4] ? Number(m[4]) : inferYear(mo, d, endDate);
      if (y === null) return;
      push(m[1], 'on', y, mo, d, m[0], 'day');
      if (m[4]) years.add(y);
    }],
    // Q4 2025
    [QUARTER_RE, (m) => {
      const y = m[3] ? Number(m[3]) : 2000 + Number(m[4]);
      const q = Number(m[2]);
      // "before Q2 2027" ends the day before the quarter starts (March 31), not before its last month.
      if (senseOf(m[1], 'in').before) push(m[1], 'by', y, (q - 1) * 3 + 1, 1, m[0], 'quarter');
      else push(m[1], 'in', y, q * 3, null, m[0], 'quarter');
      years.add(y);
    }],
    // H1 2026 / first half of 2026
    [HALF_RE, (m) => {
      const y = Number(m[3]);
      const second = /^(?:h2|2h|second half)$/.test(m[2] ?? '');
      if (senseOf(m[1], 'in').before) push(m[1], 'by', y, second ? 7 : 1, 1, m[0], 'half');
      else push(m[1], 'in', y, second ? 12 : 6, null, m[0], 'half');
      years.add(y);
    }],
    // by Christmas 2026 / on Thanksgiving / before Halloween
    [HOLIDAY_RE, (m) => {
      const name = (m[2] ?? '').replace(/['’]/g, '').replace(/ day$/, (tail) => (/^(?:christmas|thanksgiving)/.test(m[2] ?? '') ? '' : tail));
      const known = HOLIDAYS[name];
      const yearGiven = m[3] ? Number(m[3]) : null;
      const month = known ? known[0] : 11;
      const y = yearGiven ?? inferYear(month, known ? known[1] : 26, endDate);
      if (y === null) return;
      push(m[1], 'on', y, month, known ? known[1] : thanksgiving(y), m[0], 'day');
      if (yearGiven) years.add(y);
    }],
    // September 2024 / end of March / before June
    [MONTH_YEAR_RE, (m) => {
      const mo = monthNumber(m[2] ?? '');
      if (!mo) return;
      // "may" is a verb far more often than a month when no year or preposition sits with it.
      if (m[2] === 'may' && !m[3] && !m[1]) return;
      const y = m[3] ? Number(m[3]) : inferYear(mo, 15, endDate);
      if (y === null) return;
      const { before } = senseOf(m[1], 'in');
      if (before) push(m[1], 'by', y, mo, 1, m[0], 'day');
      else push(m[1], 'in', y, mo, null, m[0], 'month');
      if (m[3]) years.add(y);
    }],
    // in 2025 / before 2027 / by end of 2026 / through 2026 / eoy 2025
    [YEAR_RE, (m) => {
      const y = Number(m[2]);
      const stated = senseOf(m[1], 'in');
      // A bare "by 2027" on a market that closes as 2027 begins is "before 2027": the close says which edge is meant.
      const closesAsYearBegins = m[1]?.trim().toLowerCase() === 'by' && endDate !== null && endDate >= iso(y - 1, 12, 1) && endDate <= iso(y, 1, 7);
      const { sense, before } = closesAsYearBegins ? { sense: 'by' as const, before: true } : stated;
      // "before 2027" is about 2026: the named year is only the boundary.
      years.add(before ? y - 1 : y);
      if (!m[1]) return;
      if (before) dates.push({ sense: 'by', end: iso(y - 1, 12, 31), granularity: 'year', text: m[0].trim() });
      else dates.push({ sense, end: iso(y, 12, 31), granularity: 'year', text: m[0].trim() });
    }],
  ];
  for (const [re, handle] of patterns) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const count = dates.length;
      const yearsBefore = years.size;
      handle(m);
      if (dates.length !== count || years.size !== yearsBefore) text = blank(text, m.index, m.index + m[0].length);
    }
  }
  for (const m of text.matchAll(/\b(20\d\d)\b(?=\s+[a-z])/g)) {
    years.add(Number(m[1]));
    text = blank(text, m.index ?? 0, (m.index ?? 0) + 4);
  }
  // Bare "end of year" / "eoy": the year the market ends in.
  const eoy = /\b(?:by\s+)?(?:the\s+)?(?:end of (?:the )?year|eoy)\b/.exec(text);
  if (eoy && endDate) {
    dates.push({ sense: 'by', end: iso(Number(endDate.slice(0, 4)), 12, 31), granularity: 'year', text: eoy[0] });
    text = blank(text, eoy.index, eoy.index + eoy[0].length);
  }
  // Season spans "2025-26" / "2025-2026" name both years, and are no amount.
  for (const m of input.matchAll(/\b(20\d\d)[-–/](\d{2,4})\b/g)) {
    years.add(Number(m[1]));
    if (m[2]) years.add(twoDigitYear(m[2]));
    const at = m.index ?? 0;
    if (at + m[0].length <= text.length) text = blank(text, at, at + m[0].length);
  }
  // "before January 1, 2027" is about 2026: the boundary's year is not the question's year.
  for (const [named, actual] of boundaries) {
    if (named !== actual) {
      years.delete(named);
      years.add(actual);
    }
  }
  // "#1 on the daily chart for March 1, 2026": a single day a reading is for is that day, as "on March 1" is.
  const span = (t: string): boolean => !/^for\s+\d{4}-\d\d-\d\d$/.test(t) && /[–—]|\bto\b|\bthrough\b|\d\s*-\s*\d/.test(t);
  const onTheDay = dates.map((d) => (d.sense === 'in' && d.granularity === 'day' && /^for\s/.test(d.text) && !span(d.text) ? { ...d, sense: 'on' as const } : d));
  return { dates: onTheDay, years: [...years].sort(), masked: text };
}
