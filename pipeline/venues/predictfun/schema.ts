import { z } from 'zod';

/** Predict.fun payload fields the connector and parser read (APIS.md §8). */
const quote = z.object({ price: z.number(), size: z.number() }).nullable();

export const outcomeSchema = z.object({
  name: z.string().min(1),
  indexSet: z.number().int(),
  bestAsk: quote,
  bestBid: quote,
  /** null while trading; WON / LOST once the market resolved. */
  status: z.string().nullish(),
});

export const marketSchema = z.object({
  id: z.number().int(),
  question: z.string().min(1),
  title: z.string(),
  categorySlug: z.string().nullish(),
  description: z.string().nullish(),
  status: z.string(),
  tradingStatus: z.string().nullish(),
  feeRateBps: z.number().nonnegative().optional(),
  createdAt: z.string().nullish(),
  outcomes: z.array(outcomeSchema).min(2),
});
export type PredictfunMarket = z.infer<typeof marketSchema>;

export const statsSchema = z.object({
  volume24hUsd: z.number().nullish(),
  volumeTotalUsd: z.number().nullish(),
  totalLiquidityUsd: z.number().nullish(),
});
export type PredictfunStats = z.infer<typeof statsSchema>;

/** A category is the event: it carries the end date and topic tags its markets lack. */
export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string().min(1),
  title: z.string().min(1),
  description: z.string().nullish(),
  endsAt: z.string().nullish(),
  tags: z.array(z.object({ name: z.string(), level: z.number().nullish() })).nullish(),
  markets: z.array(z.unknown()),
});
export type PredictfunCategory = z.infer<typeof categorySchema>;

/** The raw item the connector composes: one category plus the listing stats of its markets. */
export const rawItemSchema = z.object({
  category: categorySchema,
  marketStats: z.record(z.string(), z.unknown()),
});

/** `{success, data[], cursor}` list envelope; `cursor` is null on the last page. */
export const listPageSchema = z.object({
  success: z.literal(true),
  data: z.array(z.unknown()),
  cursor: z.string().nullish(),
});

/** Just enough of a listed market to join its stats to its category. */
export const listedMarketSchema = z.object({ id: z.number().int(), categorySlug: z.string().nullish(), stats: z.unknown().optional() });
