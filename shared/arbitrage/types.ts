import type { Category, Currency, Outcome } from '../types/market.ts';
import type { FeeModel } from '../fees/feeModel.ts';
import type { LinkRelation, MatchMethod } from '../events.ts';
import type { VenueSlug } from '../venues/registry.ts';

/** Enumerations of the spec's ArbitrageOpportunity (interface-spec.md). */
export const ARB_TYPES = ['direct', 'dutch_book'] as const;
export type ArbitrageType = (typeof ARB_TYPES)[number];
export const CLASSIFICATIONS = ['actionable', 'informational', 'noise'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];
export const OPPORTUNITY_STATUSES = ['active', 'stale', 'resolved'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];
export const RISK_GATE_STATES = ['allowed', 'degraded', 'blocked'] as const;
export type RiskGateState = (typeof RISK_GATE_STATES)[number];
export const GUARANTEES = ['STRICT', 'QUASI'] as const;
export type Guarantee = (typeof GUARANTEES)[number];

/** One price level: `size` is in shares (contracts paying 1 unit of the venue's currency). */
export interface BookLevel {
  readonly price: number;
  readonly size: number;
}

/** One outcome's book: bids best (highest) first, asks best (lowest) first. */
export interface OutcomeBook {
  readonly bids: readonly BookLevel[];
  readonly asks: readonly BookLevel[];
}

/**
 * A market's order book in its own outcome space: `yes` is outcomes[0], `no` outcomes[1]. Venues that
 * book only the first outcome get the second mirrored (pipeline/venues/orderbook/book.ts).
 */
export interface OrderBook {
  readonly yes: OutcomeBook;
  readonly no: OutcomeBook;
  /** When the venue says the book was current (else when it was fetched), ISO 8601. */
  readonly quoted_at: string;
  /** Whether `quoted_at` is the venue's own timestamp (true) or our fetch time (false). */
  readonly stamped: boolean;
  /** Composed in recorded mode (no real capture of this book exists). */
  readonly composed?: boolean;
}

/** How a venue's operations stand, from the VENUES stream. */
export interface VenueState {
  /** Not ingested at all (no API key, switched off). */
  readonly disabled: boolean;
  /** The latest fetch failed after the latest success. */
  readonly failing: boolean;
  readonly last_success_at: string | null;
}

/** One linked market as the scanner hands it to a scoring worker. */
export interface ScanMember {
  readonly market_id: string;
  readonly platform_slug: VenueSlug;
  readonly platform_market_id: string;
  readonly title: string;
  readonly url: string | null;
  readonly status: string;
  readonly end_time: string | null;
  readonly relation: LinkRelation;
  readonly confidence: number;
  readonly match_method: MatchMethod;
  readonly play_money: boolean;
  readonly currency: Currency;
  readonly fee: FeeModel;
  readonly volume24h: number | null;
  readonly liquidity: number | null;
  readonly outcomes: readonly Outcome[];
  /** The listing's quote time: the venue's stamp where it gives one, else the fetch that produced it. */
  readonly quoted_at: string;
  /** Fetch time of the snapshot (equal to quoted_at when the venue stamps nothing). */
  readonly fetched_at: string;
  readonly book: OrderBook | null;
  readonly venue: VenueState;
}

export interface ScanQuestion {
  readonly id: string;
  readonly title: string;
  readonly slug: string;
  readonly category: Category;
  readonly end_time: string | null;
  readonly members: readonly ScanMember[];
}

export interface ScanClock {
  /** The scan's wall-clock time, ISO 8601. */
  readonly now: string;
  /**
   * The time each venue's quotes are aged against: `now` when live; in recorded mode the newest
   * quote time of that venue's recording (docs/arbitrage.md, "Staleness in recorded mode").
   */
  readonly reference: Readonly<Partial<Record<VenueSlug, string>>>;
  readonly staleAfterMs: number;
}

