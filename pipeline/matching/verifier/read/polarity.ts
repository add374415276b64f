/**
 * Polarity: whether a market pays on its stated event happening or on it not happening. A No
 * outcome, "not" / "never" / "fail to" / a leading "no <thing>" (and the negations rewritten to "not": "refrain from", "ends
 * without", "stays above" as "does not dip below"), holding a role against leaving it, and a count
 * of zero ("no Fed rate cuts", "0 (0 bps)") each flip it. A count of at least one is the event
 * itself ("at least once", "1 or more cuts"), so it is no threshold at all.
 */
import type { NumericCondition } from '../types.ts';

const NEGATION = /\b(?:not|never|fail(?:s|ed)? to)\b|n't\b/i;

/**
 * "Will a company other than Nvidia be the largest ...?", "Anyone other than Trump ...": the subject is everyone but the
 * one named, so the question is that one's negation; so is a role's holder asked as "be anyone other than X" ("Will
 * the 2028 GOP nominee be anyone other than JD Vance?"), and a title or prize that goes to (is won by) anyone but X
 * ("Will the 2027 NBA title go to any team other than the Thunder?"). Only as the subject or those predicates ("visit a
 * country other than Israel" is a visit, not its absence).
 */
const ANYONE_BUT = /^\s*(?:will\s+)?(?:a|an|any|some|anyone|anybody|someone|somebody)\s+(?:[\w'-]+\s+){0,2}?(?:other than|but|except)\s|\b(?:be|is)\s+(?:anyone|anybody|someone|somebody)\s+(?:other than|but|except)\s|\b(?:go(?:es)?\s+to|(?:be\s+)?won\s+by)\s+(?:a|an|any|anyone|anybody|someone|somebody)\s+(?:[\w'-]+\s+){0,2}?(?:other than|except)\s/i;

/** "Will someone other than X win …?": X's negation, asked as everyone else. */
export function asksAnyoneBut(title: string): boolean {
  return ANYONE_BUT.test(title);
}

export function negatedByWords(title: string): boolean {
  return NEGATION.test(title) || ANYONE_BUT.test(title);
}

/**
 * "No" as a determiner where the question's subject starts: "No spot XRP ETF approved in 2025?", "Will no hurricane make
 * US landfall in 2027?", "Will there be no ceasefire by June 30?"; or as the object of a doing verb: "Will Strategy make
 * no bitcoin sales by June 30?", "Will the season have no Category 5 hurricane?". Not the fixed phrases that keep "no"
 * inside a positive question ("no later than", "no change", "vote of no confidence", "no more than 2", "No. 1", "no
 * longer"), and not a count of none ("no Fed rate cuts", read as a count of zero by occurrence()).
 */
const NO_DETERMINER = /(?:^\s*(?:will\s+)?|\b(?:there\s+(?:will\s+)?(?:be|is|are)|will\s+there\s+be|makes?|issues?|signs?|grants?|records?|scores?|have|has|sees?)\s+)no\s+(?!(?:later|change|confidence|more|fewer|less|longer|one|kings|deal|way|matter|doubt)\b)[a-z]/i;

export function negatedByNoDeterminer(title: string): boolean {
  return NO_DETERMINER.test(title);
}

/** Counts and basis points: the units in which "none" and "at least one" describe occurrence. */
const COUNTED = new Set(['count', 'bps']);

function isZero(c: NumericCondition): boolean {
  if (!COUNTED.has(c.unit)) return false;
  if (c.comparator === 'eq') return c.value === 0;
  // "fewer than 1", "0 or fewer": the largest count accepted is zero.
  return c.comparator === 'lt' && (c.strict ? Math.ceil(c.value) - 1 : Math.floor(c.value)) === 0;
}

function isAtLeastOne(c: NumericCondition): boolean {
  if (c.unit !== 'count' || c.comparator !== 'gt') return false;
  return c.strict ? c.value === 0 : c.value === 1;
}

/** At least one 25 bp step: "25+ bps", "more than 0 bps". */
function isAtLeastOneStep(c: NumericCondition): boolean {
  if (c.unit !== 'bps' || c.comparator !== 'gt') return false;
  return c.strict ? c.value >= 0 && c.value < 25 : c.value > 0 && c.value <= 25;
}

export interface Occurrence {
  readonly numbers: NumericCondition[];
  /** True when the only count is zero: the market asks that the event does not happen. */
  readonly negate: boolean;
}

/**
 * "Will no Fed rate cuts happen in 2025?" is "will the Fed not cut rates in 2025?", and "cut rates at
 * least once in 2025" is "cut rates in 2025". Only a lone count is read this way: with other levels
 * around ("0 to 2 cuts", "above $100k and 0 …") the count is a bucket edge, kept as written.
 */
export function occurrence(numbers: readonly NumericCondition[], policySteps = false): Occurrence {
  if (numbers.length !== 1) return { numbers: [...numbers], negate: false };
  const [c] = numbers as [NumericCondition];
  if (isZero(c)) return { numbers: [], negate: true };
  if (isAtLeastOne(c)) return { numbers: [], negate: false };
  // A central bank moves in steps of 25 bps: "a 25+ bps increase" is any increase.
  if (policySteps && isAtLeastOneStep(c)) return { numbers: [], negate: false };
  return { numbers: [...numbers], negate: false };
}
