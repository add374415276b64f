import type { VenueSlug } from '../venues/registry.ts';

/** One venue market of a canonical question, priced in the question's own Yes terms. */
export interface IndexInput {
  readonly platform_slug: VenueSlug;
  /** Yes price of the question on this venue (already 1 - p for complement links); null when unpriced. */
  readonly yes_price: number | null;
  readonly volume24h: number | null;
  readonly play_money: boolean;
}

export type DivergenceCategory = 'low' | 'medium' | 'high';

export interface IndexResult {
  readonly index_price: number | null;
  readonly divergence: number | null;
  readonly divergence_category: DivergenceCategory | null;
  /** Venues listing the question (priced or not). */
  readonly platform_count: number;
  readonly best_buy_price: number | null;
  readonly best_buy_platform: VenueSlug | null;
  readonly best_sell_price: number | null;
  readonly best_sell_platform: VenueSlug | null;
  readonly spread_bps: number | null;
  /** Every venue's Yes price, play money included. */
  readonly platform_prices: Readonly<Partial<Record<VenueSlug, number>>>;
  /** How the weights were chosen: 'volume_24h', or 'equal' when no venue reports volume. */
  readonly weighting: 'volume_24h' | 'equal' | null;
  /** Which venues the consensus is computed over (real money only when any real-money venue is priced). */
  readonly basis: 'real_money' | 'play_money' | null;
}

export const LOW_DIVERGENCE_BELOW = 0.02;
export const HIGH_DIVERGENCE_ABOVE = 0.05;

export function divergenceCategory(d: number | null): DivergenceCategory | null {
  if (d === null) return null;
  if (d < LOW_DIVERGENCE_BELOW) return 'low';
  if (d > HIGH_DIVERGENCE_ABOVE) return 'high';
  return 'medium';
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * One price per venue: when a venue lists the question more than once, its most traded market
 * speaks for it (ties: the first given).
 */
function perVenue(inputs: readonly IndexInput[]): IndexInput[] {
  const best = new Map<VenueSlug, IndexInput>();
  for (const input of inputs) {
    if (input.yes_price === null) continue;
    const current = best.get(input.platform_slug);
    if (!current || (input.volume24h ?? 0) > (current.volume24h ?? 0)) best.set(input.platform_slug, input);
  }
  return [...best.values()];
}

/**
 * The cross-venue index of a canonical question.
 * - Consensus set: real-money venues when any is priced (play money can be compared, never
 *   moves a real-money consensus); otherwise the play-money venues.
 * - index_price: Σ wᵢ pᵢ / Σ wᵢ with wᵢ = 24-hour volume; equal weights when every venue in
 *   the set reports 0 or no volume.
 * - divergence: weighted standard deviation √(Σ wᵢ (pᵢ − index)² / Σ wᵢ), null under two prices.
 * - best buy = cheapest Yes, best sell = dearest Yes, spread_bps = (max − min) × 10 000, over every priced
 *   venue (play money included, as in platform_prices).
 */
export function computeIndex(inputs: readonly IndexInput[]): IndexResult {
  const listed = new Set(inputs.map((i) => i.platform_slug));
  const priced = perVenue(inputs);
  const platform_prices: Partial<Record<VenueSlug, number>> = {};
  for (const p of priced) platform_prices[p.platform_slug] = p.yes_price as number;

  const realMoney = priced.filter((p) => !p.play_money);
  const set = realMoney.length > 0 ? realMoney : priced;
  if (set.length === 0) {
    return {
      index_price: null,
      divergence: null,
      divergence_category: null,
      platform_count: listed.size,
      best_buy_price: null,
      best_buy_platform: null,
      best_sell_price: null,
      best_sell_platform: null,
      spread_bps: null,
      platform_prices,
      weighting: null,
      basis: null,
    };
  }
  const volumes = set.map((p) => Math.max(0, p.volume24h ?? 0));
  const totalVolume = volumes.reduce((a, b) => a + b, 0);
  const weighting = totalVolume > 0 ? 'volume_24h' : 'equal';
  const weights = totalVolume > 0 ? volumes : set.map(() => 1);
  const wSum = weights.reduce((a, b) => a + b, 0);
  const prices = set.map((p) => p.yes_price as number);
  const index = prices.reduce((acc, p, i) => acc + p * (weights[i] as number), 0) / wSum;
  const divergence =
    set.length >= 2 ? Math.sqrt(prices.reduce((acc, p, i) => acc + (weights[i] as number) * (p - index) ** 2, 0) / wSum) : null;

  // Cheapest and dearest Yes across every priced venue, as platform_prices shows them (the spec's "across
  // linked venues"): a play-money venue can be where Yes is cheapest, though it never moves the index.
  let buy = priced[0] as IndexInput;
  let sell = priced[0] as IndexInput;
  for (const p of priced) {
    if ((p.yes_price as number) < (buy.yes_price as number)) buy = p;
    if ((p.yes_price as number) > (sell.yes_price as number)) sell = p;
  }
  const roundedDivergence = divergence === null ? null : round(divergence, 6);
  return {
    index_price: round(index, 6),
    divergence: roundedDivergence,
    divergence_category: divergenceCategory(roundedDivergence),
    platform_count: listed.size,
    best_buy_price: buy.yes_price,
    best_buy_platform: buy.platform_slug,
    best_sell_price: sell.yes_price,
    best_sell_platform: sell.platform_slug,
    spread_bps: priced.length >= 2 ? Math.round(((sell.yes_price as number) - (buy.yes_price as number)) * 10_000) : null,
    platform_prices,
    weighting,
    basis: realMoney.length > 0 ? 'real_money' : 'play_money',
  };
}
