import type { VenueSlug } from '../venues/registry.ts';
import type { FeeModel } from '../fees/feeModel.ts';

/** The shared category list; every normalised market carries exactly one of these. */
export const CATEGORIES = ['crypto', 'politics', 'sports', 'science', 'entertainment', 'economics', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

export const MARKET_STATUSES = ['open', 'closed', 'resolved'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** Quote currency a venue's volumes, liquidity and prices are denominated in. */
export type Currency = 'USDC' | 'USDT' | 'USD' | 'MANA' | 'WETH';

/**
 * One outcome of a binary market. `price` is the venue's 0-1 probability of this outcome (its
 * mid or last trade, with any bookmaker margin removed; docs/prices.md says which per venue);
 * null when the venue publishes no price for it (never invented as 0). Indexes and alerts read
 * `price`. `best_bid` / `best_ask` are what a taker could sell / buy this outcome at now, for
 * execution (the arbitrage scanner); null where the venue quotes no such side, absent on
 * snapshots recorded before they existed.
 */
export interface Outcome {
  readonly label: string;
  readonly outcome_index: number;
  readonly price: number | null;
  readonly best_bid?: number | null;
  readonly best_ask?: number | null;
}

/**
 * The parent of a market split out of a multi-outcome event (a PredictIt market with
 * candidate contracts, a Polymarket negRisk event, an Azuro condition): each contract
 * becomes its own binary market and points back here.
 */
export interface MarketGroup {
  readonly id: string;
  readonly title: string;
  /** The label of this market's contract within the group (a candidate, a bucket). */
  readonly outcome_label: string;
}

/**
 * A venue market normalised to Concord's shape. Always binary (Yes/No) after splitting:
 * `outcomes[0]` is Yes and `outcomes[1]` is No unless the venue names them otherwise.
 */
export interface NormalizedMarket {
  /** Deterministic UUID (v5) from platform slug + platform_market_id. */
  readonly id: string;
  readonly platform_slug: VenueSlug;
  /** The venue's own identifier, the one used to route orders there. */
  readonly platform_market_id: string;
  readonly title: string;
  readonly slug: string;
  readonly description: string | null;
  readonly url: string | null;
  readonly category: Category;
  readonly status: MarketStatus;
  /** ISO 8601, or null for perpetual / undated markets. */
  readonly end_time: string | null;
  /** ISO 8601 creation time on the venue, when it says. */
  readonly created_at: string | null;
  readonly outcomes: readonly Outcome[];
  readonly group: MarketGroup | null;
  /** 24-hour volume in `currency`; null when the venue does not publish it. */
  readonly volume24h: number | null;
  /** Lifetime volume in `currency`; null when unknown. */
  readonly volume_total: number | null;
  /** Liquidity in `currency`; null when unknown. */
  readonly liquidity: number | null;
  readonly currency: Currency;
  /** Play money can be compared but never counts as real-money arbitrage. */
  readonly play_money: boolean;
  readonly fee: FeeModel;
  /** When the prices were observed (venue timestamp if it gives one, else fetch time), ISO 8601. */
  readonly quoted_at: string;
  /**
   * The venue's key for this market's order book where it differs from `platform_market_id`
   * (Polymarket: the Yes token id of the CLOB). Absent where the market id is the key.
   */
  readonly book_ref?: string | null;
}
