import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, RawItem, VenueConnector, VenueDescriptor } from '../types.ts';
import { eventsPageSchema, seriesListSchema, seriesSummarySchema, type KalshiSeriesSummary } from './schema.ts';
import { recordedKalshiFile } from './recorded.ts';

export const KALSHI_API = 'https://api.elections.kalshi.com/trade-api/v2';
/** `/events` pages hold at most 200 events (APIS.md §9). */
export const KALSHI_EVENTS_PAGE_SIZE = 200;
/** 500 pages of 200 is 100k open events, far beyond Kalshi's catalogue: passing it means paging broke. */
const MAX_PAGES = 500;
/** The series listing (~19 MB) changes rarely; it is read again after this long. */
export const SERIES_REFRESH_MS = 6 * 60 * 60 * 1000;

/**
 * Kalshi bills every read 10 tokens from a bucket (Basic tier: 200 tokens/s = 20 reads/s, for signed
 * requests). Unauthenticated public reads have no published budget; 429s were measured from about
 * 8 requests/s and clean runs at 5/s, so the bucket allows 50 tokens/s = 5 reads/s, 2 at once.
 */
const READ_COST = 10;
export const KALSHI_ENDPOINTS = {
  events: { path: '/events', cost: READ_COST },
  series: { path: '/series', cost: READ_COST },
  orderbook: { path: '/markets/{ticker}/orderbook', cost: READ_COST },
  candlesticks: { path: '/series/{series}/markets/{ticker}/candlesticks', cost: READ_COST },
} as const;

export const kalshiDescriptor: VenueDescriptor = {
  slug: 'kalshi',
  baseUrls: { api: KALSHI_API },
  endpoints: KALSHI_ENDPOINTS,
  rateLimit: { tokensPerSecond: 50, burst: 2 * READ_COST },
  maxConcurrency: 2,
  minPollIntervalMs: 60_000,
};

export function kalshiUrl(path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${KALSHI_API}${path}${query ? `?${query}` : ''}`;
}

/**
 * Series by ticker, for the fee inputs and categories an event lacks. Read from the whole listing
 * (one request instead of one per series) and kept for SERIES_REFRESH_MS. When the listing fails,
 * the last one read is kept and events of unknown series fall back to Kalshi's general fee schedule,
 * so a series outage never stops the markets.
 */
function seriesIndex(now: () => number) {
  let cache: { at: number; bySeries: Map<string, KalshiSeriesSummary> } | null = null;
  return async function load(ctx: FetchContext): Promise<ReadonlyMap<string, KalshiSeriesSummary>> {
    if (cache && now() - cache.at < SERIES_REFRESH_MS) return cache.bySeries;
    try {
      const bySeries = new Map<string, KalshiSeriesSummary>();
      let rejected = 0;
      const seen = new Set<string>();
      let cursor = '';
      for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
        const res = await ctx.http.getJson('kalshi', { url: kalshiUrl(KALSHI_ENDPOINTS.series.path, cursor ? { cursor } : {}), cost: READ_COST, signal: ctx.signal });
        const page = seriesListSchema.safeParse(res.json);
        if (!page.success) throw new VenueError('kalshi', 'SCHEMA_DRIFT', `Kalshi /series is not {series[]}: ${page.error.issues[0]?.message}`);
        for (const entry of page.data.series) {
          const s = seriesSummarySchema.safeParse(entry);
          if (s.success) bySeries.set(s.data.ticker, s.data);
          else rejected += 1;
        }
        const next = page.data.cursor ?? '';
        if (next === '' || seen.has(next)) break;
        seen.add(next);
        cursor = next;
      }
      if (rejected > 0) ctx.log.warn({ venue: 'kalshi', rejected }, 'series entries without the expected fee fields; their events use the general fee schedule');
      cache = { at: now(), bySeries };
    } catch (error) {
      if (ctx.signal.aborted || !(error instanceof VenueError)) throw error;
      ctx.log.warn({ venue: 'kalshi', code: error.code, err: error.message, cached: cache?.bySeries.size ?? 0 }, 'Kalshi series listing failed; keeping the last one');
    }
    return cache?.bySeries ?? new Map();
  };
}

function eventsUrl(cursor: string): string {
  const params: Record<string, string> = {
    limit: String(KALSHI_EVENTS_PAGE_SIZE),
    status: 'open',
    with_nested_markets: 'true',
    // Without it auto-generated parlay markets flood the listing with quote-less rows.
    mve_filter: 'exclude',
  };
  if (cursor) params.cursor = cursor;
  return kalshiUrl(KALSHI_ENDPOINTS.events.path, params);
}

function seriesTickerOf(event: unknown): string | null {
  const t = (event as { series_ticker?: unknown } | null)?.series_ticker;
  return typeof t === 'string' ? t : null;
}

/**
 * Open events with their markets nested, paged by `cursor` until it comes back empty; one raw item
 * per event (its id the event ticker) carrying the event's series summary.
 */
function catalogFetcher(now: () => number) {
  const series = seriesIndex(now);
  return async function* fetchCatalog(ctx: FetchContext): AsyncGenerator<readonly RawItem[]> {
    const bySeries = await series(ctx);
    const seen = new Set<string>();
    let cursor = '';
    for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
      const res = await ctx.http.getJson('kalshi', { url: eventsUrl(cursor), cost: KALSHI_ENDPOINTS.events.cost, signal: ctx.signal });
      const page = eventsPageSchema.safeParse(res.json);
      if (!page.success) throw new VenueError('kalshi', 'SCHEMA_DRIFT', `Kalshi /events page ${pageNo} is not {events[], cursor}: ${page.error.issues[0]?.message}`);
      const items = page.data.events.map((event, i): RawItem => {
        const ticker = (event as { event_ticker?: unknown } | null)?.event_ticker;
        const seriesTicker = seriesTickerOf(event);
        return {
          id: typeof ticker === 'string' && ticker ? ticker : `page${pageNo}#${i}`,
          payload: { event, series: (seriesTicker && bySeries.get(seriesTicker)) || null },
        };
      });
      ctx.log.debug({ venue: 'kalshi', page: pageNo, events: items.length }, 'catalogue page');
      if (items.length > 0) yield items;
      const next = page.data.cursor ?? '';
      if (next === '') return;
      // A cursor handed back twice would page forever: the catalogue walk is broken, not finished.
      if (seen.has(next)) throw new VenueError('kalshi', 'SCHEMA_DRIFT', `Kalshi /events cursor "${next}" repeated at page ${pageNo}; catalogue incomplete`);
      seen.add(next);
      cursor = next;
    }
    throw new VenueError('kalshi', 'SCHEMA_DRIFT', `Kalshi /events paging passed ${MAX_PAGES} pages without an end; catalogue incomplete`);
  };
}

/** A connector with its own series cache; `now` is injectable so tests can age the cache. */
export function createKalshiConnector(opts: { now?: () => number } = {}): VenueConnector {
  return { descriptor: kalshiDescriptor, fetchCatalog: catalogFetcher(opts.now ?? Date.now), recordedFile: recordedKalshiFile };
}

export const kalshiConnector: VenueConnector = createKalshiConnector();