export interface PlatformInfo {
  readonly id: string;
  readonly slug: VenueSlug;
  readonly name: string;
}

export type PriceSource = 'order_book' | 'listing_quote' | 'probability';

/** One order of the trade: what to place on which venue, at what price, with how much behind it. */
export interface ArbitrageLeg {
  readonly role: 'buy' | 'sell';
  readonly platform: PlatformInfo;
  readonly market_id: string;
  readonly platform_market_id: string;
  readonly market_title: string;
  readonly url: string | null;
  /** The venue outcome the order is for (its own label: Yes, No, Up...). */
  readonly outcome: string;
  readonly outcome_index: number;
  readonly side: 'buy' | 'sell';
  readonly price: number;
  /** Shares available at `price` (top level); null when the venue gives no size. */
  readonly size: number | null;
  readonly price_source: PriceSource;
  /** When the quote was current (the venue's stamp, a book's timestamp or the confirming fetch). */
  readonly quoted_at: string;
  /** Taker fee plus the worst-case settlement fee per share; null when the fee model is unknown. */
  readonly fee_per_share: number | null;
  readonly relation: LinkRelation;
  readonly link_confidence: number;
  readonly end_time: string | null;
  readonly currency: Currency;
}

/** The spec's ArbitrageOpportunity plus Concord's additions (docs/arbitrage.md). */
export interface ArbitrageOpportunity {
  readonly id: string;
  readonly canonical_question_id: string;
  readonly question_title: string;
  readonly question_slug: string;
  readonly category: Category;
  readonly type: ArbitrageType;
  readonly buy_platform: PlatformInfo;
  readonly sell_platform: PlatformInfo;
  readonly buy_price: number;
  readonly sell_price: number;
  readonly spread: number;
  readonly spread_bps: number;
  readonly net_spread: number;
  readonly estimated_profit: number;
  readonly arbitrage_score: number;
  readonly classification: Classification;
  readonly status: OpportunityStatus;
  readonly liquidity: number;
  readonly volume24h: number;
  readonly risk_gate_state: RiskGateState;
  readonly guarantee: Guarantee;
  readonly detected_at: string;
  readonly fees: { readonly buy_fee: number; readonly sell_fee: number; readonly total_fees: number };
  // Additions.
  readonly legs: readonly [ArbitrageLeg, ArbitrageLeg];
  /** Pairs (shares of each leg) the books support while the net spread stays positive; null without sizes. */
  readonly max_size: number | null;
  /** Cash needed to trade `max_size`, fees included. */
  readonly max_capital: number | null;
  /** Net return on capital per year, capital locked until the later market's end (simple, not compounded). */
  readonly annualized_return: number | null;
  /** The later of the two markets' end times: when the capital comes back. */
  readonly capital_locked_until: string | null;
  /** Capital per pair: buy_price + (1 - sell_price) plus upfront fees. */
  readonly capital_per_pair: number;
  readonly fees_known: boolean;
  /** Why it is not actionable (empty when it is): play money, unknown fee, stale quote, ... */
  readonly actionable_blockers: readonly string[];
  readonly score_factors: { readonly execution: number; readonly market: number; readonly temporal: number };
  readonly updated_at: string;
  readonly resolved_at: string | null;
  readonly resolution_reason: string | null;
}

/** What a scoring worker returns for one opportunity found in one scan (before lifecycle). */
export type OpportunityCandidate = Omit<ArbitrageOpportunity, 'status' | 'detected_at' | 'updated_at' | 'resolved_at' | 'resolution_reason'> & {
  /** A leg's quote is older than the bound, or its venue's last fetch failed. */
  readonly stale: boolean;
};

/** Per question: the candidates found, and why the question has none when it has none. */
export interface QuestionScanResult {
  readonly question_id: string;
  readonly candidates: readonly OpportunityCandidate[];
  /** Markets of the question tradeable at scan time (open, not past their end). */
  readonly tradeable_market_ids: readonly string[];
}
