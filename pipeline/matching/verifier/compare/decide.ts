/**
 * Two propositions → verdict. Every aspect of the proposition is compared on its own (who, in which
 * role and scope, which office, trophy, stage and action, which year, date, sense and clock time,
 * which threshold and comparator, which side of a contest) and any disagreement is a named reason
 * that vetoes the link. Some aspects can instead be exact negations of each other: a No outcome or
 * "not", staying against leaving, the other side of a contest that cannot be drawn, at-or-above
 * against below one level read once. An odd number of those makes a complement, an even number an
 * identity; anything short of exact negation is "different". Without vetoes the markets must still
 * share enough of what they say to be called the same. Fails closed, with its reasons.
 */
import { anchoredTo } from './anchor.ts';
import { compareBareTicker } from './bareTicker.ts';
import { compareProgress } from './progress.ts';
import { compareAnnouncement } from './announcement.ts';
import { compareReferendum } from './referendum.ts';
import { openQuestionAlone, resolvedCode, unresolvedCode } from './personCode.ts';
import { compareOrdinals, compareRanks } from './positions.ts';
import { compareClocks, compareDates, compareYears, placedBySetting } from './dates.ts';
import { compareContests, withoutSides } from './contest.ts';
import { compareEntities } from './entities.ts';
import { compareInstruments } from './instruments.ts';
import { compareMeasures } from './measures.ts';
import { addedAlternative, compareEventWords, unexplainedEventWords } from './eventWords.ts';
import { overlapScore } from './overlap.ts';
import { perProposition } from './propositionMemo.ts';
import { compareComparison, compareDraw, compareGenerations, compareOffsets, comparePollSource, compareSeasons, comparePredicate, compareSeatGoal, compareStages } from './predicate.ts';
import { compareActions, compareCatchAll, compareRoleHolding, compareConjunction, compareDirection, compareEditions, compareEvents, compareLetterIds, compareOffices, compareOrder, compareScope, compareTitles } from './shape.ts';
import { compareNumbers, levelScale, thresholdComplement } from './thresholds.ts';
import type { MatchVerdict, NumericCondition, Proposition } from '../types.ts';

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
  /**
   * How much less confidence a complement needs than an identity (0 when absent). A complement is a structural
   * finding (a negation, the other side of a contest, the other side of a level read once), and its phrasing carries
   * words the other market lacks ("fail to", "stay", "leave", "without a single"), which the overlap and the
   * one-sided words count against it. Measured over the labelled sets (round 30): of the refusals whose complement
   * was found at 0.56-0.66, 54 were labelled complement and 2 were not (among identities the same band held 96 true
   * against 73 false, so their threshold stays).
   */
  readonly complementAllowance?: number;
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
export const OPERATING_POINT: OperatingPoint = { veto: 'both', oneSidedPenalty: 0.2, sameThreshold: 0.66, complementAllowance: 0.1 };

/** Verbs of a path: whether a level is touched at some time, never read once ("reach", "dip to"). */
const PATH = /\b(?:reach|reaches|hit|hits|touch|touches|dip|dips|(?<!\b(?:snow|rain)\s(?:will\s)?)falls?|drop|drops|cross|crosses|surpass|surpasses|exceed|exceeds|break|breaks|(?<!\bthe\s)top(?!\s+of\b)|tops|sink|sinks|climb|climbs|rise|rises|soar|soars|plunge|plunges)\b|\bhow (?:high|low) will\b/i;

/**
 * A level read once: on one day, in one game, or a count over one period ("how many cuts in 2026").
 * Only then do "at or above X" and "below X" split every outcome; "reach X by June" and "dip below X
 * by June" can both happen.
 */
const RELEASE = /\b(?:cpi|hicp|inflation|unemployment|jobless|gdp|pce|ppi|payrolls|retail sales|pmi|hourly earnings|weekly earnings)\b/i;

/** A count of what one election, release or contest yields ("above 34 seats", "<35 seats"). */
const COUNTED_RESULT = /\b(?:seats?|electoral votes|medals?|goals?|points?|runs?|hrs?|wins?|cuts?|hikes?|maps|sets|yards|rebounds|assists|strikeouts|touchdowns|receptions|threes|three-pointers|saves|shots on goal|corners|aces|kills|sacks)\b/i;
/** Two sides named ("Lakers vs Celtics", Kalshi's "Los Angeles L at Boston: ..."): points are that game's, read once when it ends. */
const TWO_SIDES = /\S\s+(?:vs\.?|v\.?|@)\s+\S|^[^:?]+\sat\s[^:?]+:/i;

