/**
 * The general precision check: what each market says happens must be explained by the other.
 * Names, dates, numbers, offices and venue boilerplate are taken out first; every content word left
 * on one side must then appear on the other side, share its stem, or be a synonym (hand-kept domain
 * list, or near neighbours in a word-vector space). When BOTH markets keep a word the other cannot
 * explain, they most likely ask about different events on the same entities ("reach orbit" vs
 * "catch the upper stage", "announce" vs "release", "home runs" vs "stolen bases"). A word on one
 * side only is a qualifier a venue may add or leave out, so it is not enough to refuse a link.
 */
import { AWARD_PHRASES, TITLE_PHRASES } from './phrases.ts';
import { canonicalWord } from './proposition.ts';
import type { Proposition } from './types.ts';
import { STOPWORDS } from './vocabulary.ts';
import { isCommonWord, neighbourScore } from './wordNeighbours.ts';
import { areDomainSynonyms, FILLER_WORDS, LEVEL_WORDS } from './eventVocabulary.ts';

/** Cosine from which two words count as one idea (calibrated on the labelled sets). */
export const NEIGHBOUR_THRESHOLD = 0.75;

interface Term {
  readonly canonical: string;
  readonly surface: string;
  /** The other words of the capitalised name phrase this word sits in ("lionel" in "Lionel Messi"). */
  readonly phrase: readonly string[];
}

interface EventView {
  readonly terms: readonly Term[];
  /** Every token of the text, lower case, for stem lookups against the partner. */
  readonly tokens: readonly string[];
  /** Tokens that are not function words or venue boilerplate: what a synonym may be found among. */
  readonly meaningful: readonly string[];
  readonly canon: ReadonlySet<string>;
}

const VERSUS = /\s(?:vs\.?|v\.?|versus)\s/i;

const VIEWS = new WeakMap<Proposition, EventView>();

function tokensOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .map((w) => w.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
    .filter((w) => w.length > 1 && !/^\d/.test(w));
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
  const terms: Term[] = [];
  const seen = new Set<string>();
  for (const t of tokens) {
    const c = canonicalWord(t);
    if (!content.has(c) || seen.has(c) || names.has(t) || names.has(c) || FILLER_WORDS.has(t) || FILLER_WORDS.has(c) || t.length < 3) continue;
    if (levels && (LEVEL_WORDS.has(t) || LEVEL_WORDS.has(c))) continue;
    // "A vs. B" with a side picked is a question about who wins: "winner" adds nothing to it.
    if (c === 'win' && (p.game || VERSUS.test(p.text))) continue;
    seen.add(c);
    terms.push({ canonical: c, surface: t, phrase: phraseOf.get(t) ?? [] });
  }
  const meaningful = [...new Set(tokens.filter((t) => t.length > 2 && !STOPWORDS.has(t) && !FILLER_WORDS.has(t)))];
  v = { terms, tokens, meaningful, canon: new Set(tokens.map(canonicalWord)) };
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
}

export function unexplainedEventWords(a: Proposition, b: Proposition): EventWordCheck {
  const va = view(a);
  const vb = view(b);
  const open = (t: Term, other: EventView): boolean => !explained(t, other);
  return {
    onlyA: va.terms.filter((t) => open(t, vb)).map((t) => t.surface),
    onlyB: vb.terms.filter((t) => open(t, va)).map((t) => t.surface),
  };
}

/** Veto when each market keeps content the other cannot explain: the same names, a different event. */
export function compareEventWords(a: Proposition, b: Proposition): string[] {
  const { onlyA, onlyB } = unexplainedEventWords(a, b);
  if (onlyA.length === 0 || onlyB.length === 0) return [];
  return [`different event: ${onlyA.slice(0, 3).join(' ')} vs ${onlyB.slice(0, 3).join(' ')}`];
}

/** True when some event word of one market is said or paraphrased by the other (for the predicate check). */
export function shareAnIdea(a: Proposition, b: Proposition): boolean {
  const va = view(a);
  const vb = view(b);
  return va.terms.some((t) => explained(t, vb)) || vb.terms.some((t) => explained(t, va));
}
