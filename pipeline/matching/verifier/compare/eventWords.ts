/**
 * The general precision check: what each market says happens must be explained by the other.
 * Names, dates, numbers, offices and venue boilerplate are taken out first; every content word left
 * on one side must then appear on the other side, share its stem, or be a synonym (hand-kept domain
 * list, or near neighbours in a word-vector space). When BOTH markets keep a word the other cannot
 * explain, they most likely ask about different events on the same entities ("reach orbit" vs
 * "catch the upper stage", "announce" vs "release", "home runs" vs "stolen bases"). A word on one
 * side only is a qualifier a venue may add or leave out, so it is not enough to refuse a link.
 */
import { AWARD_PHRASES, TITLE_PHRASES } from '../read/phrases.ts';
import { canonicalWord, spelledOrdinals } from '../read/words.ts';
import type { Proposition } from '../types.ts';
import { LEAVE_WORDS, STOPWORDS } from '../lexicon/vocabulary.ts';
import { isCommonWord, neighbourScore } from '../lexicon/wordNeighbours.ts';
import { clubNameWords } from './clubNamesInText.ts';
import { APPROVAL_QUALIFIERS, areDomainSynonyms, BENIGN_ONE_SIDED, RELEASE_QUALIFIERS, FILLER_WORDS, LEVEL_WORDS, LINE_WORDS, officeKind, SCAFFOLD_WORDS } from '../lexicon/eventVocabulary.ts';

/** Cosine from which two words count as one idea (calibrated on the labelled sets). */
export const NEIGHBOUR_THRESHOLD = 0.75;

interface Term {
  readonly canonical: string;
  readonly surface: string;
  /** The other words of the capitalised name phrase this word sits in ("lionel" in "Lionel Messi"). */
  readonly phrase: readonly string[];
  /** The office or election type the word names, compared against the partner's (see OFFICE_KIND). */
  readonly office: string | undefined;
  /** A leaving or staying word (the proposition's events), which a partner read as staying in office explains. */
  readonly leaving: boolean;
}

interface EventView {
  readonly terms: readonly Term[];
  /** Every token of the text, lower case, for stem lookups against the partner. */
  readonly tokens: readonly string[];
  /** Tokens that are not function words or venue boilerplate: what a synonym may be found among. */
  readonly meaningful: readonly string[];
  readonly canon: ReadonlySet<string>;
  /** Offices and election types the market names, from its words and its recognised office phrases. */
  readonly offices: ReadonlySet<string>;
  /** A game or an "A vs B" title: winning or beating is what it asks, so those words need no partner. */
  readonly contest: boolean;
  /**
   * Words that name rather than qualify: capitalised inside a sentence-case title ("Homeland Security
   * Secretary"), or a side of a game ("Manchester" in "Arsenal vs Manchester United").
   */
  readonly identifiers: ReadonlySet<string>;
  /** The market was read as holding a role (negated leaving; "still", "remain") without naming a leaving word itself. */
  readonly stays: boolean;
}

const VERSUS = /\s(?:vs\.?|v\.?|versus)\s/i;

const VIEWS = new WeakMap<Proposition, EventView>();

