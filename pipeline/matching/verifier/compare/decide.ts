/**
 * Two propositions → verdict. Every structural disagreement (who, which office, which year,
 * which deadline and its sense, which threshold and comparator, which side, which order) is a
 * named reason and vetoes the link; without vetoes the markets must still share enough of what
 * they say (entities, event words, numbers, dates) to be called the same. Fails closed.
 */
import { compareDates, compareYears } from './dates.ts';
import { compareEntities, type EntityCheck } from './entities.ts';
import { compareNumbers, thresholdComplement } from '../read/numbers.ts';
import { compareComparison, compareDraw, compareGenerations, comparePollSource, compareSeasons, comparePredicate, compareSeatGoal, compareStages } from './predicate.ts';
import { compareEventWords, unexplainedEventWords } from './eventWords.ts';
import { extractProposition } from '../read/proposition.ts';
import type { MatchVerdict, Proposition } from '../types.ts';

/** Minimum overlap score for a link once no structural check objects. */
export const LINK_THRESHOLD = 0.5;

/**
 * How the event-word check turns into a verdict. `veto`: refuse when both markets keep a word the
 * other cannot explain, or when either does. Under `both`, each word only one side keeps (a qualifier
 * such as "by knockout", "request a trade") lowers confidence by `oneSidedPenalty` (at most two
 * words counted), and a link needs confidence >= `sameThreshold`.
 */
export interface OperatingPoint {
  readonly veto: 'both' | 'either';
  readonly oneSidedPenalty: number;
  readonly sameThreshold: number;
}

/*
 * Operating point chosen by `npx tsx bench/matching.ts --sweep` over the weighted union of all labelled sets
 * (generated x1, realistic/batch2/batch3 x2, blind batches 4-6 x5; batch 7 never swept): the largest
 * min(P - 0.97, R - 0.85) among points that keep every set's recall floor (0.85; batches 4-5 0.8; batch 6 0.75),
 * ties to higher recall. Grid: penalty 0-0.4, threshold 0.50-0.90, and the either-side veto.
 * veto penalty threshold precision recall margin eligible
 * both 0.20 0.66 0.982 0.905 0.012 yes
 * both 0.30 0.56 0.982 0.905 0.012 yes
 * both 0.10 0.74 0.982 0.898 0.012 yes
 * both 0.15 0.66 0.980 0.921 0.010 yes
 * both 0.20 0.62 0.980 0.921 0.010 yes
 * both 0.25 0.56 0.980 0.921 0.010 yes
 * both 0.30 0.52 0.980 0.921 0.010 yes
 * best ineligible (batch 3/4/6 recall under floor):
 * both 0.30 0.60 0.992 0.880 0.022 no
 * both 0.40 0.50 0.992 0.880 0.022 no
 * both 0.15 0.74 0.992 0.875 0.022 no
 * best "either" veto: either 0.00 0.50 0.994 0.814 -0.036 no
 */
export const OPERATING_POINT: OperatingPoint = { veto: 'both', oneSidedPenalty: 0.2, sameThreshold: 0.66 };

function compareOffices(a: Proposition, b: Proposition): string[] {
  if (a.offices.length === 0 || b.offices.length === 0) return [];
  if (a.offices.some((o) => b.offices.includes(o))) return [];
  return [`office differs: ${a.offices.join('/')} vs ${b.offices.join('/')}`];
}

/** Different trophies, different awards, or an award on one side only: different questions. */
function compareTitles(a: Proposition, b: Proposition): string[] {
  const out: string[] = [];
  if (a.titles.length > 0 && b.titles.length > 0 && !a.titles.some((t) => b.titles.includes(t))) out.push(`title differs: ${a.titles.join('/')} vs ${b.titles.join('/')}`);
  if ((a.awards.length > 0 || b.awards.length > 0) && !sameSet(a.awards, b.awards)) out.push(`award differs: ${a.awards.join('/') || 'none'} vs ${b.awards.join('/') || 'none'}`);
  return out;
}

/** Both name what happens and nothing in common: "invade" vs "blockade", "visit" vs "acquire". */
function compareActions(a: Proposition, b: Proposition): string[] {
  if (a.actions.length === 0 || b.actions.length === 0) return [];
  return a.actions.some((x) => b.actions.includes(x)) ? [] : [`action differs: ${a.actions.join('/')} vs ${b.actions.join('/')}`];
}

function compareEvents(a: Proposition, b: Proposition): string[] {
  const nomA = a.events.includes('nomination');
  const nomB = b.events.includes('nomination');
  if (nomA !== nomB) return [`event differs: ${nomA ? 'nomination' : 'election'} vs ${nomB ? 'nomination' : 'election'}`];
  return [];
}

