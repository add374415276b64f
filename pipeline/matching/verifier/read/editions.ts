/** Event editions that stand in for a year: "Super Bowl LIX" is the 2025 game, "119th Congress" one Congress. */

const ROMAN: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100 };

function romanValue(s: string): number | null {
  let total = 0;
  const chars = s.toLowerCase().split('');
  for (let i = 0; i < chars.length; i++) {
    const v = ROMAN[chars[i] ?? ''];
    const next = ROMAN[chars[i + 1] ?? ''] ?? 0;
    if (!v) return null;
    total += v < next ? -v : v;
  }
  return total;
}

/**
 * "Super Bowl LXI" written as the year of its game ("Super Bowl 2027"), as other venues write it: the numeral is an
 * edition, not a word of the question.
 */
export function superBowlAsYear(text: string): string {
  if (!/\bsuper ?bowl\s+[ivxlc]+\b/i.test(text)) return text;
  // "Super Bowl LXI MVP" keeps its award's name whole: "Super Bowl MVP 2027".
  return text.replace(/\b(super ?bowl)\s+([ivxlc]+)\b(\s+mvp\b)?/gi, (whole, name: string, numeral: string, mvp: string | undefined) => {
    const n = romanValue(numeral);
    if (!n || n < 40 || n > 99) return whole;
    return mvp ? `${name}${mvp} ${1966 + n}` : `${name} ${1966 + n}`;
  });
}

/** "Q1 FY2027", "Q2 fiscal 2026", "fiscal Q1 2027" (quarter, year) and "FY27 Q1" (year, quarter). */
const FISCAL_QUARTER_FIRST = /\bq([1-4])\s+(?:of\s+)?(?:fy\s*'?|fiscal\s+(?:year\s+)?)((?:20)?\d\d)\b|\bfiscal\s+q([1-4])\s+(20\d\d)\b/gi;
const FISCAL_YEAR_FIRST = /\bfy\s*'?((?:20)?\d\d)\s+q([1-4])\b/gi;
/** "FY2028", "FY 2027", "FY27", "fiscal year 2027", "fiscal 2027". */
const FISCAL_YEAR = /\bfy\s*'?((?:20)?\d\d)\b|\bfiscal\s+(?:year\s+)?(20\d\d)\b/gi;

/** Edition labels of the text; a Super Bowl number adds the year of its game to `years`. */
export function editions(text: string, years: Set<number>): string[] {
  const out: string[] = [];
  const sb = /\bsuper ?bowl\s+([ivxlc]+|\d{2})\b/i.exec(text);
  if (sb?.[1]) {
    const n = /^\d+$/.test(sb[1]) ? Number(sb[1]) : romanValue(sb[1]);
    if (n) years.add(1966 + n);
  }
  // A fiscal quarter is the company's own calendar ("Q1 FY2027", "fiscal Q2 2026"): compared as a label, never as dates.
  const fiscal = (q: string, y: string): void => {
    out.push(`fiscal q${q} ${y.length === 2 ? `20${y}` : y}`);
  };
  for (const m of text.matchAll(FISCAL_QUARTER_FIRST)) fiscal((m[1] ?? m[3]) as string, (m[2] ?? m[4]) as string);
  for (const m of text.matchAll(FISCAL_YEAR_FIRST)) fiscal(m[2] as string, m[1] as string);
  // A fiscal year alone ("the FY2028 NDAA", "deficit for fiscal year 2027"): the government's or company's year.
  if (out.length === 0) {
    for (const m of text.matchAll(FISCAL_YEAR)) {
      const y = (m[1] ?? m[2]) as string;
      out.push(`fiscal year ${y.length === 2 ? `20${y}` : y}`);
    }
  }
  for (const m of text.matchAll(EDITION)) {
    const show = SHOW_NAMES[(m[2] ?? '').toLowerCase().replace(/\s+/g, ' ')] ?? (m[2] ?? '').toLowerCase();
    out.push(`${m[1]} ${show}`);
    // An awards night's number is its year: the 70th Grammy Awards are held in 2028, the 98th Academy Awards in 2026.
    const first = CEREMONY_YEAR_BEFORE_FIRST[show];
    if (first !== undefined) years.add(first + Number(m[1]));
  }
  return out;
}

const EDITION = /\b(\d{1,3})(?:st|nd|rd|th)\s+(?:annual\s+)?(congress|academy awards|oscars|emmys|primetime emmy awards|emmy awards|grammys|grammy awards|golden globes|golden globe awards)\b/gi;

/** One label per show, however a venue names it. */
const SHOW_NAMES: Readonly<Record<string, string>> = {
  oscars: 'academy awards',
  'emmy awards': 'emmys',
  'primetime emmy awards': 'emmys',
  'grammy awards': 'grammys',
  'golden globe awards': 'golden globes',
};

/** The year before each show's first ceremony: 1929 for the 1st Academy Awards, 1959 for the 1st Grammys. */
const CEREMONY_YEAR_BEFORE_FIRST: Readonly<Record<string, number>> = {
  'academy awards': 1928,
  grammys: 1958,
  emmys: 1948,
  'golden globes': 1943,
};
