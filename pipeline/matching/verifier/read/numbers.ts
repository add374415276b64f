/**
 * Numeric conditions in a question: thresholds with a comparator ("above $100k", "750,000 or
 * more", "<250k"), closed buckets ("$50-100b", "between 5 and 10 years"), sizes ("50 bps").
 * Input is text with dates already masked, so day numbers and years are not read as amounts.
 */
import type { Comparator, NumericCondition, Unit } from '../types.ts';

const NUM = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;
const MULT = String.raw`(k|m|b|bn|t|thousand|million|billion|trillion)?`;
const UNIT = String.raw`(%|percent|bps|bp|basis points?|points?|pts)?`;
const AMOUNT = String.raw`(\$\s?)?${NUM}\s?${MULT}\b(\+)?\s?${UNIT}`;

const MULTIPLIERS: Readonly<Record<string, number>> = {
  k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9, t: 1e12, trillion: 1e12,
};

const UP = /(?:↑|go(?:es)? up past|rises? above|past|above|over|more than|greater than|higher than|exceeds?|exceeding|at least|>=?|≥|break(?:s)?|close at or above|at or above)\s*$/;
/**
 * A target verb with a level ("hit $1", "reach a $3T market cap", "cross 100k") asks whether the level
 * is touched at least once: a threshold, never "exactly". Up to two words ("a", "a new") may sit between.
 */
const TARGET = /\b(?:hit|hits|hitting|reach|reaches|reached|reaching|touch|touches|touched|top|tops|topped|cross|crosses|crossed|surpass|surpasses|surpassed|break|breaks|smash|smashes|eclipse|eclipses|exceed|exceeds)\s+(?:(?:a|an|the|new|fresh|record)\s+){0,2}$/;
/**
 * "DOGE to $1", "Bitcoin price to 150k by June?", "Gold climbs to $5,000": a subject headed to a level.
 * A move set to a level ("cut rates to 3.5%", "falls to $50") is not: that level is the result, read as stated.
 */
const HEADED_TO = /(?:^|\?\s*|:\s*)(?:will\s+)?(?:the\s+)?(?:(?!(?:cut|lower|raise|hike|set|fall|drop|dip|decline|reduce|increase|move|change|bring|slash|sink|crash|plunge)s?\s)[a-z0-9&.'-]+\s+){0,2}(?:price\s+|stock\s+|shares?\s+)?to\s*$|\b(?:rise|rises|climb|climbs|surge|surges|soar|soars|jump|jumps|rally|rallies|pump|pumps|run|runs|go|goes|get|gets)\s+(?:all the way\s+)?to\s*$/;
const DOWN = /(?:↓|below|under|less than|lower than|fewer than|at most|dips? (?:to|below)|falls? (?:to|below)|drops? (?:to|below)|<=?|≤|at or below)\s*$/;
const UP_AFTER = /^\s*(?:\+|or more|or above|or higher|or greater|and above|and up|plus)/;
const DOWN_AFTER = /^\s*(?:or less|or below|or lower|or fewer|and below|and under)/;

interface RawAmount {
  readonly value: number;
  readonly unit: Unit;
  readonly start: number;
  readonly end: number;
  /** Written "50+": an open-ended threshold. */
  readonly plus: boolean;
}

function unitOf(dollar: string | undefined, unitWord: string | undefined): Unit {
  if (dollar?.trim()) return 'usd';
  if (!unitWord) return 'count';
  if (unitWord === '%' || unitWord === 'percent') return 'pct';
  if (unitWord.startsWith('b')) return 'bps';
  return 'points';
}

function readAmounts(text: string): RawAmount[] {
  const out: RawAmount[] = [];
  const re = new RegExp(AMOUNT, 'gi');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [whole, dollar, digits, mult, plus, unitWord] = m;
    if (!digits) continue;
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    // Part of a word or code (GPT-5, TX-31): names, not quantities. "50-100" is a range.
    if (!dollar && (/[a-z0-9]$/i.test(before) || /[a-z]-$/i.test(before))) continue;
    const end = m.index + whole.trimEnd().length;
    const after = text.slice(end, end + 2);
    if (/^(st|nd|rd|th)\b/i.test(after) || /^[a-z]/i.test(after)) continue;
    const value = Number(digits.replace(/,/g, '')) * (MULTIPLIERS[(mult ?? '').toLowerCase()] ?? 1);
    const lowerUnit = unitWord?.toLowerCase();
    out.push({ value, unit: unitOf(dollar, lowerUnit), start: m.index, end, plus: Boolean(plus) });
  }
  return out;
}

function condition(comparator: Comparator, value: number, unit: Unit, cumulative: boolean, text: string, high?: number): NumericCondition {
  return high === undefined ? { comparator, value, unit, cumulative, text } : { comparator, value, high, unit, cumulative, text };
}

/** A bucket's upper bound written "to $101,999.99" means "below 102,000": round it up. */
function closeBound(high: number): number {
  const up = Math.ceil(high);
  return up - high > 0 && up - high < 0.011 ? up : high;
}

/**
 * Reads every numeric condition. "$50-100b" shares the multiplier and the unit of its upper end,
 * so both ends of a range are scaled together.
 */
export function extractNumbers(text: string): NumericCondition[] {
  // "25bps" is "25 bps": the unit glued to the number would otherwise read as a word.
  // "90°F" is 90: the degree sign would otherwise hide "or above" after it.
  const lower = text.toLowerCase().replace(/(\d)(bps|bp|basis point)/g, '$1 $2').replace(/(\d)\s?°(?:\s?[fc]\b)?/g, '$1');
  const amounts = readAmounts(lower);
  const out: NumericCondition[] = [];
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i];
    if (!a) continue;
    const next = amounts[i + 1];
    const gap = next ? lower.slice(a.end, next.start) : '';
    // "4 or 5" is a two-value bucket of counts, like "4 to 5".
    const countPair = next && a.unit === 'count' && next.unit === 'count' && next.value > a.value && /^\s*or\s*$/.test(gap);
    if (next && (countPair || /^\s*(?:-|–|—|to|and)\s*$/.test(gap))) {
      const unit = a.unit !== 'count' ? a.unit : next.unit;
      let low = a.value;
      // "$50-100b": the multiplier is written once, on the upper end.
      if (next.value >= 1000 && low < 1000 && next.value / 1000 >= low) {
        const scale = [1e12, 1e9, 1e6, 1e3].find((s) => next.value % s === 0 && next.value / s < 1000 && next.value / s > low);
        if (scale) low *= scale;
      }
      out.push(condition('range', low, unit, false, lower.slice(a.start, next.end), closeBound(next.value)));
      i++;
      continue;
    }
    const before = lower.slice(Math.max(0, a.start - 40), a.start);
    const after = lower.slice(a.end, a.end + 16);
    const textSpan = lower.slice(a.start, a.end);
    if (a.plus || UP.test(before) || UP_AFTER.test(after)) out.push(condition('gt', a.value, a.unit, true, textSpan));
    else if (DOWN.test(before) || DOWN_AFTER.test(after)) out.push(condition('lt', a.value, a.unit, true, textSpan));
    else if (TARGET.test(before) || HEADED_TO.test(lower.slice(0, a.start).replace(/\s+/g, ' ').trimStart())) out.push(condition('gt', a.value, a.unit, true, textSpan));
    else out.push(condition('eq', a.value, a.unit, false, textSpan));
  }
  return out;
}

