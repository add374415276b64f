/**
 * Two propositions → verdict. Every structural disagreement (who, which office, which year,
 * which deadline and its sense, which threshold and comparator, which side, which order) is a
 * named reason and vetoes the link; without vetoes the markets must still share enough of what
 * they say (entities, event words, numbers, dates) to be called the same. Fails closed.
 */
import { compareDates, compareYears } from './compareDates.ts';
import { compareNumbers, thresholdComplement } from './numbers.ts';
import type { MatchVerdict, PropEntity, Proposition } from './types.ts';

/** Minimum overlap score for a link once no structural check objects. */
export const LINK_THRESHOLD = 0.5;

const isPersonLike = (e: PropEntity): boolean => e.group === 'person' || e.group === 'name';
const PARTY_OPPONENT: Readonly<Record<string, string>> = { democrats: 'republicans', republicans: 'democrats' };

function mentions(p: Proposition, e: PropEntity): boolean {
  if (p.entities.some((x) => x.key === e.key)) return true;
  if (e.group !== 'name') return false;
  // An unknown name is "mentioned" when the other title carries the word at all (GPT-5.3 / GPT 5.3).
  const word = e.key.slice('name:'.length).replace(/-/g, '');
  const lower = p.text.toLowerCase();
  return ` ${lower.replace(/[^a-z0-9]+/g, ' ')}`.includes(` ${word}`) || lower.replace(/[\s-]+/g, '').includes(word);
}

interface EntityCheck {
  readonly reasons: string[];
  readonly partyFlip: boolean;
  readonly matched: number;
  readonly total: number;
}

function compareEntities(a: Proposition, b: Proposition): EntityCheck {
  const reasons: string[] = [];
  const onlyA = a.entities.filter((e) => !mentions(b, e));
  const onlyB = b.entities.filter((e) => !mentions(a, e));
  const matched = a.entities.length - onlyA.length + (b.entities.length - onlyB.length);
  const total = a.entities.length + b.entities.length;
  const actorsA = onlyA.filter((e) => e.group !== 'place' && e.group !== 'party');
  const actorsB = onlyB.filter((e) => e.group !== 'place' && e.group !== 'party');
  const x = actorsA[0];
  const y = actorsB[0];
  if (x && y) {
    const what = isPersonLike(x) && isPersonLike(y) ? 'candidate' : x.group === 'team' && y.group === 'team' ? 'team' : x.group === 'asset' && y.group === 'asset' ? 'asset' : 'subject';
    reasons.push(`${what} differs: ${x.label} vs ${y.label}`);
  }
  const placesA = onlyA.filter((e) => e.group === 'place');
  const placesB = onlyB.filter((e) => e.group === 'place');
  const pa = placesA[0];
  const pb = placesB[0];
  if (pa && pb) reasons.push(`place differs: ${pa.label} vs ${pb.label}`);
  else if (pa || pb) {
    // A party or chamber race is defined by its place; a named candidate already pins it down.
    const anyPerson = a.entities.some(isPersonLike) || b.entities.some(isPersonLike);
    if (!anyPerson) reasons.push(`place on one side only: ${(pa ?? pb)?.label}`);
  }
  const partiesA = a.entities.filter((e) => e.group === 'party').map((e) => e.key);
  const partiesB = b.entities.filter((e) => e.group === 'party').map((e) => e.key);
  let partyFlip = false;
  const diffA = partiesA.filter((k) => !partiesB.includes(k));
  const diffB = partiesB.filter((k) => !partiesA.includes(k));
  if (diffA.length > 0 && diffB.length > 0) {
    const pa1 = diffA[0] ?? '';
    const pb1 = diffB[0] ?? '';
    const noCandidates = !a.entities.some(isPersonLike) && !b.entities.some(isPersonLike);
    const twoWay = partiesA.length === 1 && partiesB.length === 1 && PARTY_OPPONENT[pa1] === pb1;
    if (twoWay && noCandidates) partyFlip = true;
    else reasons.push(`party differs: ${pa1} vs ${pb1}`);
  } else if (diffA.length + diffB.length > 0) {
    // One market names a party, the other a candidate: a party-winner market is not a candidate market.
    const partyOnly = diffA.length > 0 ? b : a;
    const other = diffA.length > 0 ? a : b;
    if (partyOnly.entities.some(isPersonLike) && !other.entities.some(isPersonLike)) {
      reasons.push(`candidate vs party: ${partyOnly.entities.find(isPersonLike)?.label} vs ${(diffA[0] ?? diffB[0]) ?? ''}`);
    }
  }
  if (a.selected.length > 0 && b.selected.length > 0 && !a.selected.some((k) => b.selected.includes(k))) {
    const sharedSides = a.selected.every((k) => b.entities.some((e) => e.key === k)) && b.selected.every((k) => a.entities.some((e) => e.key === k));
    if (sharedSides && reasons.length === 0) reasons.push(`selected side differs: ${a.selected.join(',')} vs ${b.selected.join(',')}`);
  }
  return { reasons, partyFlip, matched, total };
}

function compareOffices(a: Proposition, b: Proposition): string[] {
  if (a.offices.length === 0 || b.offices.length === 0) return [];
  if (a.offices.some((o) => b.offices.includes(o))) return [];
  return [`office differs: ${a.offices.join('/')} vs ${b.offices.join('/')}`];
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
  if (al2.length > 0 && ar2.length > 0 && sameSet(al2, br2) && sameSet(ar2, bl2)) {
    return [`order inverted: ${al2.join(' ')} first vs ${bl2.join(' ')} first`];
  }
  return [];
}

const OPPOSITES: readonly (readonly [string, string])[] = [['cut', 'hike'], ['win', 'lose'], ['rise', 'fall'], ['pass', 'fail'], ['increase', 'decrease']];

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

/** 0-1: how much of what the two markets say is said by both. */
function overlapScore(a: Proposition, b: Proposition, ent: EntityCheck): number {
  const { shared, union } = wordOverlap(a, b);
  const entityWeight = 3;
  const structural = (a.numbers.length + b.numbers.length > 0 ? 2 : 0) + (a.years.length + b.years.length > 0 ? 1 : 0);
  const num = entityWeight * ent.matched + 2 * shared + 2 * structural;
  const den = entityWeight * ent.total + 2 * union + 2 * structural;
  return den === 0 ? 0 : num / den;
}

export function compareProps(a: Proposition, b: Proposition): MatchVerdict {
  const ent = compareEntities(a, b);
  const pointInTime = a.dates.length > 0 && b.dates.length > 0 && a.dates.every((d) => d.sense === 'on') && b.dates.every((d) => d.sense === 'on');
  const levelFlip = pointInTime && thresholdComplement(a.numbers, b.numbers);
  const vetoes = [
    ...ent.reasons,
    ...compareOffices(a, b),
    ...compareEvents(a, b),
    ...compareYears(a, b),
    ...compareEditions(a, b),
    ...compareDates(a, b),
    ...(levelFlip ? [] : compareNumbers(a.numbers, b.numbers)),
    ...compareOrder(a, b),
    ...compareDirection(a, b),
    ...compareConjunction(a, b),
  ];
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
  if (complement) {
    support.push(ent.partyFlip ? 'complement: opposite sides of a two-way race' : levelFlip ? 'complement: above vs below the same level on the same day' : 'complement: one market is the negation of the other');
    confidence -= 0.05;
  }
  return {
    same: true,
    confidence: Math.max(0.05, Math.min(0.99, Number(confidence.toFixed(3)))),
    relation: complement ? 'complement' : 'identity',
    reasons: support,
  };
}
