/**
 * Kalshi tickers given where a title is expected, for series whose market code names who the market is
 * about: "KXPRESPERSON-28-JVAN" is "Will <JVAN> win the 2028 US presidential election?". A party code
 * reads from a table; a person code ("JVAN", "AOC", "DTJR") is kept unresolved, because Kalshi forms it
 * from the person's name and only a partner market that names a person can say whom it fits
 * (`codeFitsName`). The series' questions are data (`lexicon/data/tickerSeries.json`).
 */
import { parseKalshiTicker } from '../../../../shared/text/kalshiTicker.ts';
import { readLexicon } from '../lexicon/dataFile.ts';

interface SeriesEntry {
  readonly subject: 'person' | 'party';
  readonly question: string;
  readonly yearless?: boolean;
}
interface SeriesFile {
  readonly parties: Readonly<Record<string, string>>;
  readonly series: Readonly<Record<string, SeriesEntry>>;
}
const DATA = readLexicon<SeriesFile>('tickerSeries.json');

export interface SeriesQuestion {
  /** The question with its subject filled, or with the unresolved person code standing in. */
  readonly title: string;
  /** A person code no label or table resolved ("JVAN"); a partner naming a fitting person resolves it. */
  readonly personCode: string | null;
  /** The series asks no year of its own (the ticker's year is a term, not the event's year). */
  readonly yearless: boolean;
}

const YES_NO = /^(?:yes|no|y|n|)$/i;

/**
 * The question a series ticker asks, or null when the title is no ticker of a known series. `name`
 * fills a person code a partner market resolved; an outcome label that names the subject wins over it.
 */
export function seriesQuestion(title: string, outcome: string, name: string | null = null): SeriesQuestion | null {
  const t = parseKalshiTicker(title);
  const entry = t ? DATA.series[t.series] : undefined;
  if (!t || !entry) return null;
  const labelled = !YES_NO.test(outcome.trim()) ? outcome.trim() : null;
  const code = t.market;
  let subject: string | null = labelled;
  let personCode: string | null = null;
  if (!subject && code) {
    if (entry.subject === 'party') subject = DATA.parties[code] ?? null;
    else if (name) subject = name;
    else personCode = code;
  }
  if (!subject && !personCode) return null;
  const fill = entry.question.replace('{subject}', subject ?? personCode ?? '').replace('{year}', t.year ? String(t.year) : '');
  return { title: fill.replace(/\s+/g, ' '), personCode, yearless: entry.yearless === true };
}

/** Name parts, lower case: "J.D. Vance" and "JD Vance" both give j, d, vance; a generational suffix apart. */
function nameParts(name: string): { parts: string[]; suffix: string } {
  const words = name.replace(/\./g, ' ').split(/\s+/).filter(Boolean);
  let suffix = '';
  const last = words[words.length - 1]?.toLowerCase() ?? '';
  if (/^(?:jr|sr|ii|iii|iv)$/.test(last)) {
    suffix = last;
    words.pop();
  }
  // Written initials run together ("JD") are two parts.
  const parts = words.flatMap((w) => (/^[A-Z]{2,3}$/.test(w) ? w.toLowerCase().split('') : [w.toLowerCase()]));
  return { parts, suffix };
}

/**
 * Whether a Kalshi person code can be formed from a name: the initials of every part ("AOC" Alexandria
 * Ocasio-Cortez, "JDV" JD Vance, "KW" Kevin Warsh), or the first initial and the start of the surname
 * ("JVAN", "GNEWS", "AOCA"), either followed by a generational suffix ("DTJR" Donald Trump Jr.).
 */
export function codeFitsName(code: string, name: string): boolean {
  const { parts, suffix } = nameParts(name);
  if (parts.length < 2) return false;
  let c = code.toLowerCase();
  // Kalshi gives a Jr. a code of his own: a suffix must be on both or on neither.
  if (suffix) {
    if (!c.endsWith(suffix)) return false;
    c = c.slice(0, -suffix.length);
  } else if (/(?:jr|sr)$/.test(c)) return false;
  const initials = parts.flatMap((p) => p.split('-')).map((p) => p.charAt(0)).join('');
  if (c === initials) return true;
  const surname = (parts[parts.length - 1] ?? '').replace(/[^a-z]/g, '');
  const head = c.charAt(0);
  const rest = c.slice(1);
  return head === parts[0]?.charAt(0) && rest.length >= 2 && surname.startsWith(rest);
}