function tokensOf(text: string): string[] {
  return spelledOrdinals(text.toLowerCase())
    .split(/[^a-z0-9']+/)
    .map((w) => w.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
    .filter((w) => w.length > 1 && !/^\d/.test(w));
}

/** Capitalised words past the first, unless the venue title-cases the whole title (then case says nothing). */
function capitalisedWords(text: string): Set<string> {
  const words = text.split(/[^A-Za-z0-9']+/).filter((w) => w.length > 1 && /^[A-Za-z]/.test(w));
  const caps = words.filter((w) => /^[A-Z]/.test(w));
  if (words.length === 0 || caps.length / words.length >= 0.8) return new Set();
  const upper = (w: string | undefined): boolean => w !== undefined && /^[A-Z]/.test(w);
  // The first word is capitalised anyway; it names only when the next word continues the name.
  return new Set(words.filter((w, i) => upper(w) && w.length > 3 && (i > 0 || upper(words[1]))).map((w) => w.toLowerCase()));
}

function view(p: Proposition): EventView {
  let v = VIEWS.get(p);
  if (v) return v;
  const tokens = tokensOf(p.text);
  // Leaving and staying words are kept apart from `words` for polarity; here they are events like any other.
  const content = new Set([...p.words, ...p.events]);
  const levels = p.numbers.length > 0;
  const names = new Set<string>();
  // Words of a named trophy, award or ceremony ("Academy Awards", "Premier League") are compared as titles.
  for (const [re, id] of [...TITLE_PHRASES, ...AWARD_PHRASES]) {
    if (id === 'ordinal-race') continue;
    const m = re.exec(p.text);
    if (m) for (const w of tokensOf(m[0])) names.add(w);
  }
  // Venues title-case whole titles ("Premier League Top 4 Finish"), so an unknown capitalised phrase is
  // not all name: its rare words are identifiers (compared as entities), its common words may still say
  // what happens, and are explained when the partner names the same phrase by another of its words.
  const phraseOf = new Map<string, string[]>();
  const titleWords = new Set(names);
  for (const e of p.entities) {
    const words = e.label.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w && !titleWords.has(w));
    if (e.group !== 'name') {
      for (const w of e.label.toLowerCase().split(/[^a-z0-9]+/)) if (w) names.add(w);
      continue;
    }
    for (const w of words) {
      if (!isCommonWord(w)) names.add(w);
      else if (!phraseOf.has(w)) phraseOf.set(w, words.filter((x) => x !== w));
    }
  }
  // "AHL: Laval Rocket vs. Calgary Wranglers": the league or event a game is played in says where, not what.
  const settingWords = p.game && p.setting ? new Set(tokensOf(p.setting)) : null;
  const terms: Term[] = [];
  const seen = new Set<string>();
  const offices = new Set<string>();
  for (const t of tokens) {
    const c = canonicalWord(t);
    const office = officeKind(t);
    if (office) offices.add(office);
    if (seen.has(c) || t.length < 3 || FILLER_WORDS.has(t) || SCAFFOLD_WORDS.has(t) || settingWords?.has(t)) continue;
    if (!office && (!content.has(c) || names.has(t) || names.has(c) || FILLER_WORDS.has(c))) continue;
    if (levels && (LEVEL_WORDS.has(t) || LEVEL_WORDS.has(c))) continue;
    // "A vs. B" with a side picked is a question about who wins: "beats" adds nothing to it.
    if ((c === 'win' || c === 'beat') && (p.game || VERSUS.test(p.text))) continue;
    // "win against" in a game or a head-to-head ("Will A win against B on …?") only joins the two sides, as "vs." does.
    if (t === 'against' && (p.game || p.versus.length >= 2)) continue;
    seen.add(c);
    terms.push({ canonical: c, surface: t, phrase: phraseOf.get(t) ?? [], office, leaving: p.events.includes(c) || p.events.includes(t) });
  }
  for (const o of p.offices) offices.add(o);
  const meaningful = [...new Set(tokens.filter((t) => t.length > 2 && !STOPWORDS.has(t) && !FILLER_WORDS.has(t)))];
  const identifiers = capitalisedWords(p.text);
  for (const key of p.versus) for (const w of key.replace(/^[a-z]+:/, '').split(/[^a-z0-9]+/)) if (w) identifiers.add(w);
  v = { terms, tokens, meaningful, canon: new Set(tokens.map(canonicalWord)), offices, identifiers, contest: p.game || VERSUS.test(p.text), stays: p.holdsRole && !p.events.some((e) => LEAVE_WORDS.has(e)) && p.offices.length + [...offices].length > 0 };
  VIEWS.set(p, v);
  return v;
}

/** Surface forms a word-vector table may hold for a token: itself and its plain inflections undone. */
function lemmas(w: string): string[] {
  const out = [w];
  if (w.endsWith('ies') && w.length > 4) out.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('es') && w.length > 4) out.push(w.slice(0, -2));
  if (w.endsWith('s') && !w.endsWith('ss') && w.length > 3) out.push(w.slice(0, -1));
  if (w.endsWith('ed') && w.length > 4) out.push(w.slice(0, -2), w.slice(0, -1));
  if (w.endsWith('ing') && w.length > 5) out.push(w.slice(0, -3), `${w.slice(0, -3)}e`);
  return out;
}

function sharedPrefix(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  let i = 0;
  while (i < n && x.charCodeAt(i) === y.charCodeAt(i)) i++;
  return i;
}

function similar(x: string, y: string): boolean {
  for (const a of lemmas(x)) for (const b of lemmas(y)) if (a === b || neighbourScore(a, b) >= NEIGHBOUR_THRESHOLD) return true;
  return false;
}

/** A term of one market is explained by the other when it says it, shares its stem, or a synonym. */
function explained(term: Term, other: EventView): boolean {
  // Leaving ("out as PM") against holding on a date ("be PM on Dec 31"): the partner asks the same thing negated.
  if (term.leaving && other.stays) return true;
  // An office or election type is the setting when the partner names none, a difference when it names another.
  if (term.office) return other.offices.size === 0 || other.offices.has(term.office);
  if ((term.canonical === 'win' || term.canonical === 'beat') && other.contest) return true;
  if (other.canon.has(term.canonical)) return true;
  if (term.phrase.some((w) => other.tokens.some((u) => u === w || sharedPrefix(u, w) >= 5))) return true;
  for (const u of other.tokens) {
    // One stem: "deliveries"/"deliver", "Colombian"/"Colombia", "trillionaire"/"trillion".
    if (sharedPrefix(term.surface, u) >= Math.min(5, Math.max(4, Math.min(term.surface.length, u.length) - 1))) return true;
  }
  for (const u of other.meaningful) {
    const cu = canonicalWord(u);
    if (areDomainSynonyms(term.canonical, cu) || areDomainSynonyms(term.surface, u)) return true;
    if (similar(term.surface, u)) return true;
  }
  return false;
}

export interface EventWordCheck {
  readonly onlyA: readonly string[];
  readonly onlyB: readonly string[];
  /**
   * The unexplained words that say what happens, not part of a capitalised name ("Blue Origin",
   * "Grand Theft Auto" named on one side only identify, they do not qualify the event).
   */
  readonly qualifiers: readonly string[];
}

/** A statistic's release ("Q1 GDP", "December CPI", "jobs report", "payrolls") and an approval rating: their qualifiers' contexts. */
const RELEASE_TEXT = /\b(?:gdp|cpi|pce|ppi|payrolls?|jobs (?:numbers?|report)|nfp|unemployment rate|jobless claims)\b/i;
const APPROVAL_TEXT = /\bapproval\b/i;
const ROUND_OF_A_GAME: ReadonlySet<string> = new Set('final finals semifinal semifinals semi quarterfinal quarterfinals cup'.split(' '));

const COUNT_WORDS: ReadonlySet<string> = new Set('two three four five six seven eight nine ten eleven twelve'.split(' '));

export function unexplainedEventWords(a: Proposition, b: Proposition): EventWordCheck {
  const va = view(a);
  const vb = view(b);
  // With a line on both sides ("O/U 2.5", "over 2.5 goals"), what the line counts restates it.
  const lines = a.numbers.length > 0 && b.numbers.length > 0;
  // A number word ("two senators") is read as the count the other side writes in digits: with a count on both sides it adds nothing.
  const release = RELEASE_TEXT.test(a.text) && RELEASE_TEXT.test(b.text);
  const approval = APPROVAL_TEXT.test(a.text) && APPROVAL_TEXT.test(b.text);
  // Two games (placed by their day elsewhere): the round or the cup one names is where the game is played, not another event.
  const games = a.game && b.game;
  const benign = (t: Term): boolean =>
    BENIGN_ONE_SIDED.has(t.surface) ||
    BENIGN_ONE_SIDED.has(t.canonical) ||
    (lines && (LINE_WORDS.has(t.surface) || LINE_WORDS.has(t.canonical) || COUNT_WORDS.has(t.surface))) ||
    (release && RELEASE_QUALIFIERS.has(t.surface)) ||
    (approval && APPROVAL_QUALIFIERS.has(t.surface)) ||
    (games && ROUND_OF_A_GAME.has(t.surface));
  const [clubA, clubB] = clubNameWords(a, b);
  let openA = va.terms.filter((t) => !clubA.has(t.surface) && !explained(t, vb));
  let openB = vb.terms.filter((t) => !clubB.has(t.surface) && !explained(t, va));
  // A harmless qualifier left open on one side never makes "both sides keep a word": drop it when the other side has none left.
  if (openA.every(benign) || openB.every(benign)) {
    openA = openA.filter((t) => !benign(t));
    openB = openB.filter((t) => !benign(t));
  }
  return {
    onlyA: openA.map((t) => t.surface),
    onlyB: openB.map((t) => t.surface),
    qualifiers: [...openA.filter((t) => !va.identifiers.has(t.surface)), ...openB.filter((t) => !vb.identifiers.has(t.surface))]
      .filter((t) => t.phrase.length === 0 && !benign(t))
      .map((t) => t.surface),
  };
}

/**
 * Veto when each market keeps content the other cannot explain (the same names, a different event),
 * or with `either`, when one of them does.
 */
export function compareEventWords(check: EventWordCheck, veto: 'both' | 'either'): string[] {
  const { onlyA, onlyB } = check;
  if (veto === 'both' ? onlyA.length === 0 || onlyB.length === 0 : onlyA.length + onlyB.length === 0) return [];
  return [`different event: ${onlyA.slice(0, 3).join(' ') || '-'} vs ${onlyB.slice(0, 3).join(' ') || '-'}`];
}

/** Words after "or" that close a level ("5 or more", "90 or lower", "by June or earlier"), not an alternative. */
const LEVEL_CLOSERS = '(?:fewer|less|more|lower|higher|greater|above|below|over|under|earlier|sooner|later)';

/**
 * An alternative one market adds ("found not guilty or have a mistrial", "win or tie"): a word the other
 * market cannot explain, said after "or", makes the question broader than the other's, never the same.
 */
export function addedAlternative(check: EventWordCheck, a: Proposition, b: Proposition): string[] {
  const asAlternative = (text: string, word: string): boolean => {
    const plain = word.replace(/[^a-z0-9]/gi, '');
    // "Step down or otherwise stop being CEO" widens to leaving by any way: the way of leaving says so (compare/measures.ts).
    if (plain === 'otherwise') return false;
    // "1,500 or fewer confirmed cases": "or fewer" closes a level, it adds no alternative.
    return plain !== '' && new RegExp(`\\bor\\s+(?!${LEVEL_CLOSERS}\\b)(?:[a-z']+\\s+){0,3}${plain}\\b`, 'i').test(text);
  };
  const qualifiers = new Set(check.qualifiers);
  const added =
    check.onlyA.find((w) => qualifiers.has(w) && asAlternative(a.text, w)) ?? check.onlyB.find((w) => qualifiers.has(w) && asAlternative(b.text, w));
  return added === undefined ? [] : [`an alternative on one side only: or ${added}`];
}

/** True when some event word of one market is said or paraphrased by the other (for the predicate check). */
export function shareAnIdea(a: Proposition, b: Proposition): boolean {
  const va = view(a);
  const vb = view(b);
  return va.terms.some((t) => explained(t, vb)) || vb.terms.some((t) => explained(t, va));
}
