/**
 * US holidays named with their year ("on Memorial Day 2027", "by Thanksgiving 2027") are the days they fall on, so a
 * market dated by a holiday meets one dated by the day ("on May 31, 2027"). Only with a year: a holiday alone names no
 * day. Fixed days and the rules that place the others (the last Monday of May, the fourth Thursday of November).
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The day of month of the n-th given weekday (0 Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return 1 + ((weekday - first + 7) % 7) + 7 * (n - 1);
  }
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month, lastDay)).getUTCDay();
  return lastDay - ((last - weekday + 7) % 7);
}

type Rule = (year: number) => readonly [month: number, day: number];

const fixed = (month: number, day: number): Rule => () => [month, day];
const nth = (month: number, weekday: number, n: number): Rule => (y) => [month, nthWeekday(y, month, weekday, n)];

/** Each holiday's spellings, and where it falls. */
const HOLIDAYS: readonly (readonly [string, Rule])[] = [
  [String.raw`new year'?s day`, fixed(0, 1)],
  [String.raw`new year'?s eve`, fixed(11, 31)],
  [String.raw`(?:mlk|martin luther king(?:,? jr\.?)?) day`, nth(0, 1, 3)],
  [String.raw`presidents'? day`, nth(1, 1, 3)],
  [String.raw`valentine'?s day`, fixed(1, 14)],
  [String.raw`memorial day`, nth(4, 1, -1)],
  [String.raw`juneteenth`, fixed(5, 19)],
  [String.raw`independence day|the fourth of july|(?:the )?july 4th`, fixed(6, 4)],
  [String.raw`labor day`, nth(8, 1, 1)],
  [String.raw`halloween`, fixed(9, 31)],
  [String.raw`veterans day`, fixed(10, 11)],
  [String.raw`thanksgiving(?: day)?`, nth(10, 4, 4)],
  [String.raw`christmas eve`, fixed(11, 24)],
  [String.raw`christmas(?: day)?`, fixed(11, 25)],
];

const PATTERNS = HOLIDAYS.map(([names, rule]) => [new RegExp(String.raw`\b(?:${names}),?\s+(20\d\d)\b`, 'gi'), rule] as const);
const ANY = new RegExp(String.raw`\b(?:${HOLIDAYS.map(([n]) => n).join('|')}),?\s+20\d\d\b`, 'i');

/** The text with every "<holiday> <year>" written as its day ("May 31, 2027"). */
export function holidaysAsDays(text: string): string {
  if (!ANY.test(text)) return text;
  let out = text;
  for (const [re, rule] of PATTERNS) {
    out = out.replace(re, (_m, year: string) => {
      const [month, day] = rule(Number(year));
      return `${MONTHS[month] ?? ''} ${day}, ${year}`;
    });
  }
  return out;
}
