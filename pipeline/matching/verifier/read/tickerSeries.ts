/**
 * Kalshi tickers given where a title is expected, for series whose market code names who the market is
 * about: "KXPRESPERSON-28-JVAN" is "Will <JVAN> win the 2028 US presidential election?". A party code
 * reads from a table; a person code ("JVAN", "AOC", "DTJR") is kept unresolved, because Kalshi forms it
 * from the person's name and only a partner market that names a person can say whom it fits
 * (`codeFitsName`). The series' questions are data (`lexicon/data/tickerSeries.json`).
 */
import { parseKalshiTicker } from '../../../../shared/text/kalshiTicker.ts';
import { monthName } from '../../../../shared/text/calendar.ts';
import { US_STATES } from '../../../../shared/text/places.ts';
import { TEAMS, type League } from '../../../../shared/text/teams.ts';
import { readLexicon } from '../lexicon/dataFile.ts';
import { clubCodeFits } from './clubCodes.ts';

interface SeriesEntry {
  /** 'decision': an event ticker answered by its outcome label ("KXFEDDECISION-27JUL" answered "Hold"). */
  readonly subject: 'person' | 'party' | 'level' | 'goals' | 'player' | 'country' | 'team' | 'club' | 'decision';
  readonly question: string;
  readonly yearless?: boolean;
  /** For a team subject: the league whose ticker codes name the team (shared/text/data/teams.json). */
  readonly league?: League;
  /** For a goals subject: the code is the first count above the line (KXWCTOTAL-...-2 is over 1.5), not the line's floor. */
  readonly codeAboveLine?: boolean;
}
interface PatternEntry extends SeriesEntry {
  readonly match: string;
}
interface SeriesFile {
  readonly parties: Readonly<Record<string, string>>;
  readonly partyAdjectives: Readonly<Record<string, string>>;
  readonly series: Readonly<Record<string, SeriesEntry>>;
  readonly patterns: readonly PatternEntry[];
}
const DATA = readLexicon<SeriesFile>('tickerSeries.json');
const PATTERNS = DATA.patterns.map((p) => ({ ...p, re: new RegExp(p.match) }));
const STATE_NAMES = new Map(US_STATES.map(([name, code]) => [code, name] as const));

/** How a code is formed from a name: a politician's, a player's, a country's or a club's (see `codeFitsName`). */
/** How a market code was formed; 'any' when nothing says (an open question's code: a person, a country or a club). */
export type CodeKind = 'person' | 'player' | 'country' | 'club' | 'any';

export interface SeriesQuestion {
  /** The question with its subject filled, or with the unresolved person code standing in. */
  readonly title: string;
  /** A person code no label or table resolved ("JVAN"); a partner naming a fitting person resolves it. */
  readonly personCode: string | null;
  /** How the code was formed: from a politician's name ("JVAN", "AOC") or a player's surname ("PEG"). */
  readonly codeKind: CodeKind;
  /** The series asks no year of its own (the ticker's year is a term, not the event's year). */
  readonly yearless: boolean;
}

const YES_NO = /^(?:yes|no|y|n|)$/i;

/** The series entry and the words its code's groups stand for ({state}, {party}). */
function entryOf(series: string): { entry: SeriesEntry; slots: Record<string, string> } | null {
  const exact = DATA.series[series];
  if (exact) return { entry: exact, slots: {} };
  for (const p of PATTERNS) {
    const hit = p.re.exec(series);
    if (!hit) continue;
    const g = hit.groups ?? {};
    const state = g.state ? STATE_NAMES.get(g.state) : undefined;
    const party = g.party ? DATA.partyAdjectives[g.party] : undefined;
    if ((g.state && !state) || (g.party && !party)) continue;
    return { entry: p, slots: { state: state ?? '', party: party ?? '' } };
  }
  return null;
}

