/**
 * Wordings of time that a title states relative to something else: an absence that still lasts on a day ("still not
 * listed on April 1"), read as the event's plain negation, and a window counted from when the market opened ("within
 * the next 30 days"), read as the deadline its end date marks.
 */

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
