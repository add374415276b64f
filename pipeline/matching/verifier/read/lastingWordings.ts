/**
 * Wordings of time that a title states relative to something else: an absence that still lasts on a day ("still not
 * listed on April 1"), read as the event's plain negation; a window counted from when the market opened ("within
 * the next 30 days"), read as the deadline its end date marks; and a milestone written as an amount before a
 * deadline ("500M subscribers before July 1"), read as reached by then.
 */
import type { DateCondition, NumericCondition } from '../types.ts';

/** "Still not listed", "still NOT have released", "still have no IPO", "still be unreleased", "still tokenless". */
export const STILL_ABSENT = /\bstill\s+(?:(?:be|is|are|have|has)\s+)?(?:not|no|un[a-z]+ed|(?!(?:un|regard|neverthe)less\b)[a-z]+less)\b/i;

/** The same absence written with a plain "not", which the event words and polarity read. */
export function stillAbsentAsNot(text: string): string {
  return text
    .replace(/\bstill\s+(?:be\s+|is\s+|are\s+)?un([a-z]+ed)\b/gi, 'not $1')
    .replace(/\bstill\s+(?:have|has)\s+no\b/gi, 'not have a')
    .replace(/\bstill\s+(?:be\s+|is\s+|are\s+)?(?!(?:un|regard|neverthe)less\b)([a-z]+)less\b/gi, 'not have a $1')
    .replace(/\bstill\s+(?:(?:have|has)\s+)?(?=not\b)/gi, '');
}

const WITHIN_NEXT = /\bwithin the next \d+ (?:days?|weeks?|months?)\b|\bwithin \d+ (?:days?|weeks?|months?)\b|\bin the next \d+ (?:days?|weeks?|months?)\b/i;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "Within the next 30 days" counts from when the market opened, which the market's end date marks: it is the
 * deadline of that end date ("by December 28, 2026"), not a count of 30. Without an end date it is left as written.
 */
export function withinNextAsDeadline(text: string, endDate: string | null): string {
  if (endDate === null || !WITHIN_NEXT.test(text)) return text;
  const day = `${MONTH_NAMES[Number(endDate.slice(5, 7)) - 1] ?? ''} ${Number(endDate.slice(8, 10))}, ${endDate.slice(0, 4)}`;
  return text.replace(WITHIN_NEXT, `by ${day}`);
}

/** An amount written with its multiplier or in thousands ("500M", "30K", "$250B", "100,000"): a level, never a term such as "30-year". */
const WITH_MULTIPLIER = /\d\s?(?:k|m|b|bn|t|thousand|million|billion|trillion)$|^\$?\d{1,3}(?:,\d{3})+$/i;

/**
 * "MrBeast 500M YouTube subscribers before July 1", "NDX 30K by EOY", "a $250B market cap at any point before 2027":
 * an amount stated with no direction in a question with a deadline is a milestone reached by then, as "reach 500
 * million" is.
 */
export function milestonesByDeadline(numbers: readonly NumericCondition[], dates: readonly DateCondition[]): readonly NumericCondition[] {
  if (numbers.length === 0 || !dates.some((d) => d.sense === 'by')) return numbers;
  return numbers.map((n) => (n.comparator === 'eq' && WITH_MULTIPLIER.test(n.text) ? { ...n, comparator: 'gt', bare: false, cumulative: true } : n));
}
