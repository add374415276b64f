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

const UP = /(?:↑|go(?:es)? up past|rises? above|past|above|over|north of|more than|greater than|higher than|longer than|exceeds?|exceeding|at least|>=?|≥|break(?:s)?|close at or above|at or above)\s*$/;
/**
 * A target verb with a level ("hit $1", "reach a $3T market cap", "cross 100k") asks whether the level
 * is touched at least once: a threshold, never "exactly". Up to two words ("a", "a new") may sit between.
 */
/** Passing a level, not touching it: "top 30 inches", "exceed 100", "surpass 3%" are above it. */
const PASS_TARGET = /\b(?:top|tops|topped|surpass|surpasses|surpassed|exceed|exceeds|eclipse|eclipses)\s+(?:(?:a|an|the|new|fresh|record)\s+){0,2}$/;
const TARGET = /\b(?:hit|hits|hitting|reach|reaches|reached|reaching|touch|touches|touched|top|tops|topped|cross|crosses|crossed|surpass|surpasses|surpassed|break|breaks|smash|smashes|eclipse|eclipses|exceed|exceeds)\s+(?:(?:a|an|the|new|fresh|record)\s+){0,2}$/;
/**
 * "DOGE to $1", "Bitcoin price to 150k by June?", "Gold climbs to $5,000": a subject headed to a level.
 * A move set to a level ("cut rates to 3.5%", "falls to $50") is not: that level is the result, read as stated.
 */