/** Equal up to float noise, or up to a cent on large values (Kalshi writes $99,999.99 for $100k). */
const near = (x: number, y: number): boolean =>
  Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x), Math.abs(y)) || (Math.min(Math.abs(x), Math.abs(y)) >= 100 && Math.abs(x - y) <= 0.011);

/**
 * "at or above $450 on Jan 30" and "below $450 on Jan 30" split every outcome between them:
 * one is the other's complement. Only for a level read on one day, not for "reach by".
 */
export function thresholdComplement(allA: readonly NumericCondition[], allB: readonly NumericCondition[]): boolean {
  // Conditions both state (a contract size, an index name's number) do not decide the side.
  const a = allA.filter((x) => !allB.some((y) => sameCondition(x, y)));
  const b = allB.filter((y) => !allA.some((x) => sameCondition(x, y)));
  const [x] = a;
  const [y] = b;
  if (a.length !== 1 || b.length !== 1 || !x || !y) return false;
  const opposite = (x.comparator === 'gt' && y.comparator === 'lt') || (x.comparator === 'lt' && y.comparator === 'gt');
  return opposite && near(scaled(x).value, scaled(y).value) && (x.unit === y.unit || x.unit === 'count' || y.unit === 'count');
}

/** Puts 50 bps and 0.5% on one scale. */
function scaled(c: NumericCondition): { value: number; high?: number; unit: Unit } {
  if (c.unit === 'bps') return { value: c.value / 100, ...(c.high !== undefined ? { high: c.high / 100 } : {}), unit: 'pct' };
  return { value: c.value, ...(c.high !== undefined ? { high: c.high } : {}), unit: c.unit };
}

export function sameCondition(a: NumericCondition, b: NumericCondition): boolean {
  const x = scaled(a);
  const y = scaled(b);
  const unitsAgree = x.unit === y.unit || x.unit === 'count' || y.unit === 'count';
  if (!unitsAgree || !near(x.value, y.value)) return false;
  if (a.comparator !== b.comparator) return false;
  return a.comparator !== 'range' || near(x.high ?? 0, y.high ?? 0);
}

const COMPARATOR_WORD: Readonly<Record<Comparator, string>> = { gt: 'above', lt: 'below', range: 'between', eq: 'exactly' };

/** Why two condition lists disagree, or [] when they state the same conditions. */
export function compareNumbers(a: readonly NumericCondition[], b: readonly NumericCondition[]): string[] {
  const unmatchedA = a.filter((x) => !b.some((y) => sameCondition(x, y)));
  const unmatchedB = b.filter((y) => !a.some((x) => sameCondition(x, y)));
  if (unmatchedA.length === 0 && unmatchedB.length === 0) return [];
  const x = unmatchedA[0];
  const y = unmatchedB[0];
  if (x && y) {
    if (x.cumulative !== y.cumulative && (x.comparator === 'range' || y.comparator === 'range')) {
      return [`cumulative vs bucket: ${x.text} vs ${y.text}`];
    }
    const sx = scaled(x);
    const sy = scaled(y);
    if (x.comparator !== y.comparator && near(sx.value, sy.value)) {
      return [`comparator differs: ${COMPARATOR_WORD[x.comparator]} vs ${COMPARATOR_WORD[y.comparator]} ${x.text}`];
    }
    if (x.comparator !== y.comparator && x.comparator !== 'eq' && y.comparator !== 'eq') {
      return [`comparator differs: ${COMPARATOR_WORD[x.comparator]} ${x.text} vs ${COMPARATOR_WORD[y.comparator]} ${y.text}`];
    }
    return [`threshold differs: ${x.text} vs ${y.text}`];
  }
  const only = x ?? y;
  // A bare number on one side ("GPT 5.3" vs "GPT-5.3") is a name more often than a threshold.
  if (!only || (only.comparator === 'eq' && only.unit === 'count')) return [];
  return [`threshold on one side only: ${only.text}`];
}