/** A level at the year's last close ("close 2026 above", "at the 2026 year-end close", "end of 2026", "the last trading day of 2026"): read once. */
const YEAR_END = /\b(?:close[sd]?|finish(?:es)?|ends?)\s+(?:20\d\d|the year)\b|\byear[- ]end\b|\bend of (?:20\d\d|the year)\b|\b(?:last|final) trading (?:day|session) of (?:20\d\d|the year)\b|\b20\d\d close\b/i;

/** A level averaged over a period ("average below 6% for 2027"): read once, when the period ends, like a close. */
const AVERAGED = /\baverages?\b(?=[^?]*\b(?:for|in|over|during|across)\b)|\b(?:annual|yearly|monthly) average\b/i;

/** A level read at a session's end ("close above", "settles above", "year-end close"), never touched in between. */
const CLOSING = /\b(?:close[sd]?|closing|settle[sd]?|settlement|finish(?:es)?)\b/i;

// Module-level, not local: tsx (esbuild keepNames) names a local function again at every call of its parent.
const touchedAnyTime = (p: Proposition): boolean => PATH.test(printText(p)) && !CLOSING.test(p.text);
const readAtClose = (p: Proposition): boolean => (CLOSING.test(p.text) || AVERAGED.test(p.text)) && !PATH.test(printText(p));

/**
 * "Hit 7,500 by December 31" against "close 2026 at or above 7,500": a touch at any time is not the level a close
 * reads. Only said of two markets that both carry a level.
 */
function touchVsClose(a: Proposition, b: Proposition): string[] {
  if (a.numbers.length === 0 || b.numbers.length === 0) return [];
  if (touchedAnyTime(a) && readAtClose(b)) return [`a touch at any time vs a close: ${a.text} / ${b.text}`];
  if (touchedAnyTime(b) && readAtClose(a)) return [`a touch at any time vs a close: ${b.text} / ${a.text}`];
  return [];
}

/**
 * "Brent averages above $100 in 2027" against "Brent exceeds $100 in 2027", or against a close on Dec 31: a period's
 * average is one number read when the period ends, which neither a touch nor one day's level is. Said only where
 * "average" is the verb or a period's average is named ("the national average gas price" is a price, not an average).
 */
const AVERAGE_OF_PERIOD = /\baverages?\s+(?:above|below|over|under|at least|more than|less than|between|\$?\d)|\b(?:annual|yearly|monthly|quarterly|full[- ]year) average\b|\baverage (?:for|over|across) (?:the )?(?:year|month|quarter|20\d\d)\b/i;

// A day's average ("gas averages above $3.50 on June 30": AAA's daily national average) is that day's reading.
const averagedOverPeriod = (p: Proposition): boolean => AVERAGE_OF_PERIOD.test(p.text) && p.dates.some((d) => d.granularity !== 'day') && !p.dates.some((d) => d.granularity === 'day');

function averageVsReading(a: Proposition, b: Proposition): string[] {
  if (a.numbers.length === 0 || b.numbers.length === 0) return [];
  const x = averagedOverPeriod(a);
  const y = averagedOverPeriod(b);
  return x === y ? [] : [`a period's average vs one reading: ${x ? a.text : b.text}`];
}

/** The size of one move ("cut by 50 bps at a single meeting") against a count of moves ("How many cuts? 2 (50 bps)"). */
const ONE_MOVE = /\b(?:at|in) a single (?:meeting|move|decision)\b|\bin one (?:meeting|move|decision)\b/i;
const HOW_MANY = /\bhow many\b/i;

const oneMoveAgainstCount = (p: Proposition, q: Proposition): boolean => ONE_MOVE.test(p.text) && HOW_MANY.test(q.text) && !ONE_MOVE.test(q.text);

function oneMoveVsCount(a: Proposition, b: Proposition): string[] {
  return oneMoveAgainstCount(a, b) || oneMoveAgainstCount(b, a) ? ['the size of one move vs a count of moves'] : [];
}

/** Verbs that only compare ("exceed 2.5%"), not move: a path only where the level is read more than once. */
const COMPARING = /\b(?:exceed|exceeds|top|tops|surpass|surpasses)\b/gi;