/** A congressional district a ticker names before its date ("KXHOUSERACE-AL02-26-R"), written as titles do: "AL-02". */
function districtOf(ticker: string): string {
  const seg = ticker.toUpperCase().split('-').find((x) => /^[A-Z]{2}\d{2}$/.test(x));
  return seg ? `${seg.slice(0, 2)}-${seg.slice(2)}` : '';
}

/**
 * The question a series ticker asks, or null when the title is no ticker of a known series. `name`
 * fills a person code a partner market resolved; an outcome label that names the subject wins over it.
 */
export function seriesQuestion(title: string, outcome: string, name: string | null = null): SeriesQuestion | null {
  const t = parseKalshiTicker(title);
  const found = t ? entryOf(t.series) : null;
  if (!t || !found) return null;
  const { entry, slots } = found;
  const labelled = !YES_NO.test(outcome.trim()) ? outcome.trim() : null;
  const code = t.market;
  // A decision market's own code ("-C25", "-H0") is read by the ticker's question; only the event ticker is answered by its label.
  if (entry.subject === 'decision' && (code || !labelled)) return null;
  const levelled = entry.subject === 'level' || entry.subject === 'goals';
  let subject: string | null = levelled ? null : labelled;
  let personCode: string | null = null;
  let level: string | null = null;
  if (entry.subject === 'level') {
    level = code ? (/^T(-?\d+(?:\.\d+)?)$/.exec(code)?.[1] ?? null) : null;
    if (level === null) return null;
  } else if (entry.subject === 'goals') {
    level = code && /^\d{1,2}$/.test(code) ? `${Number(code) - (entry.codeAboveLine ? 1 : 0)}.5` : null;
    if (level === null) return null;
  } else if (!subject && code) {
    if (entry.subject === 'party') subject = DATA.parties[code] ?? null;
    else if (entry.subject === 'team') subject = teamOf(entry.league, code);
    else if (name) subject = name;
    else personCode = code;
  }
  if (!levelled && !subject && !personCode) return null;
  // A team code the league does not hold reads as nothing: the series stays unread rather than guessed.
  if (entry.subject === 'team' && !subject) return null;
  const fill = entry.question
    .replace('{subject}', subject ?? personCode ?? '')
    .replace('{level}', level ?? '')
    .replace('{month}', t.month ? monthName(t.month) : '')
    .replace('{state}', slots.state ?? '')
    .replace('{party}', slots.party ?? '')
    .replace('{group}', t.eventCodes)
    .replace('{district}', districtOf(title))
    .replace('{season}', t.year ? `${t.year - 1}–${String(t.year % 100).padStart(2, '0')}` : '')
    .replace('{releasedQuarter}', releasedQuarter(t.year, t.month))
    .replace('{year}', t.year ? String(t.year) : '');
  const codeKind: CodeKind = entry.subject === 'player' || entry.subject === 'country' || entry.subject === 'club' ? entry.subject : 'person';
  return { title: fill.replace(/\s+/g, ' ').replace(/ in \?$/, '?'), personCode, codeKind, yearless: entry.yearless === true };
}

/**
 * The quarter whose first GDP estimate is released in a month (Kalshi's KXGDP-27JUL29 is the advance estimate of Q2
 * 2027, published at the end of July): "Q2 2027".
 */
function releasedQuarter(year: number | null | undefined, month: number | null | undefined): string {
  if (!year || !month) return '';
  const q = Math.floor((month - 2 + 12) % 12 / 3) + 1;
  return `Q${q} ${month <= 1 ? year - 1 : year}`;
}

