/**
 * Market → structured proposition. Title and outcome are read together: a contract label fills
 * the slot of a multi-outcome question ("Who will win …?" + "Gavin Newsom"), a No outcome negates
 * it, a symbol is first read into a question. Pure and deterministic, so the result can be cached
 * per market and compared against many candidates.
 */
import { symbolToQuestion } from '../../../../shared/text/marketSymbol.ts';
import { extractDates } from './dates.ts';
import { extractEntities } from './entities.ts';
import { extractNumbers } from './numbers.ts';
import { actionsOf, foldAccents, holdsRoleOnDay, namedAwards, namedTitles, rewritePhrases } from './phrases.ts';
import type { DateCondition, MarketRef, PropEntity, Proposition } from '../types.ts';
import { LEAVE_WORDS, OFFICE_PHRASES, STAY_WORDS, STOPWORDS, SYNONYMS } from '../lexicon/vocabulary.ts';

const YES = new Set(['yes', 'y', 'long', 'true', '']);
const NO = new Set(['no', 'n', 'short', 'false']);

function clean(s: string): string {
  return rewritePhrases(foldAccents(s.normalize('NFKC')))
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

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

/** Event editions that stand in for a year: "Super Bowl LIX" is the 2025 game. */
function editions(text: string, years: Set<number>): string[] {
  const out: string[] = [];
  const sb = /\bsuper ?bowl\s+([ivxlc]+|\d{2})\b/i.exec(text);
  if (sb?.[1]) {
    const n = /^\d+$/.test(sb[1]) ? Number(sb[1]) : romanValue(sb[1]);
    if (n) years.add(1966 + n);
  }
  for (const m of text.matchAll(/\b(\d{1,3})(?:st|nd|rd|th)\s+(congress|academy awards|oscars|emmys|grammys|golden globes)\b/gi)) {
    out.push(`${m[1]} ${(m[2] ?? '').toLowerCase()}`);
  }
  return out;
}

function stem(w: string): string {
  if (SYNONYMS[w]) return w;
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) return w.slice(0, -2);
  return w;
}

export function canonicalWord(word: string): string {
  const w = stem(word);
  const base = SYNONYMS[w] ?? w;
  if (base.length > 4 && base.endsWith('s') && !base.endsWith('ss') && !base.endsWith('us')) return SYNONYMS[base.slice(0, -1)] ?? base.slice(0, -1);
  return base;
}

function contentWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/most valuable player/g, 'mvp')
    .split(/[^a-z0-9'&+]+/)
    .map((w) => w.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d/.test(w));
  return [...new Set(words.map(canonicalWord))];
}

/** "A before B" / "A beats B": the two sides, so a market asking the reverse is told apart. */
function orderedSides(masked: string, entityText: string): [string[], string[]] | null {
  const m = /^(.*?)\b(before|beats?|defeats?)\b(.*)$/i.exec(masked);
  if (!m || !m[1] || !m[3]) return null;
  const left = contentWords(m[1]).concat(sideEntities(entityText, 0, m[1].length), sideNumbers(m[1])).sort();
  const right = contentWords(m[3]).concat(sideEntities(entityText, m[1].length + (m[2]?.length ?? 0), masked.length), sideNumbers(m[3])).sort();
  if (left.length === 0 || right.length === 0) return null;
  return [left, right];
}

/** Levels on one side of "A before B" ("below $30,000"), so a swapped order is seen. */
function sideNumbers(text: string): string[] {
  return extractNumbers(text).map((c) => `#${c.value}`);
}

function sideEntities(text: string, from: number, to: number): string[] {
  return extractEntities(text.slice(from, to)).entities.map((e) => e.key);
}

/** `masked` (dates blanked) with the spans entity matching blanked in `rest` blanked too. */
function blankWhere(masked: string, rest: string, text: string): string {
  const out: string[] = new Array<string>(masked.length);
  for (let i = 0; i < masked.length; i++) out[i] = rest[i] === ' ' && text[i] !== ' ' ? ' ' : (masked[i] ?? ' ');
  return out.join('');
}

function stayDeadline(d: DateCondition): DateCondition {
  if (d.sense !== 'on') return d;
  const t = new Date(Date.parse(`${d.end}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);
  return { ...d, sense: 'by', end: t };
}

function rulesDates(ref: MarketRef, endDate: string | null): DateCondition[] {
  const rules = clean(`${ref.rules ?? ''} ${ref.description ?? ''}`).slice(0, 400);
  if (!rules) return [];
  return extractDates(rules, endDate).dates.filter((d) => d.sense === 'by' || d.sense === 'on').slice(0, 1);
}

/** "A vs. B", "A v B", Kalshi "A at B Winner?", "Will A win on 2026-10-05?": one game on one day. */
const GAME_TITLE = /^[^?]{2,60}?\s(?:vs\.?|v\.?|versus|@)\s[^?]{2,80}$|^[^?]{2,40}\sat\s[^?]{2,40}\swinner\??$|\bwins? on \d{4}-\d{2}-\d{2}\b/i;

/** Contract labels that pick a side of the question itself rather than name one. */
const SIDE_LABELS: readonly (readonly [RegExp, string])[] = [
  [/^(?:up|higher|rise)$/i, 'side:up'],
  [/^(?:down|lower|fall)$/i, 'side:down'],
  [/^(?:draw|tie)$/i, 'side:draw'],
];

/** Rate-decision labels for no move ("No change", "Hold", "Maintains rate"): one spelling. */
const HOLD_LABEL = /^(?:no change|unchanged|hold|holds|pause|maintains?(?: rates?)?|(?:fed )?maintains? rate)$/i;

/** Contract labels repeat across a venue ("Republican", "Yes", a candidate in many groups): read each once. */
const LABEL_CACHE = new Map<string, readonly PropEntity[]>();
const LABEL_CACHE_SIZE = 4096;

function labelEntities(label: string): readonly PropEntity[] {
  let found = LABEL_CACHE.get(label);
  if (!found) {
    found = extractEntities(label).entities;
    if (LABEL_CACHE.size >= LABEL_CACHE_SIZE) LABEL_CACHE.clear();
    LABEL_CACHE.set(label, found);
  }
  return found;
}

/**
 * A contract label names its pick; a binary question naming two rivals of one kind
 * ("Will the Chiefs beat the Eagles?") picks the first.
 */
function selectedSide(title: string, label: string | null, entities: readonly PropEntity[], firstAt: ReadonlyMap<string, number>): string[] {
  const side = label ? SIDE_LABELS.find(([re]) => re.test(label)) : undefined;
  if (side) return [side[1]];
  if (label) {
    // A label that is only a place ("Seattle", "Spain") picks that place, or the team playing for it.
    const picked = labelEntities(label);
    const things = picked.filter((e) => e.group !== 'place');
    return (things.length > 0 ? things : picked).map((e) => e.key);
  }
  const beats = /\b(beats?|defeats?|win against)\b/i.exec(title);
  // "Will Austria win on 2026-10-04?": a country plays as its team; "Will the Democrat win?" picks no rival.
  const winsOn = beats ? null : /\bwins? on\b/i.exec(title);
  const verb = beats ?? winsOn;
  if (!verb) return [];
  const rivals = entities.filter((e) => (e.group === 'team' || e.group === 'person' || e.group === 'name' || (winsOn !== null && e.group === 'place')) && (firstAt.get(e.key) ?? Infinity) < verb.index);
  const nearest = rivals.sort((x, y) => (firstAt.get(y.key) ?? 0) - (firstAt.get(x.key) ?? 0))[0];
  return nearest ? [nearest.key] : [];
}

export function extractProposition(ref: MarketRef): Proposition {
  const rawTitle = clean(ref.title);
  const symbolQuestion = symbolToQuestion(rawTitle);
  const title = symbolQuestion ?? rawTitle;
  let outcome = clean(ref.outcome);
  if (HOLD_LABEL.test(outcome)) outcome = 'holds rates';
  const lowerOutcome = outcome.toLowerCase();
  let negated = NO.has(lowerOutcome);
  const label = YES.has(lowerOutcome) || negated || outcome === title ? null : outcome;
  // "MicroStrategy sells any Bitcoin by ___?" + "June 30, 2026": the label fills the blank.
  const blank = /_{2,}|\.{3}|…/;
  // "Aston Villa vs. Burnley: O/U 2.5" + "Over" is "over 2.5".
  const overUnder = label && /^(?:over|under)$/i.test(label) ? /\bO\/U\s*(\d+(?:\.\d+)?)/i.exec(title) : null;
  const text = overUnder
    ? title.replace(overUnder[0], `${(label ?? '').toLowerCase()} ${overUnder[1] ?? ''}`)
    : label ? (blank.test(title) ? title.replace(blank, label) : `${title} — ${label}`) : title;
  const endDate = ref.end_date && /^\d{4}-\d{2}-\d{2}$/.test(ref.end_date) ? ref.end_date : null;

  const { dates: titleDates, years: yearList, masked } = extractDates(text, endDate);
  const years = new Set(yearList);
  const eds = editions(text, years);
  const { entities, rest, firstAt } = extractEntities(text);
  // Numbers are read with dates and entity names (S&P 500, GPT-5) blanked out.
  const numbers = extractNumbers(blankWhere(masked, rest, text));
  const selected = selectedSide(title, label, entities, firstAt);
  const offices = OFFICE_PHRASES.filter(([re]) => re.test(text)).map(([, office]) => office);
  // The words of what is left once names, dates and numbers are taken out.
  const restLower = rest.toLowerCase();
  const datelessRest = blankWhere(restLower, masked, text.toLowerCase());
  const words = contentWords(datelessRest).filter((w) => !/^(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|eoy)$/.test(w));
  const allWords = contentWords(text);
  if (/\b(not|never|fail(?:s|ed)? to)\b|n't\b/i.test(title)) negated = !negated;
  const stays = words.some((w) => STAY_WORDS.has(w)) || (holdsRoleOnDay(title) && !words.some((w) => LEAVE_WORDS.has(w)) && titleDates.some((d) => d.sense === 'on'));
  if (stays) negated = !negated;
  const ownDates = titleDates.length > 0 ? titleDates : rulesDates(ref, endDate);
  // "Still in office on June 1" is "not gone by May 31": a stay read on a day is a deadline the day before.
  const dates = stays ? ownDates.map(stayDeadline) : ownDates;
  const titleText = label ? `${title} ${label}` : title;
  const isGame = GAME_TITLE.test(title);
  const events = words.filter((w) => STAY_WORDS.has(w) || LEAVE_WORDS.has(w) || w === 'win' || w === 'nomination');
  return {
    venue: ref.venue,
    text,
    entities,
    events,
    offices,
    titles: namedTitles(titleText),
    awards: namedAwards(titleText),
    actions: actionsOf(allWords),
    numbers,
    dates,
    years: [...years].sort(),
    editions: eds,
    negated,
    holdsRole: stays,
    words: words.filter((w) => !STAY_WORDS.has(w) && !LEAVE_WORDS.has(w)),
    selected,
    ordered: orderedSides(masked, text),
    conjunction: /\bboth\b.+\band\b/i.test(title),
    endDate,
    fromSymbol: symbolQuestion !== null,
    game: isGame,
    versus: isGame ? entities.filter((e) => e.group !== 'party').map((e) => e.key) : [],
    source: ref,
  };
}
