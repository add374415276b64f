/**
 * Thresholds compared as the sets of outcomes they accept. A continuous level ("above $100k") is an
 * open interval whose edge does not matter; a count ("more than 2 cuts", "3 or more", "Over 2.5
 * goals") is a set of whole numbers, so "above 2.5" and "3 or more" are one condition and "more than
 * 2" is not "2 or more"; Fed moves come in 25 bp steps, so "more than 25 bps" is "50+ bps" and a
 * count of cuts is a count of 25 bp steps. Two conditions that split every outcome between them
 * (at or above X vs below X) are negations of each other.
 */
import type { Comparator, NumericCondition, Proposition, Unit } from '../types.ts';
import { perText } from './textMemo.ts';
import { perProposition } from './propositionMemo.ts';

/** Tallies counted in whole numbers: a bare count, and points (a player's, a game's total). */
const WHOLE_TOGETHER: ReadonlySet<string> = new Set(['count', 'points']);

/** How levels of this pair of markets are counted. */
export interface LevelScale {
  /** Whole numbers (counts of cuts, seats, goals): strict and inclusive bounds differ by one. */
  readonly discrete: boolean;
  /** Fed moves: basis points in 25 bp steps, and counts of cuts in the same steps. */
  readonly rateSteps: boolean;
  /** A released statistic (CPI, unemployment, GDP) or a tracker's approval average is printed to one decimal: "above 2.6%" is "2.7% or more". */
  readonly tenths: boolean;
  /**
   * A policy rate (a repo, bank, cash or deposit rate): set by a committee and left where it is until the next
   * move, so it sits on a round level for months and "above 5.25%" and "below 5.25%" both miss a hold at 5.25%.
   */
  readonly held?: boolean;
  /**
   * Things counted one by one (cases, launches, jobs, "how many"): whole however large, so "more than 1,000" is
   * not "at least 1,000". Other large bare numbers (an index at 50,000) are levels whose edge does not matter.
   */
  readonly counted?: boolean;
  /** A critics' score (Rotten Tomatoes, Metacritic) is a whole percentage: "above 90%" is "91% or higher". */
  readonly wholePercent?: boolean;
  /** Payrolls are printed in whole thousands of jobs: "above 200,000" is "201,000 or more". */
  readonly thousands?: boolean;
}

const RATE_CONTEXT = /\bfed\b|\bfomc\b|\bfederal reserve\b|\bfederal funds\b|\binterest rates?\b|\brate (?:cut|hike)s?\b|\bbps\b/i;
const RELEASE_CONTEXT = /\b(?:cpi|hicp|inflation|unemployment|jobless|u-?3|gdp|pce|ppi|retail sales|pmi|approval)\b/i;
const POLICY_RATE = /\b(?:repo|policy|bank|cash|deposit(?: facility)?|refinancing|overnight|benchmark) rate\b/i;
const PRICE_CONTEXT = /\bprice\b|\$|\bmarket cap\b|\bclose[sd]?\b|\btrad(?:e|es|ing)\b/i;

const contextOf = perText((text) => ({
  price: PRICE_CONTEXT.test(text),
  rate: RATE_CONTEXT.test(text),
  release: RELEASE_CONTEXT.test(text),
  policyRate: POLICY_RATE.test(text),
}));

/** A count of things ("how many metro areas", "more than 10 US metro areas", "fly 6 or more times"): whole numbers, though a company is named. */
const COUNTED = /\bhow many\b|\bnumber of\b|\bdeliveries\b|\b(?:passing|rushing|receiving) yards\b|\d(?:\s*(?:k|m|thousand|million|billion)\b)?\+?\s+(?:or (?:more|fewer|less)\s+)?(?:[a-z]+\s+){0,2}?(?:times|areas|cities|countries|states|launches|flights|stores|cases|seats|wins|games|nominations|employees|models|apps|yards|vehicles|deliveries|cars|units|passengers|subscribers|followers|downloads|tickets|copies|deaths|arrests|encounters|crossings|tornadoes|hurricanes|visitors)\b/i;

const WHOLE_SCORE = /\brotten tomatoes\b|\btomatometer\b|\bmetacritic\b|\bmetascore\b/i;

/**
 * An earthquake's magnitude is a level printed to one decimal ("M7.5+" is not "8.0+"), not a count of things; a
 * count of earthquakes of a magnitude ("fewer than 15 M7.0+ earthquakes") is still a count.
 */
const MAGNITUDE = /\bmagnitude\b|\brichter\b/i;
const MANY_QUAKES = /\b(?:earthquakes|quakes|how many|number of)\b/i;
const magnitudeLevel = (text: string): boolean => MAGNITUDE.test(text) && !MANY_QUAKES.test(text);