const sameSet = (x: readonly string[], y: readonly string[]): boolean => x.length === y.length && x.every((w) => y.includes(w));

/**
 * "A before B" vs "B before A", "X beats Y" vs "Y beats X": after dropping what both markets
 * share on the same side (the tournament, the verb), the sides have swapped.
 */
function compareOrder(a: Proposition, b: Proposition): string[] {
  if (!a.ordered || !b.ordered) return [];
  const [al, ar] = a.ordered;
  const [bl, br] = b.ordered;
  const sharedLeft = al.filter((w) => bl.includes(w));
  const sharedRight = ar.filter((w) => br.includes(w));
  const strip = (xs: readonly string[]): string[] => xs.filter((w) => !sharedLeft.includes(w) && !sharedRight.includes(w));
  const [al2, ar2, bl2, br2] = [strip(al), strip(ar), strip(bl), strip(br)];
  const meets = (x: readonly string[], y: readonly string[]): boolean => x.some((w) => y.includes(w));
  // What one market puts first the other puts second, and nothing stays on its side.
  if (meets(al2, br2) && meets(ar2, bl2) && !meets(al2, bl2) && !meets(ar2, br2)) {
    return [`order inverted: ${al2.join(' ')} first vs ${bl2.join(' ')} first`];
  }
  return [];
}

const OPPOSITES: readonly (readonly [string, string])[] = [['cut', 'hike'], ['cut', 'hold'], ['hike', 'hold'], ['win', 'lose'], ['rise', 'fall'], ['pass', 'fail'], ['increase', 'decrease']];

/** Opposite actions on the same subject ("cut" vs "hike") are different questions, not complements. */
function compareDirection(a: Proposition, b: Proposition): string[] {
  for (const [x, y] of OPPOSITES) {
    const ax = a.words.includes(x) && !a.words.includes(y);
    const ay = a.words.includes(y) && !a.words.includes(x);
    const bx = b.words.includes(x) && !b.words.includes(y);
    const by = b.words.includes(y) && !b.words.includes(x);
    if ((ax && by) || (ay && bx)) return [`direction differs: ${ax ? x : y} vs ${bx ? x : y}`];
  }
  return [];
}

function compareConjunction(a: Proposition, b: Proposition): string[] {
  return a.conjunction !== b.conjunction ? ['conjunction on one side only ("both … and …")'] : [];
}

function compareEditions(a: Proposition, b: Proposition): string[] {
  if (a.editions.length === 0 || b.editions.length === 0) return [];
  return a.editions.some((e) => b.editions.includes(e)) ? [] : [`edition differs: ${a.editions[0]} vs ${b.editions[0]}`];
}

function wordOverlap(a: Proposition, b: Proposition): { shared: number; union: number } {
  const setB = new Set(b.words);
  const shared = a.words.filter((w) => setB.has(w)).length;
  return { shared, union: a.words.length + b.words.length - shared };
}

/**
 * 0-1: how much of what the two markets say is said by both. The plain share of the union is
 * blended with how much of the terser market the wordier one covers, since one venue's title is
 * often the other's plus a description ("out as Supreme Leader of Iran" for "leave office").
 */
function overlapScore(a: Proposition, b: Proposition, ent: EntityCheck): number {
  const { shared, union } = wordOverlap(a, b);
  const entityWeight = 3;
  const structural = (a.numbers.length + b.numbers.length > 0 ? 2 : 0) + (a.years.length + b.years.length > 0 ? 1 : 0);
  const num = entityWeight * ent.matched + 2 * shared + 2 * structural;
  const den = entityWeight * ent.total + 2 * union + 2 * structural;
  if (den === 0) return 0;
  const jaccard = num / den;
  const sizeA = entityWeight * a.entities.length + 2 * a.words.length;
  const sizeB = entityWeight * b.entities.length + 2 * b.words.length;
  const smaller = Math.min(sizeA, sizeB);
  const coveredInSmaller = entityWeight * Math.min(ent.matched / 2, Math.min(a.entities.length, b.entities.length)) + 2 * shared;
  const containment = smaller === 0 ? 0 : Math.min(1, (coveredInSmaller + 2 * structural) / (smaller + 2 * structural));
  return (jaccard + containment) / 2;
}

/** A month name or a m/d date: something a year could be inferred for. */
const YEARLESS_DATE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}\/\d{1,2}\b/i;
const ANCHORED = new WeakMap<Proposition, Map<string, Proposition>>();

