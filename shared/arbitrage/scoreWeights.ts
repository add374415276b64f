/**
 * The arbitrage score's weights, in one place with their reasons (docs/arbitrage.md, "Score").
 * The spec fixes the three factors (execution quality, market quality, temporal quality) and leaves
 * their weights open; these are ours.
 */
export const SCORE_WEIGHTS = {
  /**
   * Half the score: an opportunity is worth what it earns after fees. Execution quality is the only
   * factor that says whether there is money in it at all; the other two say how easily it is taken.
   */
  execution: 0.5,
  /** Depth and activity decide whether the spread survives a real order and whether quotes are live. */
  market: 0.3,
  /**
   * Time before expiry matters least but still matters: a spread on a market about to close is more
   * often a resolution being priced in than a mispricing, and leaves no time to execute both legs.
   */
  temporal: 0.2,
} as const;

/** Parts of execution quality (the spec lists spread magnitude, net profit after fees, fee efficiency). */
export const EXECUTION_PARTS = {
  /** Net spread per pair, the edge itself. */
  netSpread: 0.4,
  /** Profit per 100 deployed: the same edge relative to the capital it ties up (cheap legs earn more per unit). */
  profit: 0.4,
  /** Share of the raw spread left after fees: an edge mostly eaten by fees is fragile to a fee change. */
  feeEfficiency: 0.2,
} as const;

/** Parts of market quality (liquidity depth, 24-hour volume). */
export const MARKET_PARTS = {
  /** Depth weighs more: it is what the order meets. */
  liquidity: 0.6,
  volume24h: 0.4,
} as const;

/**
 * Where each part reaches its full value. A 5-point net spread or 5 per 100 is an exceptional
 * cross-venue edge; 50k of executable depth and 100k of daily volume are deep markets on every venue
 * we ingest. Liquidity and volume count on a log scale (a 10x deeper book is one step better, not 10x).
 */
export const SATURATION = {
  netSpread: 0.05,
  profitPer100: 5,
  liquidity: 50_000,
  volume24h: 100_000,
  /** A month or more before the earlier market ends earns full temporal quality. */
  horizonDays: 30,
} as const;

/** Temporal quality of a market with no end time (perpetual or undated): neutral. */
export const UNKNOWN_END_TEMPORAL = 0.5;

/** Classification bounds, exactly as the spec states them. */
export const CLASSIFICATION_BOUNDS = { actionableScore: 70, informationalScore: 40, minLiquidity: 500 } as const;