/** Jobs added (payrolls) print in whole thousands: a print can land on the line. */
const JOBS = /\bjobs?\b|\bpayrolls?\b/i;

/** What one side says of the scale of its levels: the same for every partner, so read once per proposition. */
const levelTraits = perProposition((p: Proposition) => {
  const context = contextOf(p.text);
  const magnitude = magnitudeLevel(p.text);
  const jobs = JOBS.test(p.text);
  return {
    priced: (p.entities.some((e) => e.group === 'asset') && !COUNTED.test(p.text)) || context.price || magnitude,
    rate: context.rate,
    release: context.release || magnitude,
    policyRate: context.policyRate,
    counted: COUNTED.test(p.text) || jobs,
    jobs,
    wholeScore: WHOLE_SCORE.test(p.text),
  };
});

export function levelScale(a: Proposition, b: Proposition): LevelScale {
  const x = levelTraits(a);
  const y = levelTraits(b);
  return {
    discrete: !x.priced && !y.priced,
    rateSteps: x.rate && y.rate,
    tenths: x.release && y.release,
    held: x.policyRate || y.policyRate,
    counted: x.counted || y.counted,
    wholePercent: x.wholeScore && y.wholeScore,
    thousands: x.jobs && y.jobs,
  };
}

interface Interval {
  readonly lo: number;
  readonly hi: number;
  readonly unit: Unit | 'steps';
}

/** Equal up to float noise, or up to a cent on large values (Kalshi writes $99,999.99 for $100k). */
function near(x: number, y: number): boolean {
  if (x === y) return true;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x), Math.abs(y)) || (Math.min(Math.abs(x), Math.abs(y)) >= 100 && Math.abs(x - y) <= 0.011);
}

function unitAndValue(c: NumericCondition, scale: LevelScale, v: number): { unit: Unit | 'steps'; value: number } {
  if (c.unit === 'bps') return scale.rateSteps ? { unit: 'steps', value: v / 25 } : { unit: 'pct', value: v / 100 };
  // A count of Fed cuts is a count of 25 bp steps (Polymarket "3 (75 bps)", Kalshi "3 cuts").
  if (c.unit === 'count' && scale.rateSteps) return { unit: 'steps', value: v };
  // A Fed rate level moves in the same steps: "above 3.50%" is "3.75% or more", so "3.50% or lower" is its
  // negation and "below 3.50%" is not (the rate can stay at 3.50%). A level off the 0.25% grid stays a level.
  if (c.unit === 'pct' && scale.rateSteps && Number.isInteger(Math.round(v * 4 * 1e6) / 1e6)) return { unit: 'steps', value: Math.round(v * 4) };
  // A payroll print of whole thousands: its levels compared in thousands, so its steps are whole.
  if (c.unit === 'count' && scale.thousands === true && Math.abs(v) >= 1000) return { unit: 'count', value: v / 1000 };
  return { unit: c.unit, value: v };
}

/**
 * Whether levels in this unit are whole numbers here: counts and points on a discrete scale (large ones only when
 * counted one by one), Fed steps, and a critics' score in percent.
 */
function countsWhole(unit: Unit | 'steps', value: number, scale: LevelScale): boolean {
  if (scale.wholePercent === true && unit === 'pct') return true;
  // A line between whole numbers sits on one (3) or halfway (2.5); 1.25°C read as 34.25°F, or an Asian
  // quarter line (2.25), is a level of a finer scale.
  if (!Number.isInteger(Math.round(value * 2 * 1e6) / 1e6)) return false;
  return ((scale.discrete && WHOLE_TOGETHER.has(unit)) || unit === 'steps') && (value < 1000 || scale.counted === true);
}

/** The outcomes a condition accepts, as a closed interval (whole numbers when the scale is discrete). */
export function intervalOf(c: NumericCondition, scale: LevelScale): Interval {
  const { unit, value } = unitAndValue(c, scale, c.value);
  const high = c.high === undefined ? value : unitAndValue(c, scale, c.high).value;
  const whole = countsWhole(unit, value, scale);
  // A one-decimal print: "above 2.6%" accepts 2.7% and up, "below 2.7%" 2.6% and down.
  if (!whole && scale.tenths && unit === 'pct') {
    const t = (x: number): number => Math.round(x * 10);
    if (c.comparator === 'gt') return { lo: (c.strict ? t(value) + 1 : Math.ceil(value * 10 - 1e-9)) / 10, hi: Infinity, unit };
    if (c.comparator === 'lt') return { lo: -Infinity, hi: (c.strict ? t(value) - 1 : Math.floor(value * 10 + 1e-9)) / 10, unit };
    return { lo: value, hi: c.comparator === 'range' ? high : value, unit };
  }
  if (!whole) {
    if (c.comparator === 'gt') return { lo: value, hi: Infinity, unit };
    if (c.comparator === 'lt') return { lo: -Infinity, hi: value, unit };
    return { lo: value, hi: c.comparator === 'range' ? high : value, unit };
  }
  if (c.comparator === 'gt') return { lo: c.strict ? Math.floor(value + 1e-9) + 1 : Math.ceil(value - 1e-9), hi: Infinity, unit };
  if (c.comparator === 'lt') return { lo: -Infinity, hi: c.strict ? Math.ceil(value - 1e-9) - 1 : Math.floor(value + 1e-9), unit };
  if (c.comparator === 'range') return { lo: Math.ceil(value - 1e-9), hi: Math.floor(high + 1e-9), unit };
  return { lo: value, hi: value, unit };
}