/**
 * PredictIt lists many markets without an end date, so "on Feb. 4" or "2/4-2/6" has no year to
 * read. Read such a market again with the partner's year so its dates still count; the end date
 * itself stays unknown.
 */
function anchoredTo(p: Proposition, other: Proposition): Proposition {
  if (p.endDate !== null || other.endDate === null || p.dates.length > 0 || !YEARLESS_DATE.test(p.text)) return p;
  let byEnd = ANCHORED.get(p);
  if (!byEnd) ANCHORED.set(p, (byEnd = new Map()));
  let q = byEnd.get(other.endDate);
  if (!q) {
    q = { ...extractProposition({ ...p.source, end_date: other.endDate }), endDate: null, source: p.source };
    if (byEnd.size > 64) byEnd.clear();
    byEnd.set(other.endDate, q);
  }
  return q;
}

export function compareProps(first: Proposition, second: Proposition, point: OperatingPoint = OPERATING_POINT): MatchVerdict {
  const a = anchoredTo(first, second);
  const b = anchoredTo(second, first);
  const ent = compareEntities(a, b);
  const pointInTime = a.dates.length > 0 && b.dates.length > 0 && a.dates.every((d) => d.sense === 'on') && b.dates.every((d) => d.sense === 'on');
  const levelFlip = pointInTime && thresholdComplement(a.numbers, b.numbers);
  const vetoes = [
    ...ent.reasons,
    ...compareOffices(a, b),
    ...compareTitles(a, b),
    ...compareActions(a, b),
    ...compareEvents(a, b),
    ...compareYears(a, b),
    ...compareEditions(a, b),
    ...compareDates(a, b),
    ...(levelFlip ? [] : compareNumbers(a.numbers, b.numbers)),
    ...compareOrder(a, b),
    ...compareDirection(a, b),
    ...compareConjunction(a, b),
    ...compareStages(a, b),
    ...compareSeatGoal(a, b),
    ...compareComparison(a, b),
    ...compareDraw(a, b),
    ...compareGenerations(a, b),
    ...comparePollSource(a, b),
    ...compareSeasons(a, b),
  ];
  // Only when nothing structural objects: the predicate check is the broadest and its reason the vaguest.
  if (vetoes.length === 0) vetoes.push(...comparePredicate(a, b));
  const words = vetoes.length === 0 ? unexplainedEventWords(a, b) : { onlyA: [], onlyB: [], qualifiers: [] };
  if (vetoes.length === 0) vetoes.push(...compareEventWords(words, point.veto));
  const score = overlapScore(a, b, ent);
  if (vetoes.length > 0) return { same: false, confidence: 0, relation: 'different', reasons: vetoes };
  if (score < LINK_THRESHOLD) {
    return { same: false, confidence: 0, relation: 'different', reasons: [`too little in common: overlap ${score.toFixed(2)} < ${LINK_THRESHOLD}`] };
  }
  const complement = a.negated !== b.negated !== ent.partyFlip !== levelFlip;
  const support: string[] = [`overlap ${score.toFixed(2)}`];
  if (ent.matched > 0) support.push(`entities agree (${ent.matched}/${ent.total})`);
  if (a.numbers.length > 0) support.push('thresholds agree');
  if (a.dates.length > 0 && b.dates.length > 0) support.push('dates agree');
  if (a.years.length > 0 && b.years.length > 0) support.push('years agree');
  let confidence = 0.55 + 0.4 * score;
  if (a.dates.length + b.dates.length > 0 && (a.dates.length === 0 || b.dates.length === 0)) {
    confidence -= 0.08;
    support.push('date stated on one side only');
  }
  if (a.entities.length === 0 || b.entities.length === 0) confidence -= 0.1;
  const oneSided = words.qualifiers;
  if (oneSided.length > 0) {
    confidence -= point.oneSidedPenalty * Math.min(2, oneSided.length);
    support.push(`said on one side only: ${oneSided.slice(0, 3).join(' ')}`);
  }
  if (complement) {
    support.push(ent.partyFlip ? 'complement: opposite sides of a two-way race' : levelFlip ? 'complement: above vs below the same level on the same day' : 'complement: one market is the negation of the other');
    confidence -= 0.05;
  }
  if (confidence < point.sameThreshold) {
    return { same: false, confidence: 0, relation: 'different', reasons: [`too weak: confidence ${confidence.toFixed(2)} < ${point.sameThreshold}`, ...support] };
  }
  return {
    same: true,
    confidence: Math.max(0.05, Math.min(0.99, Number(confidence.toFixed(3)))),
    relation: complement ? 'complement' : 'identity',
    reasons: support,
  };
}
