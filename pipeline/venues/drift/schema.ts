import { z } from 'zod';

/** Drift Data API and DLOB shapes (APIS.md §7). Numbers often arrive as decimal or integer strings. */
const numeric = z.union([z.number(), z.string()]);

export const statsMarketSchema = z.object({
  symbol: z.string().min(1),
  marketIndex: z.number().int(),
  marketType: z.string().nullish(),
  contractType: z.string().nullish(),
  status: z.string().nullish(),
  /** 24-hour volume in USDC. */
  quoteVolume: numeric.nullish(),
  fees: z.object({ maker: numeric, taker: numeric }).nullish(),
  /** Last fill price, 0..1 for BET markets (decimal string). */
  price: numeric.nullish(),
  /** Oracle price; a settled BET market's oracle sits at its 0 or 1 settlement. */
  oraclePrice: numeric.nullish(),
});
export type DriftStatsMarket = z.infer<typeof statsMarketSchema>;

const level = z.object({ price: numeric, size: numeric });
export const l2Schema = z.object({
  /** Prices are integers with 1e6 precision; sizes 1e9 (base). */
  bids: z.array(level),
  asks: z.array(level),
  /** Milliseconds. */
  ts: z.number().nullish(),
});
export type DriftL2 = z.infer<typeof l2Schema>;

/** The composed raw item: a BET market's stats with its order book (null when the DLOB had none). */
export const rawItemSchema = z.object({ market: statsMarketSchema, l2: l2Schema.nullable() });

export const statsResponseSchema = z.object({ markets: z.array(z.unknown()) });

/** What the connector needs to pick BET markets out of every perp and spot market. */
export const marketIdentitySchema = z.object({ symbol: z.string(), marketType: z.string().nullish(), contractType: z.string().nullish() });