const unitsAgree = (x: Interval, y: Interval): boolean => x.unit === y.unit || x.unit === 'count' || y.unit === 'count';

/**
 * A bare count against a percentage or an amount ("score above 80" / "above 80%") is that unit, not a whole number.
 * Points against a bare count ("25+ points" / "Points O/U 24.5") are one tally, whole on both sides.
 */
function pairScale(a: NumericCondition, b: NumericCondition, scale: LevelScale): LevelScale {
  return a.unit === b.unit || !scale.discrete || (WHOLE_TOGETHER.has(a.unit) && WHOLE_TOGETHER.has(b.unit)) ? scale : { ...scale, discrete: false };
}

/** A bare count read against a percentage ("Over (40.5)" / "above 40.5%") is a percentage, printed as one. */
const inUnitOf = (c: NumericCondition, other: NumericCondition): NumericCondition => (c.unit === 'count' && other.unit === 'pct' ? { ...c, unit: 'pct' } : c);

const decimalsOf = (c: NumericCondition): number => /\.(\d+)/.exec(c.text)?.[1]?.length ?? 0;

/**
 * "Above 30 inches" and "30.1 inches or more", "below -10.0" and "-10.1 or lower", "above 1.30°C" and "1.31°C or
 * higher": a level printed to the decimals one side writes, the other side's line one step of them away.
 */
function nextStepWritten(a: NumericCondition, b: NumericCondition): boolean {
  if (a.comparator !== b.comparator || (a.comparator !== 'gt' && a.comparator !== 'lt') || a.strict === b.strict) return false;
  const decimals = Math.max(decimalsOf(a), decimalsOf(b));
  if (decimals === 0) return false;
  const [strict, closed] = a.strict ? [a, b] : [b, a];
  const step = (a.comparator === 'gt' ? closed.value - strict.value : strict.value - closed.value) * 10 ** decimals;
  return Math.abs(step - 1) < 1e-6;
}

export function sameCondition(rawA: NumericCondition, rawB: NumericCondition, given: LevelScale): boolean {
  const a = inUnitOf(rawA, rawB);
  const b = inUnitOf(rawB, rawA);
  const scale = pairScale(a, b, given);
  const x = intervalOf(a, scale);
  const y = intervalOf(b, scale);
  if (!unitsAgree(x, y)) return false;
  if (!near(x.lo, y.lo) || !near(x.hi, y.hi)) return nextStepWritten(a, b);
  // A held policy rate sits on its round level for months: "above 1.00%" misses a hold at 1.00% that "at least 1%" takes.
  if (given.held && x.unit === 'pct' && a.comparator === b.comparator && (a.comparator === 'gt' || a.comparator === 'lt') && a.strict !== b.strict) return false;
  // An exact count and a one-value bucket agree; a level and a bucket of another shape do not.
  return a.comparator === b.comparator || (Number.isFinite(x.lo) && Number.isFinite(x.hi));
}

/**
 * A bare number one side states and the other does not ("30-year mortgage rate", "CPI-U, 12-month") names a
 * term, not a level: set aside. Bare numbers on both sides ("2-year" / "10-year Treasury") are compared.
 */
function withoutLoneBare(a: readonly NumericCondition[], b: readonly NumericCondition[]): [NumericCondition[], NumericCondition[]] {
  const bareA = a.some((x) => x.bare);
  const bareB = b.some((y) => y.bare);
  return [bareB ? [...a] : a.filter((x) => !x.bare), bareA ? [...b] : b.filter((y) => !y.bare)];
}

/**
 * "at or above $450 on Jan 30" and "below $450 on Jan 30", "Over 2.5" and "Under 2.5": one accepts
 * exactly what the other refuses. Conditions both state (a contract size, an index number) do not decide.
 */
/**
 * A count's bucket from zero ("0-9 executive orders", "0 or 1 cuts") is every count up to its top: the
 * cumulative "9 or fewer", which "below 10" states and "at least 10" negates.
 */
