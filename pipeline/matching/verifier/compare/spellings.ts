/**
 * The spellings under which one market names what another names: a lexicon key, an unknown name's
 * words, an acronym ("GTA" for "Grand Theft Auto"), a ticker for a company or coin ("MSTR" for
 * "MicroStrategy"), a formal completion ("Nvidia Corporation"), a team's home city (Kalshi's
 * "Seattle" for the Seahawks) or a city plus the nickname's initial ("Los Angeles L").
 */
import { ALL_TICKER_NAMES, namesOfTicker, tickersIn, tickersOfName } from '../../../../shared/text/tickers.ts';
import type { PropEntity, Proposition } from '../types.ts';
import { countryWrittenOtherwise } from './countryAliases.ts';
import { codeFitsName } from '../read/tickerSeries.ts';

export const wordOf = (e: PropEntity): string => e.key.slice(e.key.indexOf(':') + 1);
const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9.]+/g, '');

/** The words of one name phrase, in order ("Mike Collins" → mike, collins); a known person's from its label. */
export function phraseWords(p: Proposition, e: PropEntity): string[] {
  if (e.group === 'person') return e.label.toLowerCase().replace(/\bjr\.?$/, '').split(/\s+/).filter((w) => w.length > 1);
  return p.entities.filter((x) => x.group === 'name' && x.key.startsWith('name:') && x.label === e.label).map(wordOf);
}

interface TextForms {
  readonly spaced: string;
  readonly joined: string;
}
const FORMS = new WeakMap<Proposition, TextForms>();

/** The text as words (" gpt 5 3") and run together ("gpt-5.3" → "gpt5.3"), computed once per market. */
function forms(p: Proposition): TextForms {
  let f = FORMS.get(p);
  if (!f) {
    const lower = p.text.toLowerCase();
    f = { spaced: ` ${lower.replace(/[^a-z0-9]+/g, ' ')}`, joined: lower.replace(/[\s-]+/g, '') };
    FORMS.set(p, f);
  }
  return f;
}

function looseNameIn(p: Proposition, word: string): boolean {
  const w = word.replace(/-/g, '');
  const f = forms(p);
  // A plain word is mentioned by whole words, spaced or run together ("Open AI" / "OpenAI"), as the start of a word
  // with a short ending (Globe / Globes, Vlad / Vladimir, Brest / Brestois), or, from four letters, as a compound's
  // end: "Meta" is not "Metaplanet", and a word of two letters is whole or nothing ("Ye" / "Yeat"). A word with a
  // dot keeps the looser reading (GPT-5.3).
  if (/^[a-z0-9]+$/.test(w)) return wordRunIs(f.spaced, w);
  return f.spaced.includes(` ${w}`) || f.joined.includes(w);
}

/** The longest ending a word may add to a name and still be read as that name. */
const MAX_ENDING = 4;

/** Whether consecutive words of the spaced text, run together, spell `w` (or `w` with a short ending). */
function wordRunIs(spaced: string, w: string): boolean {
  const words = spaced.split(' ');
  for (let i = 0; i < words.length; i++) {
    // The end of a compound: "Scorer" in "Goalscorer", "Remo" in "Sanremo", "Phone" in "iPhones".
    const word = words[i] ?? '';
    if (w.length >= 4 && (word.endsWith(w) || word.endsWith(`${w}s`))) return true;
    let run = '';
    for (let j = i; j < words.length && run.length < w.length; j++) {
      run += words[j] ?? '';
      if (run === w || (w.length >= 3 && run.startsWith(w) && run.length - w.length <= MAX_ENDING)) return true;
      if (!w.startsWith(run)) break;
    }
  }
  return false;
}

/** "GTA" is mentioned by a market whose capitalised words have those initials ("Grand Theft Auto"). */
function acronymWords(p: Proposition, acronym: string): string[] | null {
  if (acronym.length < 2 || acronym.length > 5) return null;
  // Hyphenated names give one initial per part too: "Full Self-Driving" is FSD.
  for (const split of [/[^A-Za-z0-9'’.-]+/, /[^A-Za-z0-9'’.]+/]) {
    const words = p.text.split(split).filter((w) => w && !/^(of|the|and|for|&)$/i.test(w));
    for (let i = 0; i + acronym.length <= words.length; i++) {
      const run = words.slice(i, i + acronym.length);
      if (run.every((w, j) => /^[A-Z]/.test(w) && w.charAt(0).toLowerCase() === acronym.charAt(j))) {
        const lower = run.map((w) => w.toLowerCase());
        // Also the hyphenated forms the name phrase keeps as one word ("self-driving").
        return [...lower, ...lower.slice(1).map((w, j) => `${lower[j] ?? ''}-${w}`)];
      }
    }
  }
  return null;
}

