import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, HistoryFetch, HistoryParseResult, HistoryTarget, SchemaDrift, VenueHistory } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { KALSHI_API, KALSHI_ENDPOINTS, kalshiUrl } from './connector.ts';
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
export function parseKalshiCandles(json: unknown, driftPrefix = ''): CandlesParse {
  const page = pageSchema.safeParse(json);
  if (!page.success) return { ok: false, drift: driftFromZod(page.error, json, driftPrefix) };
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

// ---- The `history` capability of the venue module (pipeline/venues/types.ts, VenueHistory) ----

/** Hourly candles for the last 30 days (720, one request); daily ones for the market's life before that. */
const RECENT_DAYS = 30;
/** Without a creation date, daily candles reach back this far (one request: well under 5000 days). */
const DAILY_FALLBACK_DAYS = 730;
const READ_COST = KALSHI_ENDPOINTS.candlesticks.cost;

interface RawHistory {
  /** The series the candles were asked under (the ticker's first segment, or looked up). */
  readonly series: string;
  readonly hourly: readonly unknown[];
  readonly daily: readonly unknown[];
}

/**
 * Kalshi tickers nest series, event and market: KXPRESNOMD-28-GN is market GN of event KXPRESNOMD-28 of series
 * KXPRESNOMD, KXELONMARS-99 the single market of event KXELONMARS-99 of series KXELONMARS. Series tickers carry
 * no dash, so the first segment names the series without a request.
 */
export function seriesOfTicker(ticker: string): string {
  return ticker.split('-')[0] as string;
}

const marketLookup = z.looseObject({ market: z.looseObject({ event_ticker: z.string().min(1) }) });
const eventLookup = z.looseObject({ event: z.looseObject({ series_ticker: z.string().min(1) }) });

/** The documented path to the series when the ticker's prefix was not it: `/markets/{ticker}`, then `/events/{event}`. */
async function lookUpSeries(ticker: string, ctx: FetchContext): Promise<string> {
  const get = async (path: string) => (await ctx.http.getJson('kalshi', { url: `${KALSHI_API}${path}`, cost: READ_COST, signal: ctx.signal })).json;
  const market = marketLookup.safeParse(await get(`/markets/${encodeURIComponent(ticker)}`));
  if (!market.success) throw new VenueError('kalshi', 'SCHEMA_DRIFT', `Kalshi /markets/${ticker} has no market.event_ticker`);
  const event = eventLookup.safeParse(await get(`/events/${encodeURIComponent(market.data.market.event_ticker)}`));
  if (!event.success) throw new VenueError('kalshi', 'SCHEMA_DRIFT', `Kalshi /events/${market.data.market.event_ticker} has no event.series_ticker`);
  return event.data.event.series_ticker;
}

async function pagesOf(ctx: FetchContext, req: CandleRequest): Promise<unknown[]> {
  const pages: unknown[] = [];
  for await (const json of fetchKalshiCandlesRaw(ctx, req)) pages.push(json);
  return pages;
}

async function fetchHistory(target: HistoryTarget, ctx: FetchContext): Promise<HistoryFetch> {
  const ticker = target.platform_market_id;
  const end = Math.floor(Date.parse(target.now) / 1000);
  const created = target.created_at ? Math.floor(Date.parse(target.created_at) / 1000) : Number.NaN;
  const recentFrom = Math.max(end - RECENT_DAYS * 86_400, Number.isFinite(created) ? created : 0);
  const dailyFrom = Number.isFinite(created) ? created : end - DAILY_FALLBACK_DAYS * 86_400;
  let series = seriesOfTicker(ticker);
  let hourly: unknown[];
  try {
    hourly = await pagesOf(ctx, { series, ticker, startTs: recentFrom, endTs: end, interval: 60 });
  } catch (err) {
    if (!(err instanceof VenueError) || err.code !== 'NOT_FOUND') throw err;
    const looked = await lookUpSeries(ticker, ctx);
    if (looked === series) throw err;
    series = looked;
    hourly = await pagesOf(ctx, { series, ticker, startTs: recentFrom, endTs: end, interval: 60 });
  }
  // Older days are a bonus: a refusal there keeps the recent hours.
  let daily: unknown[] = [];
  if (dailyFrom < recentFrom) {
    try {
      daily = await pagesOf(ctx, { series, ticker, startTs: dailyFrom, endTs: recentFrom, interval: 1440 });
    } catch (err) {
      if (!(err instanceof VenueError) || (err.code !== 'NOT_FOUND' && err.code !== 'BAD_REQUEST')) throw err;
    }
  }
  return {
    raw: { series, hourly, daily } satisfies RawHistory,
    source: `/series/${series}/markets/${ticker}/candlesticks?period_interval=60 (last ${RECENT_DAYS} d) and period_interval=1440 (before)`,
  };
}

/**
 * Each candle's closing Yes price (the rule of `outcome.price`: midpoint of a tight closing book, else the last
 * trade) at its `end_period_ts`; candles without one are left out. Daily candles fill in before the first hourly.
 */
function parseHistory(raw: unknown): HistoryParseResult {
  const r = raw as Partial<RawHistory> | null;
  const read = (name: 'hourly' | 'daily'): { ok: true; points: Array<readonly [number, number]> } | Extract<HistoryParseResult, { ok: false }> => {
    const list = r?.[name];
    if (!Array.isArray(list)) return { ok: false, reason: `candlestick ${name} pages missing`, drift: [{ field: name, expected: 'array of pages', got: list === undefined ? 'missing' : typeof list }] };
    const points: Array<readonly [number, number]> = [];
    for (const [i, page] of list.entries()) {
      const parsed = parseKalshiCandles(page, `${name}.${i}.`);
      if (!parsed.ok) return { ok: false, reason: 'candlesticks page is not {candlesticks:[{end_period_ts, yes_bid, yes_ask, price, volume_fp}]}', drift: parsed.drift };
      for (const c of parsed.candles) if (c.price !== null) points.push([c.end_ts, c.price] as const);
    }
    return { ok: true, points };
  };
  const hourly = read('hourly');
  if (!hourly.ok) return hourly;
  const daily = read('daily');
  if (!daily.ok) return daily;
  const firstHourly = hourly.points.length > 0 ? Math.min(...hourly.points.map(([t]) => t)) : Number.POSITIVE_INFINITY;
  const byTime = new Map<number, number>();
  for (const [t, p] of [...daily.points.filter(([t]) => t < firstHourly), ...hourly.points]) byTime.set(t, p);
  return { ok: true, points: [...byTime.entries()].map(([t, p]) => [t, p] as const).sort((a, b) => a[0] - b[0]) };
}

/** Recorded mode (recorded/README.md): the real hourly capture of KXELONMARS-99; no daily candles were recorded (404, tolerated). */
const RECORDED_HOURLY: Readonly<Record<string, string>> = {
  '/trade-api/v2/series/KXELONMARS/markets/KXELONMARS-99/candlesticks': 'series-markets-candlesticks.synpath.json',
};

export const kalshiHistory: VenueHistory = {
  fetchHistory,
  parseHistory,
  recordedFile(u) {
    if (u.searchParams.get('period_interval') !== '60') return null;
    return RECORDED_HOURLY[u.pathname] ?? null;
  },
};
