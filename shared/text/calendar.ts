/** Month names and their abbreviations as titles and symbols write them. */
export const MONTHS: readonly (readonly [string, readonly string[]])[] = [
  ['January', ['jan', 'jan.']], ['February', ['feb', 'feb.']], ['March', ['mar', 'mar.']], ['April', ['apr', 'apr.']],
  ['May', []], ['June', ['jun', 'jun.']], ['July', ['jul', 'jul.']], ['August', ['aug', 'aug.']],
  ['September', ['sep', 'sept', 'sep.', 'sept.']], ['October', ['oct', 'oct.']], ['November', ['nov', 'nov.']],
  ['December', ['dec', 'dec.']],
];

const MONTH_INDEX = new Map<string, number>();
MONTHS.forEach(([name, abbr], i) => {
  MONTH_INDEX.set(name.toLowerCase(), i + 1);
  for (const a of abbr) MONTH_INDEX.set(a.replace('.', ''), i + 1);
});

/** 1-12 for a month word ("Sept", "december", "DEC"), else null. */
export function monthNumber(word: string): number | null {
  return MONTH_INDEX.get(word.toLowerCase().replace(/\.$/, '')) ?? null;
}

export function monthName(month: number): string {
  return MONTHS[month - 1]?.[0] ?? '';
}

/** Last day of a month (month 1-12), leap years included. */
export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
