import { z } from 'zod';

/**
 * The Kalshi Trade API v2 fields Concord reads (APIS.md §9). Since the 2026-03-12 fixed-point
 * migration prices are `*_dollars` strings (0..1, 4-6 decimals) and counts `*_fp` strings in
 * contracts; the legacy integer-cent fields are gone, so a payload that only has them is drift,
 * never something to divide by 100.
 */
const decimal = (what: string) => z.string().regex(/^\d+(\.\d+)?$/, `${what} as a decimal string`);
export const dollarString = decimal('dollars');
export const contractString = decimal('contracts');

export const marketSchema = z.looseObject({
  ticker: z.string().min(1),
  event_ticker: z.string().min(1),
  market_type: z.string(),
  title: z.string(),
  yes_sub_title: z.string().nullish(),
  no_sub_title: z.string().nullish(),
  status: z.string().min(1),
  result: z.string().nullish(),
  close_time: z.string().nullish(),
  created_time: z.string().nullish(),
  open_time: z.string().nullish(),
  rules_primary: z.string().nullish(),
  rules_secondary: z.string().nullish(),
  yes_bid_dollars: dollarString,
  yes_ask_dollars: dollarString,
  no_bid_dollars: dollarString,
  no_ask_dollars: dollarString,
  last_price_dollars: dollarString,
  yes_bid_size_fp: contractString.optional(),
  yes_ask_size_fp: contractString.optional(),
  volume_fp: contractString,
  volume_24h_fp: contractString,
  open_interest_fp: contractString.optional(),
  liquidity_dollars: dollarString.optional(),
  mve_collection_ticker: z.string().nullish(),
});
export type KalshiMarket = z.infer<typeof marketSchema>;

/** An `/events?with_nested_markets=true` entry; its markets are checked one by one so one bad leg spares the rest. */
export const eventSchema = z.looseObject({
  event_ticker: z.string().min(1),
  series_ticker: z.string().min(1),
  title: z.string().min(1),
  sub_title: z.string().nullish(),
  category: z.string().nullish(),
  mutually_exclusive: z.boolean(),
  markets: z.array(z.unknown()),
});
export type KalshiEvent = z.infer<typeof eventSchema>;

/** What the connector keeps of the event's `/series` entry: categories and the fee inputs. */
export const seriesSummarySchema = z.object({
  ticker: z.string(),
  category: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  fee_type: z.string().nullish(),
  fee_multiplier: z.number().nullish(),
});
export type KalshiSeriesSummary = z.infer<typeof seriesSummarySchema>;

/** The raw item: one event as listed, plus its series (null when the series listing did not have it). */
export const rawItemSchema = z.object({
  event: z.unknown(),
  series: seriesSummarySchema.nullable(),
});

/** `{events[], cursor}`; the last page has `cursor: ""` (null treated alike). */
export const eventsPageSchema = z.looseObject({
  events: z.array(z.unknown()),
  cursor: z.string().nullish(),
});

/** `{series[], cursor?}`: the series listing, read for categories, tags and fees. */
export const seriesListSchema = z.looseObject({
  series: z.array(z.unknown()),
  cursor: z.string().nullish(),
});