const TICKER_NAMES_BY_FIRST_WORD = new Map<string, (typeof ALL_TICKER_NAMES)[number][]>();
for (const n of ALL_TICKER_NAMES) {
  const first = n.spaced.split(' ')[0] ?? '';
  TICKER_NAMES_BY_FIRST_WORD.set(first, [...(TICKER_NAMES_BY_FIRST_WORD.get(first) ?? []), n]);
}

const ALIASES = new WeakMap<Proposition, ReadonlySet<string>>();

/** Tickers a market names, by symbol ("MSTR") or by any of the symbol's names ("MicroStrategy"). */
function tickersNamed(p: Proposition): ReadonlySet<string> {
  let set = ALIASES.get(p);
  if (!set) {
    const found = new Set<string>(tickersIn(p.text));
    const spaced = ` ${forms(p).spaced.trim()} `;
    // "Bitcoin" inside "Bitcoin Cash" names another coin: a name within a longer asset the title names is not read.
    const assets = p.entities.filter((e) => e.group === 'asset').map((e) => e.label.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim());
    const partOfLonger = (name: string): boolean => assets.some((l) => l !== name && ` ${l} `.includes(` ${name} `));
    // Only names whose first word the title says are tried: a lookup per word, not a scan of the table.
    for (const word of new Set(spaced.split(' '))) {
      for (const name of TICKER_NAMES_BY_FIRST_WORD.get(word) ?? []) {
        if (spaced.includes(` ${name.spaced} `) && !partOfLonger(name.spaced)) for (const t of tickersOfName(name.name)) found.add(t);
      }
    }
    ALIASES.set(p, (set = found));
  }
  return set;
}

/** Both markets name the same listed company, index or coin, by ticker or by name: all its spellings are one entity. */
function aliasCover(a: Proposition, b: Proposition, covered: Set<string>): void {
  const mine = tickersNamed(a);
  if (mine.size === 0) return;
  for (const t of tickersNamed(b)) {
    if (!mine.has(t)) continue;
    covered.add(t.toLowerCase());
    for (const n of namesOfTicker(t)) for (const w of n.split(/\s+/)) covered.add(w);
  }
}

/**
 * Words that complete a company's or an index's formal name without naming anything else, and a tournament's
 * tier ("IEM Cologne" / "IEM Cologne Major": one event of that name a year, the tier is how it is billed).
 */
export const NAME_COMPLETIONS: ReadonlySet<string> = new Set(
  'industrial industrials average index composite inc incorporated corp corporation co company group holdings ltd limited plc sa ag nv technologies platforms motors major'.split(' '),
);

/**
 * One name phrase is the other's with its formal completion added ("Dow Jones" / "Dow Jones
 * Industrial Average", "Nvidia" / "Nvidia Corporation"). Any other added word may name something
 * else ("Rotten Tomatoes" / "Rotten Tomatoes Audience"), so it is not reconciled.
 */
function extensionCover(a: Proposition, b: Proposition, covered: Set<string>): void {
  const phrases = (p: Proposition): string[][] => [...new Set(p.entities.filter((e) => e.group === 'name').map((e) => e.label))]
    .map((l) => l.toLowerCase().split(/[^a-z0-9-]+/).filter(Boolean));
  for (const x of phrases(a)) {
    for (const y of phrases(b)) {
      const [short, long] = x.length <= y.length ? [x, y] : [y, x];
      if (short.length === 0 || short.length === long.length) continue;
      if (short.every((w, i) => long[i] === w) && long.slice(short.length).every((w) => NAME_COMPLETIONS.has(w))) for (const w of long) covered.add(w);
    }
  }
}

function isAcronym(p: Proposition, e: PropEntity): boolean {
  const w = wordOf(e);
  if (!e.key.startsWith('name:') || w.length > 5 || !p.text.includes(w.toUpperCase())) return false;
  return new RegExp(`\\b${w.toUpperCase()}\\b`).test(p.text);
}

