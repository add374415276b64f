/** Markets without an end date read again with their partner's year, so "Feb. 4" still dates them. */
import { extractProposition } from '../read/proposition.ts';
import type { Proposition } from '../types.ts';
import { referenceDay } from '../referenceDay.ts';

/** A month name or a m/d date: something a year could be inferred for. */
const YEARLESS_DATE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}\/\d{1,2}\b/i;
const ANCHORED = new WeakMap<Proposition, Map<string, Proposition>>();

/**
 * PredictIt lists many markets without an end date, so "on Feb. 4" or "2/4-2/6" has no year to
 * read. Read such a market again with the partner's year so its dates still count; the end date
 * itself stays unknown.
 */
/**
 * Neither market has an end date or a year, and both name a day ("by September 1" / "by April 1", PredictIt and
 * Polymarket in 2021): whatever the year, it is one year for both, so both are read in the same one and their days
 * compared. Without this the two days went unread and two deadlines linked.
 */
const bothUnplaced = (p: Proposition, other: Proposition): boolean =>
  p.endDate === null && other.endDate === null && other.eventDay === null && p.years.length === 0 && other.years.length === 0 && YEARLESS_DATE.test(other.text);

export function anchoredTo(p: Proposition, other: Proposition): Proposition {
  // A game dated only by its ticker ("KXNBAGAME-26JAN10…") lends that day's year the same way.
  const anchor = other.endDate ?? other.eventDay ?? (bothUnplaced(p, other) ? `${referenceDay().slice(0, 4)}-07-01` : null);
  if (p.endDate !== null || anchor === null || p.dates.length > 0 || !YEARLESS_DATE.test(p.text)) return p;
  let byEnd = ANCHORED.get(p);
  if (!byEnd) ANCHORED.set(p, (byEnd = new Map()));
  let q = byEnd.get(anchor);
  if (!q) {
    const read = extractProposition({ ...p.source, end_date: anchor });
    // A game's yearless day ("Celtics vs Spurs — Jan 10") read with the partner's year is the game's day.
    const day = read.game && read.eventDay === null && other.endDate === null ? read.dates.find((d) => d.sense === 'on' && d.granularity === 'day') : undefined;
    q = day ? { ...read, endDate: null, eventDay: day.end, years: [Number(day.end.slice(0, 4))], source: p.source } : { ...read, endDate: null, source: p.source };
    if (byEnd.size > 64) byEnd.clear();
    byEnd.set(anchor, q);
  }
  return q;
}