const HEADED_TO = /(?:^|\?\s*|:\s*)(?:will\s+)?(?:the\s+)?(?:(?!(?:cut|lower|raise|hike|set|fall|drop|dip|decline|reduce|increase|move|change|bring|slash|sink|crash|plunge)s?\s)[a-z0-9&.'()-]+\s+){0,2}(?:price\s+|stock\s+|shares?\s+)?to\s*$|\b(?:rise|rises|climb|climbs|surge|surges|soar|soars|jump|jumps|rally|rallies|pump|pumps|run|runs|go|goes|get|gets)\s+(?:all the way\s+)?to\s*$/;
const DOWN = /(?:↓|below|under|south of|less than|lower than|shorter than|fewer than|at most|dips? (?:to|below)|falls? (?:to|below)|drops? (?:to|below)|<=?|≤|at or below)\s*$/;
/** Up to two words of measure may sit between a level and its direction: "0.3% MoM or lower", "4 inches or less". */
const MEASURE_WORDS = String.raw`(?:(?!(?:or|and|in|by|on|at|for|of|the|to|than|before|after|from|between)\b)[a-z][a-z./-]*\s+){0,2}`;
const UP_AFTER = new RegExp(String.raw`^\s*(?:\+|${MEASURE_WORDS}(?:or more|or above|or higher|or greater|or over|and above|and over|and up)|plus)`);
const DOWN_AFTER = new RegExp(String.raw`^\s*${MEASURE_WORDS}(?:or less|or below|or lower|or fewer|or under|and below|and under)`);

interface RawAmount {
  readonly value: number;
  readonly unit: Unit;
  readonly start: number;
  readonly end: number;
  /** Written "50+": an open-ended threshold. */
  readonly plus: boolean;
  /** The multiplier written with it ("1.25m": 1e6), 1 for none. */
  readonly scale: number;
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
    // "100k-105k": the upper end of a range whose lower end carries its multiplier is no code.
    const rangeEnd = /\d[kmb]-$/i.test(text.slice(Math.max(0, m.index - 3), m.index));
    if (!dollar && !rangeEnd && (/[a-z0-9]$/i.test(before) || /[a-z]-$/i.test(before))) continue;
    const end = m.index + whole.trimEnd().length;
    const after = text.slice(end, end + 2);
    if (/^(st|nd|rd|th)\b/i.test(after) || /^[a-z]/i.test(after)) continue;
    // A sign standing alone before the number ("net approval above -5", "below −0.5%", "+3"): a signed level.
    const sign = !dollar && /(?:^|[\s(])[-−+]$/.test(text.slice(Math.max(0, m.index - 2), m.index)) ? text.charAt(m.index - 1) : '';
    const scale = MULTIPLIERS[(mult ?? '').toLowerCase()] ?? 1;
    const magnitude = Number(digits.replace(/,/g, '')) * scale;
    const value = sign === '-' || sign === '−' ? -magnitude : magnitude;
    const lowerUnit = unitWord?.toLowerCase();
    out.push({ value, unit: unitOf(dollar, lowerUnit), start: sign ? m.index - 1 : m.index, end, plus: Boolean(plus), scale });
  }
  return out;
}

function condition(comparator: Comparator, value: number, unit: Unit, cumulative: boolean, text: string, extra: { high?: number; strict?: boolean; bare?: boolean } = {}): NumericCondition {
  const base = { comparator, value, unit, cumulative, strict: extra.strict ?? false, bare: extra.bare ?? false, text };
  return extra.high === undefined ? base : { ...base, high: extra.high };
}

/** "at least 3", "3 or more", "25+ bps", "reach $100k", "at or under 4.5%": the level itself counts. "above 3", "more than 25 bps": it does not. */
const INCLUSIVE_BEFORE = /(?:at least|no less than|>=|≥|at or (?:above|below|over|under)|at most|no more than|<=|≤|dips? to|falls? to|drops? to)\s*$/;
/** Counted things after a number ("3 Fed rate cuts", "2 times"): the number is a count, not a name. */
const COUNTED_AFTER = /^\s*(?:[a-z-]+\s+){0,3}?(?:times?|cuts?|hikes?|increases?|decreases?|seats?|goals?|points?|games?|wins?|medals?|touchdowns?|runs?|tweets?|posts?|strikes?|launches|meetings?|states?|countries|members?|bills?|orders?|people|cases|deaths|days|weeks|months|years)\b/;
const EXACT_BEFORE = /\b(?:exactly|precisely|only|just)\s*$/;

/** Number words before a counted noun and "once"/"twice" as digits: "exactly one cut", "no Fed rate cuts", "cut twice". */
const NUMBER_WORDS: Readonly<Record<string, string>> = {
  no: '0', zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10', eleven: '11', twelve: '12',
};
const WORD_COUNT = new RegExp(String.raw`\b(${Object.keys(NUMBER_WORDS).join('|')})\b(?=\s+(?:[a-z-]+\s+){0,2}?(?:times?|cuts?|hikes?|increases?|decreases?|seats?|goals?|games?|medals?|meetings?|states?|countries|members?|vetoe?s|pardons)\b)`, 'g');
/** The number words a count is written with ("no" and "zero" say none, read by polarity.ts). */
const COUNT_WORD = Object.keys(NUMBER_WORDS).filter((w) => w !== 'no' && w !== 'zero').join('|');
/** Words ending in s that are not plurals of a counted thing. */
const NOT_PLURAL = new Set(['this', 'his', 'hers', 'its', 'was', 'has', 'does', 'goes', 'yes', 'plus', 'news', 'series', 'less', 'unless', 'across', 'always', 'perhaps', 'whereas', 'various', 'previous', 'famous', 'us', 'bonus', 'status', 'versus', 'chaos', 'sales']);
/**
 * A number word other than "no" before a plural within two words ("two Republican senators", "ten
 * Starships"), or after a comparison ("at least one senator", "exactly one", "more than two"): a count.
 */
const WORD_BEFORE_PLURAL = new RegExp(String.raw`(?<!\bat least\s+)\b(${COUNT_WORD})\b(?=\s+(?:[a-z-]+\s+){0,2}?([a-z]{3,}s)\b)(?!\s+of\b)`, 'g');
/** A number word before an open bound ("five or more Oscars", "three or fewer"): the count the bound is on. */
const WORD_BEFORE_BOUND = new RegExp(String.raw`\b(${COUNT_WORD})(?=\s+or\s+(?:more|fewer|less|above|higher|greater|below|lower)\b)`, 'g');
// "At least one" stays words: it is the event happening at all (polarity.ts), not a count to compare.
const WORD_AFTER_COMPARISON = new RegExp(String.raw`\b(?:(at least)\s+(?!one\b)|(at most|exactly|precisely|more than|fewer than|less than|over|under|only|just)\s+)(${COUNT_WORD})\b(?!\s+of\b)`, 'g');

/** "$100.000" and "1.234.567": thousands written with dots (European style) become commas. */
function localeThousands(text: string): string {
  if (!/\d\.\d{3}/.test(text)) return text;
  return text
    .replace(/([$€£]\s?)(\d{1,3})((?:\.\d{3})+)(?![\d,]|\.\d)/g, (_m, cur: string, lead: string, groups: string) => `${cur}${lead}${groups.replace(/\./g, ',')}`)
    .replace(/\b(\d{1,3})((?:\.\d{3}){2,})(?![\d,]|\.\d)/g, (_m, lead: string, groups: string) => `${lead}${groups.replace(/\./g, ',')}`);
}

const CELSIUS_UNIT = String.raw`\s?(?:°\s?c\b|(?:°\s?|degrees?\s)?celsius\b)`;
const CELSIUS = new RegExp(String.raw`(?<![\d.])(-?\d+(?:\.\d+)?)${CELSIUS_UNIT}`, 'g');
/** "25-27°C", "between 25 and 27 °C": the unit after the upper end is the lower end's too. */
const CELSIUS_RANGE = new RegExp(String.raw`(?<![\d.])(-?\d+(?:\.\d+)?)(\s?(?:-|–|to|and)\s?)(-?\d+(?:\.\d+)?)${CELSIUS_UNIT}`, 'g');
const fahrenheit = (celsius: string): string => String(Math.round(Number(celsius) * 18 + 320) / 10);
/**
 * A temperature difference (an anomaly, warming above pre-industrial, a rise): published in Celsius on every venue, its
 * decimals the scale it steps in, and no reading to convert (a difference of 1.3°C is no 34.3°F).
 */
const TEMPERATURE_DIFFERENCE = /\b(?:anomal(?:y|ies)|warming|pre-?industrial|temperature (?:increase|rise|change))\b/;

/** "30 cm", "381 mm" of snow or rain: read in the inches a US venue writes them in (to two decimals). */
const METRIC_LENGTH = /(?<![\d.])(\d+(?:\.\d+)?)\s?(cm|mm|centimet(?:er|re)s?|millimet(?:er|re)s?)\b/g;
const inches = (n: string, unit: string): string => `${Math.round((Number(n) / (unit.startsWith('c') ? 2.54 : 25.4)) * 100) / 100} inches`;

/** A rate move: where "a quarter point" and "0.25 percentage point" are the 25 bps a venue's bucket names. */
const RATE_MOVE = /\b(?:cut|cuts|hike|hikes|raise|raises|lower|lowers|rate|rates|fed|fomc|ecb|boe|boj)\b/i;

export function pointsAsBps(text: string): string {
  if (!RATE_MOVE.test(text) || !/point|\bpp/i.test(text)) return text;
  return text
    // "A half-point or bigger cut" is a cut of 50 bps or more.
    .replace(/\b(?:a\s+)?(quarter|half)[- ](?:percentage[- ])?point\s+or\s+(?:bigger|larger|more|greater)\b/gi, (_m, size: string) => `${size.toLowerCase() === 'half' ? 50 : 25}+ bps`)
    .replace(/\b(?:a\s+)?quarter[- ](?:percentage[- ])?point\b/gi, '25 bps')
    .replace(/\b(?:a\s+)?half[- ](?:percentage[- ])?point\b/gi, '50 bps')
    .replace(/(?<![\d.])(\d*\.\d+|\d+)\s*(?:percentage[- ]points?|pp|ppts?)\b/gi, (_m, n: string) => `${Math.round(Number(n) * 100)} bps`);
}

/** A unit declared once in brackets ("Opening Weekend ($M)", "Revenue (in $bn)"): the scale of the bare lines after a direction. */
const DECLARED_SCALE = /\s*\((?:in\s+)?\$\s?(k|m|mm|b|bn)\)/;
const BARE_LINE = /\b(over|under|above|below|at least|more than|less than|fewer than)\s+(\d[\d,]*(?:\.\d+)?)(?![\d.,]*\s?(?:k|m|mm|b|bn|t|thousand|million|billion|trillion|%)\b)/g;

function declaredScale(text: string): string {
  const declared = DECLARED_SCALE.exec(text);
  if (!declared?.[1]) return text;
  const mult = declared[1] === 'mm' ? 'm' : declared[1];
  return text.replace(DECLARED_SCALE, '').replace(BARE_LINE, (_m, dir: string, n: string) => `${dir} $${n}${mult}`);
}

/** What the number reader sees: units unglued, degree signs dropped, counts in digits, conversions in brackets dropped. */
export function prepareNumbers(text: string): string {
  const difference = TEMPERATURE_DIFFERENCE.test(text.toLowerCase());
  return declaredScale(localeThousands(text.toLowerCase()))
    // "25bps" is "25 bps": the unit glued to the number would otherwise read as a word.
    .replace(/(\d)(bps|bp|basis point)/g, '$1 $2')
    // "zero or negative job growth": at most zero.
    .replace(/\bzero or negative\b/g, '0 or below')
    // "Negative GDP growth", "a negative jobs report": a print below zero (zero itself is neither sign).
    .replace(/\b(negative|positive) ((?:real |us |u\.s\. |quarterly |annual )?(?:gdp(?: growth)?|growth|jobs?(?: report| growth)?|payrolls?|job growth|print|inflation|cpi))\b/g, (_m, sign: string, what: string) => `${what} ${sign === 'negative' ? 'below' : 'above'} 0${/jobs?|payrolls?/.test(what) ? '' : '%'}`)
    // "Will GDP contract in Q2?", "the economy shrinks": growth below zero, as "negative GDP growth" is (no level written).
    .replace(/\b((?:real |us |u\.s\. )?(?:gdp|economy))\b((?:(?!\d)[^?])*?)\b(?:contract(?:s|ed|ing)?|shrink(?:s|ing)?|decrease(?:s|d)?|decline(?:s|d)?)\b(?![^?]*\d)/g, '$1$2 growth below 0%')
    // "30°C" is read as the 86°F it is, so a venue writing Celsius and one writing Fahrenheit compare their levels.
    .replace(CELSIUS_RANGE, (_m, lo: string, sep: string, hi: string) => (difference ? `${lo}${sep}${hi}` : `${fahrenheit(lo)}${sep}${fahrenheit(hi)}`))
    .replace(CELSIUS, (_m, c: string) => (difference ? c : fahrenheit(c)))
    .replace(METRIC_LENGTH, (_m, n: string, unit: string) => inches(n, unit))
    // "90°F" is 90: the degree sign would otherwise hide "or above" after it.
    .replace(/(\d)\s?°(?:\s?[fc]\b)?/g, '$1')
    // "3 (75 bps)", "12+ (300+ bps)": the bracket restates the count in basis points.
    .replace(/(\d\+?)\s*\(\s*\d+\+?\s*(?:bps|bp)\s*\)/g, '$1')
    // Azuro's "Total Goals: Over (2.5)": the line in brackets is the line.
    .replace(/\b(over|under|above|below)\s*\(\s*(\d[\d.,]*)\s*\)/g, '$1 $2')
    // "top-3" is "top 3": the hyphen would hide the rank.
    // "Two weeks" of a duration is 14 days, as the other venue may count it.
    .replace(/\b(\d+|two|three|four|six|eight) weeks?\b/g, (_m, n: string) => `${Number(NUMBER_WORDS[n] ?? n) * 7} days`)
    .replace(/\btop-(\d)/g, 'top $1')
    // "the top four" is "top 4": a rank written as a word is that rank.
    .replace(/\btop[- ](two|three|four|five|six|seven|eight|nine|ten|twelve)\b/g, (_m, w: string) => `top ${NUMBER_WORDS[w] ?? w}`)
    .replace(/\bonce\b/g, '1 time').replace(/\btwice\b/g, '2 times').replace(/\bthrice\b/g, '3 times')
    .replace(WORD_COUNT, (w: string) => NUMBER_WORDS[w] ?? w)
    .replace(WORD_BEFORE_BOUND, (w: string) => NUMBER_WORDS[w] ?? w)
    .replace(WORD_AFTER_COMPARISON, (_m, least: string | undefined, cmp: string | undefined, w: string) => `${least ?? cmp} ${NUMBER_WORDS[w] ?? w}`)
    .replace(WORD_BEFORE_PLURAL, (w: string, _n: string, plural: string) => (NOT_PLURAL.has(plural) ? w : (NUMBER_WORDS[w] ?? w)));
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
  const lower = prepareNumbers(text);
  const counted = /\bhow many\b|\bnumber of\b/.test(lower);
  const amounts = readAmounts(lower);
  const out: NumericCondition[] = [];
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i];
    if (!a) continue;
    const next = amounts[i + 1];
    const gap = next ? lower.slice(a.end, next.start) : '';
    // "4 or 5" is a two-value bucket of counts, like "4 to 5".
    const countPair = next && a.unit === 'count' && next.unit === 'count' && next.value > a.value && /^\s*or\s*$/.test(gap);
    // "$100k to <$102k", "at least $98,000 but under $100,000": a bucket whose upper end is written as a bound.
    const boundedAbove = next && /^\s*(?:to\s*(?:<|under|below|less than)|[-–]\s*<|(?:but|and)\s+(?:under|below|less than|lower than))\s*$/.test(gap) && (!/(?:but|and)/.test(gap) || UP.test(lower.slice(Math.max(0, a.start - 40), a.start)));
    if (next && (countPair || boundedAbove || /^\s*(?:-|–|—|to|and)\s*$/.test(gap))) {
      const unit = a.unit !== 'count' ? a.unit : next.unit;
      let low = a.value;
      // "$50-100b", "1-1.25m": the multiplier is written once, on the upper end.
      if (a.scale === 1 && next.scale > 1 && low * next.scale <= next.value) low *= next.scale;
      else if (next.value >= 1000 && low < 1000 && next.value / 1000 >= low) {
        const scale = [1e12, 1e9, 1e6, 1e3].find((s) => next.value % s === 0 && next.value / s < 1000 && next.value / s > low);
        if (scale) low *= scale;
      }
      // "150k-199k": an abbreviated count's upper end covers its thousand ("199k" is up to 199,999).
      // "10 to <20 posts": the bound is not in a small count's bucket.
      const high = next.scale === 1000 && unit === 'count' && !boundedAbove && Math.round(next.value / 1000) % 10 === 9 ? next.value + 999 : boundedAbove && unit === 'count' && Number.isInteger(next.value) && next.value < 1000 ? next.value - 1 : next.value;
      out.push(condition('range', low, unit, false, lower.slice(a.start, next.end), { high: closeBound(high) }));
      i++;
      continue;
    }
    const before = lower.slice(Math.max(0, a.start - 40), a.start);
    const after = lower.slice(a.end, a.end + 40);
    const textSpan = lower.slice(a.start, a.end);
    const strict = !INCLUSIVE_BEFORE.test(before);
    if (a.plus || UP_AFTER.test(after)) out.push(condition('gt', a.value, a.unit, true, textSpan));
    else if (DOWN_AFTER.test(after)) out.push(condition('lt', a.value, a.unit, true, textSpan));
    else if (UP.test(before)) out.push(condition('gt', a.value, a.unit, true, textSpan, { strict }));
    else if (DOWN.test(before)) out.push(condition('lt', a.value, a.unit, true, textSpan, { strict }));
    else if (TARGET.test(before) || HEADED_TO.test(lower.slice(0, a.start).replace(/\s+/g, ' ').trimStart())) out.push(condition('gt', a.value, a.unit, true, textSpan, { strict: PASS_TARGET.test(before) }));
    else {
      const bare = a.unit === 'count' && !counted && !EXACT_BEFORE.test(before) && !COUNTED_AFTER.test(lower.slice(a.end, a.end + 40));
      out.push(condition('eq', a.value, a.unit, false, textSpan, { bare }));
    }
  }
  return out;
}

