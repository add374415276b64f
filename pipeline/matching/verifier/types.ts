import type { ClockTime } from './read/clock.ts';

/** A market as the verifier sees it: enough to state the question it asks. */
export interface MarketRef {
  readonly venue: string;
  readonly title: string;
  /** "Yes" / "No" for a binary market, or the contract label within a group (a candidate, a bucket). */
  readonly outcome: string;
  /** YYYY-MM-DD, or null when the venue gives no end. */
  readonly end_date: string | null;
  readonly category: string;
  readonly description?: string | null;
  readonly rules?: string | null;
  /** The venue's own market code where it carries structure (a Kalshi ticker: KXNBAGAME-26JAN10SASBOS-BOS). */
  readonly ticker?: string | null;
  /** The venue's own market slug where it dates a game (Polymarket "nba-hou-uta-2025-12-01"). */
  readonly slug?: string | null;
}

export type MatchRelation = 'identity' | 'complement' | 'different';

export interface MatchVerdict {
  readonly same: boolean;
  /** 0-1: how strongly the evidence supports the verdict `same` (0 when `same` is false). */
  readonly confidence: number;
  readonly relation: MatchRelation;
  readonly reasons: readonly string[];
}

export type Comparator = 'gt' | 'lt' | 'range' | 'eq';
export type Unit = 'usd' | 'pct' | 'bps' | 'count' | 'points';

/** A numeric condition of the question: "above $100k", "between 5 and 10 years", "50 bps". */
export interface NumericCondition {
  readonly comparator: Comparator;
  readonly value: number;
  /** Upper bound for a range. */
  readonly high?: number;
  readonly unit: Unit;
  /** True when the condition is an open-ended threshold (cumulative), false for a closed bucket. */
  readonly cumulative: boolean;
  /** For gt/lt: the level itself is excluded ("above 2", "more than 25 bps"), not included ("2 or more", "25+ bps"). */
  readonly strict: boolean;
  /** A plain number with no comparator, unit or counted noun ("GPT 5.3", "Initiative 95"): more often a name than a level. */
  readonly bare: boolean;
  readonly text: string;
}

export type DateSense = 'by' | 'on' | 'in' | 'through' | 'after';

/** A date the question is conditioned on, reduced to the last day it covers. */
export interface DateCondition {
  readonly sense: DateSense;
  /** YYYY-MM-DD: the deadline (by), the day (on), or the last day of the period (in/through). */
  readonly end: string;
  /** Granularity of the period for 'in' (a year, a half-year, a quarter, a month, a day). */
  readonly granularity: 'year' | 'half' | 'quarter' | 'month' | 'day';
  readonly text: string;
}

export type EntityGroup = 'person' | 'party' | 'team' | 'asset' | 'org' | 'place' | 'name';

export interface PropEntity {
  readonly key: string;
  readonly group: EntityGroup;
  readonly label: string;
  /** For teams: the home city or region (lower case), which venues may name instead. */
  readonly city?: string;
  /** For teams: the nickname (lower case), shared by the ambiguous entity of a nickname two leagues use. */
  readonly nickname?: string;
  /** For a nickname two leagues use ("Giants"): every city that fields a team of that name. */
  readonly cities?: readonly string[];
}

/** The structured question one market asks; extracted once per market and compared many times. */
export interface Proposition {
  readonly venue: string;
  readonly text: string;
  readonly entities: readonly PropEntity[];
  readonly events: readonly string[];
  readonly offices: readonly string[];
  /** Titles and trophies named ("super-bowl", "nfc", "world-cup"). */
  readonly titles: readonly string[];
  /** Individual awards named ("mvp", "oroy", "popular-vote"). */
  readonly awards: readonly string[];
  /** Action groups the question asks about ("invade", "visit", "tenure", "win"). */
  readonly actions: readonly string[];
  readonly numbers: readonly NumericCondition[];
  readonly dates: readonly DateCondition[];
  /** The clock time the question is read at ("5pm ET"), when the title states one. */
  readonly clock: ClockTime | null;
  /** The hour the venue reads this question at when the title leaves it out (venueClocks.json); compared only against a stated clock. */
  readonly houseClock?: ClockTime | null;
  readonly years: readonly number[];
  /** "Super Bowl LIX", "119th Congress": edition labels that pin an event like a year does. */
  readonly editions: readonly string[];
  /** True when the market pays on the question being answered No (a No outcome, "Will X not ..."). */
  readonly negated: boolean;
  /** The title itself asks whether someone still holds a role ("be PM on June 30", "remain"), whatever the outcome picks. */
  readonly holdsRole: boolean;
  /** The title asks whether something has still not happened on a day ("still not listed on April 1"). */
  readonly stillAbsent?: boolean;
  /** The subject is one of a group ("Hegseth or another Cabinet member"), not the named one alone. */
  readonly widened: boolean;
  /** Canonical content words left after structure is taken out. */
  readonly words: readonly string[];
  /** The side a contract picks: the entities of its label, or the subject of a two-sided binary question. */
  readonly selected: readonly string[];
  /** Two-sided questions ("A vs B", "A before B") whose order matters. */
  readonly ordered: readonly [readonly string[], readonly string[]] | null;
  /** A directed verb in the passive with no agent ("be acquired"): any agent pays. */
  readonly agentless: boolean;
  /** "both X and Y": a conjunction of two events, never the same as one of them. */
  readonly conjunction: boolean;
  readonly endDate: string | null;
  /**
   * "The next prime minister" with no year of its own: the year its ticker says the market runs to
   * ("KXNEXTROMANIAPM-45JAN01" runs to 2045), the horizon within which the next one must come.
   */
  readonly horizon?: number | null;
  readonly fromSymbol: boolean;
  /** A Kalshi person code the ticker-title left unresolved ("JVAN"); a partner naming a fitting person resolves it. */
  readonly personCode?: string | null;
  /** How that code is formed: a politician's initials or initial and surname, or a player's surname start. */
  readonly personCodeKind?: 'person' | 'player' | 'country' | 'club' | 'any';
  /** Positions the title states ("picked 1st", "finish 3rd", "the second overall pick"), dates left out. */
  readonly ordinals?: readonly number[];
  /** An event's open question ("Who will win …?") answered Yes/No with nothing naming whom: it is about no one in particular. */
  readonly openQuestion?: boolean;
  /** A single game ("A vs. B", Kalshi "A at B Winner?", "Will A win on 2026-02-01?"): played on one day. */
  readonly game: boolean;
  /** The sides of a game title; the one not picked may go unnamed by the other venue. */
  readonly versus: readonly string[];
  /** Whether the contest can end with neither side winning: only when it cannot are its two sides negations. */
  readonly draws: 'yes' | 'no' | 'unknown';
  /** A game's sides as the venue writes them ("Los Angeles L", "Spurs"), and the side the contract picks ("draw" for a draw). */
  readonly sides: readonly string[];
  readonly pick: string | null;
  /** The event a game title names before its pairing ("Cincinnati Open", "NBA", "World Series Game 4"), else null. */
  readonly setting: string | null;
  /** Two side codes run together in a Kalshi ticker ("SASBOS"), for a title that names no sides. */
  readonly sideCodes: string;
  /** The day the event takes place when the market states it (a ticker's date, "win on 2026-01-10"), else null. */
  readonly eventDay: string | null;
  /** `eventDay` is the day in Eastern time (a Kalshi ticker's, or a rules text's "scheduled for Jan 25 at 6:35AM ET"). */
  readonly eventDayEastern?: boolean;
  /** The market it was read from, so a missing year can be read again against a partner's end date. */
  readonly source: MarketRef;
}
