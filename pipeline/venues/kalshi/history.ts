import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, SchemaDrift } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { KALSHI_ENDPOINTS, kalshiUrl } from './connector.ts';
import { yesReferencePrice } from './quotes.ts';
import { contractString, dollarString } from './schema.ts';

/** Candle lengths Kalshi serves, in minutes. */
export type KalshiCandleInterval = 1 | 60 | 1440;
/** Kalshi returns at most this many candles per request (APIS.md §9). */
export const KALSHI_MAX_CANDLES = 5000;

export interface Ohlc {
  readonly open: number | null;
  readonly high: number | null;
  readonly low: number | null;
  readonly close: number | null;
}

/** One candle of one market; prices in dollars (0..1), volume and open interest in contracts. */
export interface KalshiCandle {
  /** End of the period, ISO 8601 (from `end_period_ts`, unix seconds). */
  readonly at: string;
  readonly end_ts: number;
  /**
   * The Yes price at the period's close by the same rule as `outcome.price`: the midpoint of a tight
   * closing book, else the period's last trade held inside the book, else null.
   */
  readonly price: number | null;
  readonly yes_bid: Ohlc;
  readonly yes_ask: Ohlc;
  /** Trade prices in the period; all null when nothing traded. */
  readonly trade: Ohlc;
  /** The last trade before the period, when Kalshi sends it. */
  readonly previous_trade: number | null;
  readonly volume: number;
  readonly open_interest: number | null;
}

export type CandlesParse = { readonly ok: true; readonly candles: readonly KalshiCandle[] } | { readonly ok: false; readonly drift: readonly SchemaDrift[] };

const ohlc = z
  .object({ open_dollars: dollarString.nullish(), high_dollars: dollarString.nullish(), low_dollars: dollarString.nullish(), close_dollars: dollarString.nullish() })
  .nullish();
const candleSchema = z.looseObject({
  end_period_ts: z.number().int().positive(),
  yes_bid: ohlc,
  yes_ask: ohlc,
  price: z
    .object({
      open_dollars: dollarString.nullish(),
      high_dollars: dollarString.nullish(),
      low_dollars: dollarString.nullish(),
      close_dollars: dollarString.nullish(),
      previous_dollars: dollarString.nullish(),
    })
    .nullish(),
  volume_fp: contractString,
  open_interest_fp: contractString.nullish(),
});
const pageSchema = z.looseObject({ candlesticks: z.array(candleSchema) });

/** Bid 0 and ask 1 are Kalshi's empty-side placeholders; a trade price of 0 means no trade. */
const bidOf = (s: string | null | undefined): number | null => (s == null || !(Number(s) > 0 && Number(s) < 1) ? null : Number(s));
const askOf = bidOf;
const tradeOf = (s: string | null | undefined): number | null => (s == null || !(Number(s) > 0 && Number(s) <= 1) ? null : Number(s));

function toOhlc(o: z.infer<typeof ohlc>, read: (s: string | null | undefined) => number | null): Ohlc {
  return { open: read(o?.open_dollars), high: read(o?.high_dollars), low: read(o?.low_dollars), close: read(o?.close_dollars) };
}

/*
 * GET /series/{series}/markets/{ticker}/candlesticks?period_interval=60&start_ts=&end_ts=
 * (recorded/series-markets-candlesticks.synpath.json, one of six candles):
 * {"candlesticks":[{"end_period_ts":1789387200,"open_interest_fp":"40065.58","price":{"previous_dollars":"0.1000"},
 *   "volume_fp":"0.00","yes_ask":{"close_dollars":"0.1200","high_dollars":"0.1200","low_dollars":"0.1200","open_dollars":"0.1200"},
 *   "yes_bid":{"close_dollars":"0.1000",…}}],"ticker":"KXELONMARS-99"}
 * A period without trades has only `price.previous_dollars`; candles without any activity are left out.
 */
export function parseKalshiCandles(json: unknown): CandlesParse {
  const page = pageSchema.safeParse(json);
  if (!page.success) return { ok: false, drift: driftFromZod(page.error, json) };
  const candles = page.data.candlesticks.map((c): KalshiCandle => {
    const yesBid = toOhlc(c.yes_bid, bidOf);
    const yesAsk = toOhlc(c.yes_ask, askOf);
    const trade = toOhlc(c.price, tradeOf);
    const previous = tradeOf(c.price?.previous_dollars);
    const price = yesReferencePrice({ yes_bid: yesBid.close, yes_ask: yesAsk.close, last_trade: trade.close ?? previous });
    return {
      at: new Date(c.end_period_ts * 1000).toISOString(),
      end_ts: c.end_period_ts,
      price,
      yes_bid: yesBid,
      yes_ask: yesAsk,
      trade,
      previous_trade: previous,
      volume: Number(c.volume_fp),
      open_interest: c.open_interest_fp == null ? null : Number(c.open_interest_fp),
    };
  });
  return { ok: true, candles: candles.sort((a, b) => a.end_ts - b.end_ts) };
}

/** Splits [startTs, endTs] (unix seconds) into windows of at most KALSHI_MAX_CANDLES candles each. */
export function candleWindows(startTs: number, endTs: number, interval: KalshiCandleInterval): Array<{ start: number; end: number }> {
  if (!(endTs > startTs)) return [];
  const span = KALSHI_MAX_CANDLES * interval * 60;
  const windows: Array<{ start: number; end: number }> = [];
  for (let start = startTs; start < endTs; start += span) windows.push({ start, end: Math.min(endTs, start + span) });
  return windows;
}

export interface CandleRequest {
  readonly series: string;
  readonly ticker: string;
  readonly startTs: number;
  readonly endTs: number;
  readonly interval: KalshiCandleInterval;
}

/** Raw candlestick pages of one market, one request per window of at most 5000 candles. */
export async function* fetchKalshiCandlesRaw(ctx: FetchContext, req: CandleRequest): AsyncGenerator<unknown> {
  const path = KALSHI_ENDPOINTS.candlesticks.path.replace('{series}', encodeURIComponent(req.series)).replace('{ticker}', encodeURIComponent(req.ticker));
  for (const w of candleWindows(req.startTs, req.endTs, req.interval)) {
    const url = kalshiUrl(path, { start_ts: String(w.start), end_ts: String(w.end), period_interval: String(req.interval) });
    yield (await ctx.http.getJson('kalshi', { url, cost: KALSHI_ENDPOINTS.candlesticks.cost, signal: ctx.signal })).json;
  }
}

/** Every candle of the range, oldest first, each period once; a page of another shape is SCHEMA_DRIFT. */
export async function fetchKalshiCandles(ctx: FetchContext, req: CandleRequest): Promise<KalshiCandle[]> {
  const byEnd = new Map<number, KalshiCandle>();
  for await (const json of fetchKalshiCandlesRaw(ctx, req)) {
    const parsed = parseKalshiCandles(json);
    if (!parsed.ok) {
      const fields = parsed.drift.map((d) => `${d.field} (expected ${d.expected}, got ${d.got})`).join('; ');
      throw new VenueError('kalshi', 'SCHEMA_DRIFT', `Kalshi candlesticks of ${req.ticker} changed shape: ${fields}`);
    }
    for (const c of parsed.candles) byEnd.set(c.end_ts, c);
  }
  return [...byEnd.values()].sort((a, b) => a.end_ts - b.end_ts);
}
