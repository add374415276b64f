/**
 * Date and year agreement. A title's own date or deadline must agree in day and in sense;
 * the venues' end dates are only resolution timing and may differ by some days, so they are used
 * when a title says nothing, never to overrule what a title says.
 */
import type { DateCondition, DateSense, Proposition } from './types.ts';

/** How far apart two venues' end dates may be for the same question (resolution lag). */
export const END_DATE_SLACK_DAYS = 10;
/** How far apart end dates may be when neither title names a date or a year. */
export const UNDATED_SLACK_DAYS = 45;

const dayMs = 86400000;
const daysBetween = (x: string, y: string): number => Math.round(Math.abs(Date.parse(`${x}T00:00:00Z`) - Date.parse(`${y}T00:00:00Z`)) / dayMs);

/** "through" a date holds until it as "by" does; "after the September meeting" lives in September. */
function normalSense(d: DateCondition): DateSense {
  if (d.sense === 'through') return 'by';
  if (d.sense === 'after') return 'in';
  // A whole year "in 2025" ends when "by the end of 2025" does: venues phrase the same deadline both ways.
  if (d.sense === 'in' && d.granularity === 'year') return 'by';
  return d.sense;
}

/** The condition that decides resolution: the latest one named. */
function primary(dates: readonly DateCondition[]): DateCondition | null {
  let best: DateCondition | null = null;
  for (const d of dates) if (!best || d.end > best.end) best = d;
  return best;
}

export function compareDates(a: Proposition, b: Proposition): string[] {
  const da = primary(a.dates);
  const db = primary(b.dates);
  if (da && db) {
    const sa = normalSense(da);
    const sb = normalSense(db);
    if (sa !== sb) return [`date sense differs: ${sa} ${da.text} vs ${sb} ${db.text}`];
    if (da.end !== db.end) {
      const what = sa === 'by' ? 'deadline' : sa === 'on' ? 'date' : 'period';
      return [`${what} differs: ${da.end} vs ${db.end}`];
    }
    return [];
  }
  const stated = da ?? db;
  const other = da ? b : a;
  if (stated && other.endDate) {
    const gap = daysBetween(stated.end, other.endDate);
    // A deadline far from when the other market closes means the other asks about another window.
    if (gap > END_DATE_SLACK_DAYS && !(stated.granularity === 'year' && other.endDate.slice(0, 4) === stated.end.slice(0, 4))) {
      return [`deadline differs: ${stated.text} (${stated.end}) vs other market ends ${other.endDate}`];
    }
    return [];
  }
  if (!stated && a.endDate && b.endDate && a.years.length === 0 && b.years.length === 0 && a.editions.length === 0 && b.editions.length === 0) {
    const gap = daysBetween(a.endDate, b.endDate);
    if (gap > UNDATED_SLACK_DAYS) return [`end dates differ by ${gap} days: ${a.endDate} vs ${b.endDate}`];
  }
  return [];
}

function yearFromEnd(p: Proposition): number | null {
  return p.endDate ? Number(p.endDate.slice(0, 4)) : null;
}

export function compareYears(a: Proposition, b: Proposition): string[] {
  if (a.years.length > 0 && b.years.length > 0) {
    if (a.years.some((y) => b.years.includes(y))) return [];
    return [`year differs: ${a.years.join('/')} vs ${b.years.join('/')}`];
  }
  const withYears = a.years.length > 0 ? a : b.years.length > 0 ? b : null;
  if (!withYears) return [];
  const other = withYears === a ? b : a;
  const endYear = yearFromEnd(other);
  if (endYear === null) return [];
  const lo = Math.min(...withYears.years);
  const hi = Math.max(...withYears.years);
  // A 2024 election resolves in early 2025; a market closing before the named year asks about another one.
  if (endYear < lo || endYear > hi + 1) return [`year differs: ${withYears.years.join('/')} vs other market ends ${other.endDate}`];
  return [];
}