/** How a print compares with a level: "CPI rise more than 0.3% in November" is the print, not a path. */
const PRINT_CHANGE = /\b(?:rise|rises|fall|falls|grow|grows|increase|increases|decline|declines|drop|drops|climb|climbs)\b/gi;

/** One print of a statistic for one month or quarter ("GDP growth exceed 2.5% in Q4"): compared, never travelled. */
function onePrint(p: Proposition): boolean {
  return RELEASE.test(p.text) && p.dates.length > 0 && p.dates.every((d) => d.sense === 'in' && (d.granularity === 'quarter' || d.granularity === 'month'));
}

/**
 * A figure settled once when its period ends: an opening weekend's gross, a season's count of named storms, a
 * film's nominations or its review score (read on the day the rules name), an election's turnout or a party's share of the vote.
 */
const SETTLED_ONCE = /\bopening (?:weekend|day|week)\b|\b(?:domestic|worldwide|global) opening\b|\bopen(?:s|ing)? to\b|\bdebut\b|\bbox office (?:total|gross)\b|\bdomestic box office\b|\bnominations\b|\b(?:rotten tomatoes|tomatometer|metacritic)\b|\bnamed storms\b|\bturnout\b|\bvote share\b|\bshare of the vote\b|\bwhat share\b|\bget (?:more than |at least |over |under |less than )?\d+(?:\.\d+)?%|\d+(?:\.\d+)?%(?:\s+or\s+(?:less|lower|more|higher))?\s+in (?:the |a )?(?:[\w'-]+\s+){0,3}(?:election|primary|first round|runoff)\b/i;

/** The text whose verbs say whether a level is travelled: a print's "rise more than" only compares. */
function printText(p: Proposition): string {
  const compared = p.text.replace(COMPARING, ' ');
  return onePrint(p) ? compared.replace(PRINT_CHANGE, ' ') : compared;
}

/** A running total that only grows (a film's gross to date): reached by a day is where it stands on that day. */
const RUNNING_TOTAL = /\bgross(?:es|ed)?\b(?! margin)|\bbox office\b/i;

function readOnce(p: Proposition): boolean {
  if (RUNNING_TOTAL.test(p.text) && p.dates.length > 0 && p.dates.every((d) => d.sense === 'by' || d.sense === 'on')) return true;
  const pathText = onePrint(p) ? printText(p) : p.text;
  // A count that only grows over its period ("hit 50+ home runs in the 2027 season") reaches a level exactly when
  // its final tally stands at it: "hit" is the count's own verb, not a path to a level.
  const growingCount = p.numbers.length > 0 && p.numbers.every((n) => n.unit === 'count') && COUNTED_RESULT.test(p.text);
  if (p.dates.some((d) => d.sense === 'by' || d.sense === 'through') || (PATH.test(pathText) && !growingCount)) return false;
  if (p.game) return true;
  if (SETTLED_ONCE.test(p.text)) return true;
  if (YEAR_END.test(p.text) && p.dates.every((d) => d.sense === 'in' || d.sense === 'on')) return true;
  if (p.dates.length === 0) {
    // Inline, not a named local function: tsx (esbuild keepNames) names each one again at every call.
    // A count over a named year ("the 2027 Atlantic season produce 7 or fewer hurricanes") is settled when it ends.
    return p.numbers.length > 0 && p.numbers.every((n: NumericCondition) => n.unit === 'count' || (n.unit === 'points' && TWO_SIDES.test(p.text))) && (COUNTED_RESULT.test(p.text) || (p.years.length === 1 && p.numbers.every((n: NumericCondition) => n.unit === 'count')));
  }
  if (p.dates.every((d) => d.sense === 'on')) return true;
  // One release of a statistic for a month or a quarter is read once.
  if (RELEASE.test(p.text) && p.dates.every((d) => d.sense === 'in' || d.sense === 'after')) return true;
  // A level after a named event ("the upper bound after the June 2026 meeting") is the state it leaves: read once.
  if (p.dates.every((d) => d.sense === 'after')) return true;
  return p.dates.every((d) => d.sense === 'in' || d.sense === 'after') && p.numbers.every((n) => n.unit === 'count' || n.unit === 'bps');
}

/** Whether a market's level is read once: the same for every partner, so read once per proposition. */
const measuredOnce = perProposition(readOnce);

/**
 * "At or above X" against "below X", both read once: the two sides of one level, a negation. Asked only of a pair
 * that got as far as its levels (the numbers check) or past every check, not of one refused before.
 */
function levelFlipOf(a: Proposition, b: Proposition): boolean {
  return measuredOnce(a) && measuredOnce(b) && thresholdComplement(a.numbers, b.numbers, levelScale(a, b));
}

/**
 * When, how much, and which title, office, stage or option: read straight off both propositions, so
 * they are checked first and a pair they refuse never pays for the name spellings below.
 */
type Check = (a: Proposition, b: Proposition) => readonly string[];

/** When and how much, in the order their reasons are listed. */
const WHEN_AND_HOW_MUCH: readonly Check[] = [
  compareYears,
  compareEditions,
  compareDates,
  compareClocks,
  (a, b) => (levelFlipOf(a, b) ? [] : compareNumbers(a.numbers, b.numbers, levelScale(a, b))),
  compareScope,
  compareMeasures,
  compareInstruments,
  compareCatchAll,
  compareLetterIds,
  compareOffices,
  compareTitles,
  compareProgress,
  compareAnnouncement,
  compareReferendum,
  compareStages,
  compareSeatGoal,
  compareComparison,
  compareDraw,
  compareGenerations,
  comparePollSource,
  compareSeasons,
  compareOffsets,
  compareConjunction,
  touchVsClose,
  averageVsReading,
  oneMoveVsCount,
];

/** Every check's reasons appended to `out`, or, with `firstOnly`, those of the first check that has any. */
function whenAndHowMuch(a: Proposition, b: Proposition, out: string[], firstOnly: boolean): string[] {
  for (const check of WHEN_AND_HOW_MUCH) {
    const reasons = check(a, b);
    if (reasons.length === 0) continue;
    out.push(...reasons);
    if (firstOnly) break;
  }
  return out;
}

/** Who, in which role, doing what. */
function whoAndWhat(a: Proposition, b: Proposition, entityReasons: readonly string[]): string[] {
  return [...entityReasons, ...compareActions(a, b), ...compareEvents(a, b), ...compareRoleHolding(a, b), ...compareOrder(a, b), ...compareDirection(a, b)];
}

const refuse = (reasons: readonly string[]): MatchVerdict => ({ same: false, confidence: 0, relation: 'different', reasons });

export function compareProps(first: Proposition, second: Proposition, point: OperatingPoint = OPERATING_POINT): MatchVerdict {
  return decide(first, second, point, false);
}

/**
 * The verdict of `compareProps` where a refusal needs only one reason (the linker drops a refusal's reasons): a
 * pair refused on its dates, years or levels stops at the first of those checks that objects instead of running
 * every one for the list. The same `same`, `relation` and `confidence` for every pair, and the same reasons for
 * every pair it links (bench/support/verdictDigest.ts --first-refusal).
 */
export function compareForLink(first: Proposition, second: Proposition, point: OperatingPoint = OPERATING_POINT): MatchVerdict {
  return decide(first, second, point, true);
}

/**
 * A day or month stated on one side only weighs less when the other side names the year it falls in: "Best
 * Director at the 2027 Academy Awards" beside "(March 2027)". A day in another year than the other side names
 * ("by December 31, 2027" beside "before the 2028 Iowa caucuses") keeps the full weight.
 */
function dayInNamedYear(a: Proposition, b: Proposition): boolean {
  const [dated, dateless] = a.dates.length > 0 ? [a, b] : [b, a];
  return dateless.years.length > 0 && dated.dates.every((d) => dateless.years.includes(Number(d.end.slice(0, 4))));
}

function decide(first: Proposition, second: Proposition, point: OperatingPoint, firstRefusal: boolean): MatchVerdict {
  // A Kalshi person code takes the name of the partner's person it fits, before anything is compared.
  const anchoredA = anchoredTo(resolvedCode(first, second), second);
  const anchoredB = anchoredTo(resolvedCode(second, first), first);
  // Two games are compared side by side first; their side names then leave the other checks.
  const contest = compareContests(anchoredA, anchoredB);
  const a = contest.applies ? withoutSides(anchoredA) : anchoredA;
  const b = contest.applies ? withoutSides(anchoredB) : anchoredB;
  const cheap = [...compareBareTicker(a, b), ...unresolvedCode(a, b), ...unresolvedCode(b, a), ...openQuestionAlone(a, b), ...openQuestionAlone(b, a), ...compareOrdinals(a, b), ...compareRanks(a, b), ...contest.reasons];
  if (cheap.length === 0 || !firstRefusal) whenAndHowMuch(a, b, cheap, firstRefusal);
  if (cheap.length > 0) return refuse(cheap);
  const ent = compareEntities(a, b);
  const vetoes = whoAndWhat(a, b, ent.reasons);
  // Only when nothing structural objects: the predicate check is the broadest and its reason the vaguest.
  if (vetoes.length === 0) vetoes.push(...comparePredicate(a, b));
  const words = vetoes.length === 0 ? unexplainedEventWords(a, b) : { onlyA: [], onlyB: [], qualifiers: [] };
  if (vetoes.length === 0) vetoes.push(...compareEventWords(words, point.veto));
  if (vetoes.length === 0) vetoes.push(...addedAlternative(words, a, b));
  if (vetoes.length > 0) return refuse(vetoes);
  // Sides of a game that were matched above are shared entities, though they left the entity check.
  const sides = contest.applies ? 2 * Math.min(Math.max(anchoredA.sides.length, 1), Math.max(anchoredB.sides.length, 1)) : 0;
  // "Will Arsenal win on 2026-12-26?" names one side of the game by design: its opponent, named only by the
  // other market's pairing, is no word the two disagree on once the game and its day were matched above.
  const oneSideNamed = contest.applies && Math.min(anchoredA.sides.length, anchoredB.sides.length) === 1 && Math.max(anchoredA.sides.length, anchoredB.sides.length) === 2;
  const counted = { ...ent, matched: ent.matched + sides, total: ent.total + sides };
  const withSides = overlapScore(contest.applies ? anchoredA : a, contest.applies ? anchoredB : b, counted);
  const score = oneSideNamed ? Math.max(withSides, overlapScore(a, b, counted)) : withSides;
  if (score < LINK_THRESHOLD) return refuse([`too little in common: overlap ${score.toFixed(2)} < ${LINK_THRESHOLD}`]);
  const levelFlip = levelFlipOf(a, b);
  const negations = [
    a.negated !== b.negated ? 'one market is the negation of the other' : null,
    ent.sideFlip || contest.flip ? 'the other side of a contest that cannot be drawn' : null,
    levelFlip ? 'at or above vs below the same level, read once' : null,
  ].filter((x): x is string => x !== null);
  const complement = negations.length % 2 === 1;
  const support: string[] = [`overlap ${score.toFixed(2)}`];
  if (ent.matched > 0) support.push(`entities agree (${ent.matched}/${ent.total})`);
  if (a.numbers.length > 0) support.push('thresholds agree');
  if (a.dates.length > 0 && b.dates.length > 0) support.push('dates agree');
  if (a.clock && b.clock) support.push('clock times agree');
  if (a.years.length > 0 && b.years.length > 0) support.push('years agree');
  let confidence = 0.55 + 0.4 * score;
  // A game's day was compared above, from whichever of title, ticker or end date states it.
  if (!contest.applies && a.dates.length + b.dates.length > 0 && (a.dates.length === 0 || b.dates.length === 0)) {
    confidence -= dayInNamedYear(a, b) ? 0.04 : 0.08;
    support.push('date stated on one side only');
  }
  if (contest.applies && (placedBySetting(a) || placedBySetting(b))) {
    confidence -= 0.08;
    support.push('game day stated on one side only (the other names its tournament)');
  }
  // Matched sides of a game name who it is about, even when one venue spells them only in its ticker.
  if (!contest.applies && (a.entities.length === 0 || b.entities.length === 0)) confidence -= 0.1;
  const oneSided = words.qualifiers;
  if (oneSided.length > 0) {
    confidence -= point.oneSidedPenalty * Math.min(2, oneSided.length);
    support.push(`said on one side only: ${oneSided.slice(0, 3).join(' ')}`);
  }
  if (complement) {
    support.push(`complement: ${negations.join('; ')}`);
    confidence -= 0.05;
  } else if (negations.length > 0) support.push(`identity through two negations: ${negations.join('; ')}`);
  const needed = complement ? point.sameThreshold - (point.complementAllowance ?? 0) : point.sameThreshold;
  if (confidence < needed) return refuse([`too weak: confidence ${confidence.toFixed(2)} < ${needed.toFixed(2)}`, ...support]);
  return {
    same: true,
    confidence: Math.max(0.05, Math.min(0.99, Number(confidence.toFixed(3)))),
    relation: complement ? 'complement' : 'identity',
    reasons: support,
  };
}
