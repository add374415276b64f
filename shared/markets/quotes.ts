/**
 * Small price helpers the venue parsers share, so "probability" and "executable quote" are built the
 * same way everywhere (docs/prices.md).
 */

/** Prices travel with 6 decimals: enough for 0.001 ticks and their midpoints, free of float dust. */
export function roundPrice(p: number): number {
  return Math.round(p * 1e6) / 1e6;
}

/** A quote usable as a price: finite and inside 0-1. Anything else is "no quote", never 0. */
export function unitOrNull(p: number | null | undefined): number | null {
  return typeof p === 'number' && Number.isFinite(p) && p >= 0 && p <= 1 ? p : null;
}

/** A resting-order quote: venues use 0 (and sometimes 1) as "nothing there" placeholders. */
export function restingQuote(p: number | null | undefined): number | null {
  const q = unitOrNull(p);
  return q === null || q === 0 ? null : q;
}

/** Midpoint of a two-sided quote; null when a side is missing or the quote is crossed. */
export function midpoint(bid: number | null, ask: number | null): number | null {
  if (bid === null || ask === null || bid > ask) return null;
  return roundPrice((bid + ask) / 2);
}

/** 1 - p, rounded; null stays null. */
export function complementPrice(p: number | null): number | null {
  return p === null ? null : roundPrice(1 - p);
}

export interface TwoSidedQuote {
  readonly best_bid: number | null;
  readonly best_ask: number | null;
}

/**
 * The other outcome's quote on a book that trades one token against its complement: selling No is
 * buying Yes, so No bid = 1 - Yes ask and No ask = 1 - Yes bid.
 */
export function mirrorQuote(q: TwoSidedQuote): TwoSidedQuote {
  return { best_bid: complementPrice(q.best_ask), best_ask: complementPrice(q.best_bid) };
}

/** Prices of a settled binary market: the winner pays 1, the loser 0. */
export function settledPrices(yesWon: boolean): [number, number] {
  return yesWon ? [1, 0] : [0, 1];
}