/** A team and the city it plays for stand for each other; so do a team and a Kalshi-style city label. */
export function cityMatches(team: PropEntity, other: PropEntity): boolean {
  const cities = team.cities ?? (team.city ? [team.city] : []);
  if (cities.length === 0 || other.group !== 'place') return false;
  const place = other.label.toLowerCase();
  const initial = (team.nickname ?? '').charAt(0);
  return cities.some((c) => place === c || (initial !== '' && place === `${c} ${initial}`));
}

/** Two team entities name one team: the same key, or a nickname two leagues share and one of its cities. */
export function teamsMeet(x: PropEntity, y: PropEntity): boolean {
  if (x.key === y.key) return true;
  if (x.group !== 'team' || y.group !== 'team' || !x.nickname || x.nickname !== y.nickname) return false;
  const cx = x.cities ?? (x.city ? [x.city] : []);
  const cy = y.cities ?? (y.city ? [y.city] : []);
  return cx.some((c) => cy.includes(c));
}

/** "Los Angeles D" names a team of the city whose nickname starts with D: "Los Angeles Dodgers". */
export function initialTeamIn(p: Proposition, place: PropEntity): string | null {
  const m = /^(.+) ([a-z])$/.exec(place.label.toLowerCase());
  if (!m?.[1] || !m[2]) return null;
  const hit = new RegExp(`\\b${m[1]} (${m[2]}[a-z0-9]+)`, 'i').exec(p.text);
  return hit?.[1]?.toLowerCase() ?? null;
}

export function mentions(p: Proposition, e: PropEntity, covered: ReadonlySet<string>): boolean {
  if (p.entities.some((x) => x.key === e.key)) return true;
  if (e.group === 'team') return p.entities.some((x) => cityMatches(e, x) || teamsMeet(e, x));
  if (e.group === 'place') {
    return p.entities.some((x) => (x.group === 'team' && cityMatches(x, e)) || (x.group === 'place' && x.label.toLowerCase().startsWith(`${e.label.toLowerCase()} `) && initialTeamIn(p, x) === null))
      || initialTeamIn(p, e) !== null || countryWrittenOtherwise(p, e);
  }
  if (e.group !== 'name') return false;
  if (e.key.startsWith('version:')) return p.entities.some((x) => x.key.startsWith('version:') && squash(x.label) === squash(e.label));
  if (covered.has(wordOf(e))) return true;
  // An unknown name is "mentioned" when the other title carries the word at all (GPT-5.3 / GPT 5.3).
  return looseNameIn(p, wordOf(e));
}

/** Words of `b` that `a` names under another spelling (an acronym, a ticker, a formal completion, a nickname initial). */
export function acronymCover(a: Proposition, b: Proposition): Set<string> {
  const covered = new Set<string>();
  for (const e of a.entities) {
    const nick = e.group === 'place' ? initialTeamIn(b, e) : null;
    if (nick) covered.add(nick);
  }
  for (const e of a.entities) {
    if (e.group !== 'name' || !isAcronym(a, e)) continue;
    const run = acronymWords(b, wordOf(e));
    if (run) {
      covered.add(wordOf(e));
      for (const w of run) covered.add(w.replace(/[^a-z0-9-]/g, ''));
    }
  }
  aliasCover(a, b, covered);
  extensionCover(a, b, covered);
  clubCodeCover(a, b, covered);
  return covered;
}

/** A club's ticker code ("ARS") formed from the club's name ("Arsenal FC"), by the club code table or as its start. */
export const isClubCodeOf = (code: PropEntity, club: PropEntity): boolean => /^[A-Z]{2,4}$/.test(code.label) && codeFitsName(code.label, club.label, 'club');

/**
 * A club's code read from a Kalshi ticker ("KXEPLGAME-26MAR14ARSCHE-ARS": ARS) names the club the other market
 * spells out ("Arsenal FC"), by the club code table or as the start of its name. Only a ticker's code: a word in
 * capitals written in a title is left to the acronym rules.
 */
function clubCodeCover(a: Proposition, b: Proposition, covered: Set<string>): void {
  if (!a.fromSymbol) return;
  for (const e of a.entities) {
    if (e.group !== 'name') continue;
    const club = b.entities.find((x) => x.label !== e.label && isClubCodeOf(e, x));
    if (!club) continue;
    covered.add(wordOf(e));
    covered.add(wordOf(club));
    for (const w of club.label.toLowerCase().split(/\s+/)) covered.add(w.replace(/[^a-z0-9-]/g, ''));
  }
}