function fromZero(c: NumericCondition): NumericCondition {
  if (c.comparator !== 'range' || c.value !== 0 || c.high === undefined || c.unit !== 'count' || !Number.isInteger(c.high)) return c;
  return { ...c, comparator: 'lt', value: c.high, high: undefined, strict: false, cumulative: true };
}

export function thresholdComplement(givenA: readonly NumericCondition[], givenB: readonly NumericCondition[], given: LevelScale): boolean {
  const allA = givenA.map(fromZero);
  const allB = givenB.map(fromZero);
  // A title and its outcome label may state one level twice ("above 7499.99" and "7,500 or above"): once here.
  const once = (xs: readonly NumericCondition[]) => xs.filter((x, i) => !xs.slice(0, i).some((y) => sameCondition(x, y, given)));
  const [loneA, loneB] = withoutLoneBare(
    allA.filter((x) => !allB.some((y) => sameCondition(x, y, given))),
    allB.filter((y) => !allA.some((x) => sameCondition(x, y, given))),
  );
  const a = once(loneA);
  const b = once(loneB);
  const [rawX] = a;
  const [rawY] = b;
  if (a.length !== 1 || b.length !== 1 || !rawX || !rawY) return false;
  const x = inUnitOf(rawX, rawY);
  const y = inUnitOf(rawY, rawX);
  const scale = pairScale(x, y, given);
  const ix = intervalOf(x, scale);
  const iy = intervalOf(y, scale);
  if (!unitsAgree(ix, iy)) return false;
  const [up, down] = ix.hi === Infinity && iy.lo === -Infinity ? [ix, iy] : iy.hi === Infinity && ix.lo === -Infinity ? [iy, ix] : [null, null];
  if (!up || !down) return false;
  const whole = Number.isInteger(up.lo) && Number.isInteger(down.hi) && countsWhole(up.unit, up.lo, scale);
  if (whole) return up.lo === down.hi + 1;
  if (scale.tenths && up.unit === 'pct') return Math.round(up.lo * 10) === Math.round(down.hi * 10) + 1;
  if (!near(up.lo, down.hi)) return false;
  // A held policy rate can sit on the line: only a side that closes on it ("5.25% or lower") makes a negation.
  const [upC, downC] = up === ix ? [x, y] : [y, x];
  return !(given.held && up.unit === 'pct' && upC.strict && downC.strict);
}

const COMPARATOR_WORD: Readonly<Record<Comparator, string>> = { gt: 'above', lt: 'below', range: 'between', eq: 'exactly' };

/** Why two condition lists disagree, or [] when they state the same conditions. */
export function compareNumbers(givenA: readonly NumericCondition[], givenB: readonly NumericCondition[], given: LevelScale): string[] {
  const a = givenA.map(fromZero);
  const b = givenB.map(fromZero);
  const rawA = a.filter((x) => !b.some((y) => sameCondition(x, y, given)));
  const rawB = b.filter((y) => !a.some((x) => sameCondition(x, y, given)));
  // Set a lone bare number aside only where both sides state a level to compare.
  const [unmatchedA, unmatchedB] = rawA.length > 0 && rawB.length > 0 ? withoutLoneBare(rawA, rawB) : [rawA, rawB];
  if (unmatchedA.length === 0 && unmatchedB.length === 0) return [];
  const x = unmatchedA[0];
  const y = unmatchedB[0];
  if (x && y) {
    const scale = pairScale(x, y, given);
    if (x.cumulative !== y.cumulative && (x.comparator === 'range' || y.comparator === 'range')) {
      return [`cumulative vs bucket: ${x.text} vs ${y.text}`];
    }
    const ix = intervalOf(x, scale);
    const iy = intervalOf(y, scale);
    const edge = (i: Interval): number => (Number.isFinite(i.lo) ? i.lo : i.hi);
    if (x.comparator !== y.comparator && near(edge(ix), edge(iy))) {
      return [`comparator differs: ${COMPARATOR_WORD[x.comparator]} vs ${COMPARATOR_WORD[y.comparator]} ${x.text}`];
    }
    if (x.comparator !== y.comparator && x.comparator !== 'eq' && y.comparator !== 'eq') {
      return [`comparator differs: ${COMPARATOR_WORD[x.comparator]} ${x.text} vs ${COMPARATOR_WORD[y.comparator]} ${y.text}`];
    }
    return [`threshold differs: ${x.text} vs ${y.text}`];
  }
  const only = x ?? y;
  // A bare number on one side ("GPT 5.3" vs "GPT-5.3") is a name more often than a threshold.
  if (!only || only.bare) return [];
  return [`threshold on one side only: ${only.text}`];
}
