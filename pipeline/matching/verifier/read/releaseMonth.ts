/**
 * A monthly statistic is published the month after the month it measures: the CPI, PPI, PCE, payrolls, unemployment
 * and retail-sales figures for November come out in December. Venues name either month ("CPI in Nov 2026", "the CPI
 * report released in December 2026", "the December 10, 2026 CPI report"), so a release month is rewritten as the
 * month it reports on before dates are read, and a release month given beside the reference month ("Jan 2027 CPI
 * (out in Feb 2027)") is dropped as the restatement it is.
 */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;

/** Statistics published monthly, for the month before. */
const MONTHLY_STAT = /\b(?:cpi|inflation|ppi|pce|payrolls?|nfp|jobs? (?:report|numbers?|added)|unemployment|jobless rate|retail sales)\b/i;

/** "released in December 2026", "released January 8, 2027", "reported in Dec 2026", "the CPI report out in December 2026". */
const RELEASED_IN = new RegExp(String.raw`\b(?:(?:data|print|figures?|numbers?)\s+)?(?:released|reported|published|out)\s+(?:in\s+|on\s+)?${MONTH}(?:\s+\d{1,2}(?:st|nd|rd|th)?)?,?\s+(20\d\d)\b`, 'gi');
/** "the December 10, 2026 CPI report", "the Dec 10 jobs report" (its year then the end date's, left unsaid). */
const DATED_REPORT = new RegExp(String.raw`\b(?:in\s+)?the\s+${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?,?(?:\s+(20\d\d))?\s+((?:core\s+)?(?:cpi|ppi|pce|jobs|payrolls|employment|retail sales))\s+report\b`, 'gi');
/** "(out in Feb 2027)", "(released Feb 11, 2027)" beside a reference month. */
const RELEASE_ASIDE = new RegExp(String.raw`\s*\((?:out|released|published|reported)\s+(?:in\s+|on\s+)?${MONTH}(?:\s+\d{1,2})?,?\s+20\d\d\)`, 'gi');

function monthBefore(word: string, year: string | undefined): string {
  const i = MONTHS.findIndex((m) => m.startsWith(word.toLowerCase().slice(0, 3)));
  const name = (k: number): string => MONTHS[k]?.replace(/^./, (c) => c.toUpperCase()) ?? '';
  if (year === undefined) return i < 0 ? word : name(i === 0 ? 11 : i - 1);
  if (i < 0) return `${word} ${year}`;
  return i === 0 ? `December ${Number(year) - 1}` : `${name(i - 1)} ${year}`;
}

export function referenceMonth(title: string): string {
  if (!MONTHLY_STAT.test(title) || !/\b(?:released|reported|published|out|report)\b/i.test(title)) return title;
  return title
    .replace(RELEASE_ASIDE, '')
    .replace(RELEASED_IN, (_m, month: string, year: string) => `for ${monthBefore(month, year)}`)
    .replace(DATED_REPORT, (_m, month: string, year: string | undefined, what: string) => `in the ${what} report for ${monthBefore(month, year)}`);
}
