import type { KalshiMarket } from './schema.ts';

/**
 * Kalshi's quote for one market from the listing, in dollars (0..1) and contracts: the source of each
 * outcome's `best_bid` / `best_ask` (Yes from `yes_bid`/`yes_ask`, No from `no_bid`/`no_ask`) and of
 * the probability shown as `price`. Null where that side has no resting order.
 */
export interface KalshiTopOfBook {
  readonly platform_market_id: string;
  readonly yes_bid: number | null;
  readonly yes_ask: number | null;
  readonly no_bid: number | null;
  readonly no_ask: number | null;
  /** Contracts resting at the best Yes bid (= at the best No ask). */
  readonly yes_bid_size: number | null;
  /** Contracts resting at the best Yes ask (= at the best No bid). */
  readonly yes_ask_size: number | null;
  /** Price of the last trade; null for a market that never traded. */
  readonly last_trade: number | null;
}

/** Kalshi's own display rule for a tight book is the midpoint; beyond this spread the midpoint says little. */
export const MAX_SPREAD_FOR_MIDPOINT = 0.1;

/** Dollar amounts to the micro-dollar: Kalshi quotes at most 6 decimals, so this only removes binary noise. */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * A bid of 0.0000 or an ask of 1.0000 is Kalshi's placeholder for an empty side (APIS.md §9); a bid
 * at 1 or an ask at 0 is not a price either (the parlay rows show both). A side whose size is 0 has
 * nothing resting. All of these are "no quote": null, never 0.
 */
function side(price: string, size: string | undefined): number | null {
  const p = Number(price);
  if (!(p > 0 && p < 1)) return null;
  if (size !== undefined && Number(size) === 0) return null;
  return p;
}

export function topOfBook(m: KalshiMarket): KalshiTopOfBook {
  const yesBid = side(m.yes_bid_dollars, m.yes_bid_size_fp);
  const yesAsk = side(m.yes_ask_dollars, m.yes_ask_size_fp);
  const last = Number(m.last_price_dollars);
  return {
    platform_market_id: m.ticker,
    yes_bid: yesBid,
    yes_ask: yesAsk,
    // The No side is the same book seen from the other outcome: its bid rests where the Yes ask
    // does (no_bid = 1 - yes_ask), so an empty Yes side empties the matching No side too.
    no_bid: yesAsk === null ? null : side(m.no_bid_dollars, m.yes_ask_size_fp),
    no_ask: yesBid === null ? null : side(m.no_ask_dollars, m.yes_bid_size_fp),
    yes_bid_size: yesBid === null || m.yes_bid_size_fp === undefined ? null : Number(m.yes_bid_size_fp),
    yes_ask_size: yesAsk === null || m.yes_ask_size_fp === undefined ? null : Number(m.yes_ask_size_fp),
    last_trade: last > 0 && last <= 1 ? last : null,
  };
}

/**
 * The Yes probability shown as `outcome.price`, the number a Kalshi user reads as the market's chance:
 * - the midpoint of the best Yes bid and ask when both exist and the spread is at most 10 cents;
 * - otherwise the last trade, held inside the current book (a stale trade above the ask or below
 *   the bid is not a price anyone can get);
 * - otherwise the midpoint of a wide two-sided book;
 * - otherwise null (one-sided or empty book, never traded).
 */
export function yesReferencePrice(book: Pick<KalshiTopOfBook, 'yes_bid' | 'yes_ask' | 'last_trade'>): number | null {
  const { yes_bid: bid, yes_ask: ask, last_trade: last } = book;
  if (bid !== null && ask !== null && ask - bid <= MAX_SPREAD_FOR_MIDPOINT + 1e-9) return round6((bid + ask) / 2);
  if (last !== null) return Math.min(ask ?? 1, Math.max(bid ?? 0, last));
  if (bid !== null && ask !== null) return round6((bid + ask) / 2);
  return null;
}