/** The team a league's ticker code names ("CLE" in the NBA: the Cleveland Cavaliers), or null. */
function teamOf(league: League | undefined, code: string): string | null {
  const c = code.toUpperCase();
  const team = TEAMS.find((t) => t.league === league && t.codes.includes(c));
  return team ? `${team.city} ${team.nickname}` : null;
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

/** Initials of every part, a hyphenated or inner-capitalised surname giving one per piece ("DeSantis": d, s). */
function initialsOf(name: string): string {
  const words = name.replace(/\./g, ' ').split(/\s+/).filter((w) => w && !/^(?:jr|sr|ii|iii|iv)$/i.test(w));
  return words.flatMap((w) => (/^[A-Z]{2,3}$/.test(w) ? w.split('') : w.split(/-|(?<=[a-z])(?=[A-Z])/))).map((p) => p.charAt(0).toLowerCase()).join('');
}

/**
 * Whether a Kalshi person code can be formed from a name: the initials of every part ("AOC" Alexandria
 * Ocasio-Cortez, "JDV" JD Vance, "RDS" Ron DeSantis), with one middle initial the name leaves out ("DJT"
 * Donald Trump), or the first initial and the start of the surname ("JVAN", "GNEWS", "AOCA"), either
 * followed by a generational suffix ("DTJR" Donald Trump Jr.), or without it when the code is every initial
 * of a name written with its middle initial ("RFK" Robert F. Kennedy Jr.). A player's code ("PEG") is the start of
 * the surname ("Jessica Pegula"; "DEJ" Jesper de Jong); a country's, the start of its name ("CRO" Croatia).
 */
export function codeFitsName(code: string, name: string, kind: CodeKind = 'person'): boolean {
  if (kind === 'any') return codeFitsName(code, name, 'person') || countryCodeFits(code, name) || clubCodeFits(code, name);
  if (kind === 'country') return countryCodeFits(code, name);
  if (kind === 'club') return clubCodeFits(code, name);
  const { parts, suffix } = nameParts(name);
  if (parts.length < 2) return false;
  let c = code.toLowerCase();
  if (kind === 'player') {
    const surname = parts.slice(1).join('').replace(/[^a-z]/g, '');
    return c.length >= 3 && surname.startsWith(c);
  }
  const initials = initialsOf(name);
  // Kalshi gives a Jr. a code of his own: a suffix must be on both or on neither, unless the code is every
  // initial of a name written with its middle initial ("RFK" Robert F. Kennedy Jr.), which no shorter name fits.
  if (suffix) {
    if (!c.endsWith(suffix)) return parts.length >= 3 && parts.slice(1, -1).some((x) => x.length === 1) && c === initials;
    c = c.slice(0, -suffix.length);
  } else if (/(?:jr|sr)$/.test(c)) return false;
  if (c === initials) return true;
  if (initials.length >= 2 && c.length === initials.length + 1 && c.charAt(0) === initials.charAt(0) && c.slice(2) === initials.slice(1)) return true;
  const surname = (parts[parts.length - 1] ?? '').replace(/[^a-z]/g, '');
  const head = c.charAt(0);
  const rest = c.slice(1);
  return head === parts[0]?.charAt(0) && rest.length >= 2 && surname.startsWith(rest);
}

interface CountryFile {
  readonly iso2: Readonly<Record<string, string>>;
  readonly fifa: Readonly<Record<string, string>>;
  readonly aliases: Readonly<Record<string, readonly string[]>>;
}
const COUNTRIES = readLexicon<CountryFile>('countryCodes.json');
const countryKey = (name: string): string =>
  name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/^the\s+/, '').replace(/[^a-z]/g, '');

/**
 * A country code fits a name when the code tables name that country ("HR" and "CRO" Croatia, "CH" and
 * "SUI" Switzerland, "KR" South Korea / Korea Republic). A code the tables do not hold fits only by
 * being the start of the name ("CRO" Croatia) and only with three letters or more: two letters are too
 * few to guess a country from, so an unknown two-letter code fits nobody and the pair is refused.
 */
function countryCodeFits(code: string, name: string): boolean {
  const c = code.toUpperCase();
  const known = c.length === 2 ? COUNTRIES.iso2[c] : COUNTRIES.fifa[c];
  const key = countryKey(name);
  if (known) return [known, ...(COUNTRIES.aliases[known] ?? [])].some((n) => countryKey(n) === key);
  return c.length >= 3 && key.startsWith(c.toLowerCase());
}
