import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, RawItem, VenueConnector, VenueDescriptor } from '../types.ts';
import { marketIdentitySchema, statsResponseSchema } from './schema.ts';

/** BET markets whose books are fetched together before a page is yielded. */
export const DRIFT_BOOKS_PER_PAGE = 10;

export const driftDescriptor: VenueDescriptor = {
  slug: 'drift',
  baseUrls: { data: 'https://data.api.drift.trade', dlob: 'https://dlob.drift.trade' },
  endpoints: {
    statsMarkets: { path: '/stats/markets', cost: 1 },
    l2: { path: '/l2', cost: 1 },
  },
  // The Data API answers 429 over its limit but publishes no figure (APIS.md §7); 5 req/s is a polite guess.
  rateLimit: { tokensPerSecond: 5, burst: 10 },
  maxConcurrency: 4,
  minPollIntervalMs: 30_000,
};

/** BET markets are perps with contract type Prediction; the `-BET` suffix marks them too (APIS.md §7). */
export function isBetMarket(market: unknown): boolean {
  const m = marketIdentitySchema.safeParse(market);
  if (!m.success) return false;
  if (m.data.contractType?.toLowerCase() === 'prediction') return true;
  return m.data.symbol.toUpperCase().endsWith('-BET') && (m.data.marketType ?? 'perp').toLowerCase() === 'perp';
}

function l2Url(symbol: string): string {
  const url = new URL(driftDescriptor.endpoints.l2!.path, driftDescriptor.baseUrls.dlob);
  url.searchParams.set('marketName', symbol);
  url.searchParams.set('depth', '5');
  // The AMM quotes BET markets too, so its liquidity is executable.
  url.searchParams.set('includeVamm', 'true');
  return url.toString();
}

async function bookFor(ctx: FetchContext, symbol: string): Promise<unknown> {
  try {
    const res = await ctx.http.getJson('drift', { url: l2Url(symbol), cost: driftDescriptor.endpoints.l2!.cost, signal: ctx.signal });
    return res.json;
  } catch (err) {
    // A market the DLOB does not serve still has its stats; it is ingested without prices.
    if (err instanceof VenueError && err.code === 'NOT_FOUND') {
      ctx.log.warn({ venue: 'drift', symbol }, 'DLOB has no book for this BET market; prices left null');
      return null;
    }
    throw err;
  }
}

/**
 * `/stats/markets` lists every market in one response (no paging); BET markets are picked from it and
 * each gets its DLOB book, composed into one raw item. Pages are groups of books fetched together.
 */
async function* fetchCatalog(ctx: FetchContext): AsyncIterable<readonly RawItem[]> {
  const url = new URL(driftDescriptor.endpoints.statsMarkets!.path, driftDescriptor.baseUrls.data).toString();
  const res = await ctx.http.getJson('drift', { url, cost: driftDescriptor.endpoints.statsMarkets!.cost, signal: ctx.signal });
  const body = statsResponseSchema.safeParse(res.json);
  if (!body.success) throw new VenueError('drift', 'SCHEMA_DRIFT', `/stats/markets is not {markets[]}: ${body.error.message}`);
  const bets = body.data.markets.filter(isBetMarket);
  ctx.log.debug({ venue: 'drift', markets: body.data.markets.length, bet: bets.length }, 'stats markets');
  for (let i = 0; i < bets.length; i += DRIFT_BOOKS_PER_PAGE) {
    const chunk = bets.slice(i, i + DRIFT_BOOKS_PER_PAGE);
    const books = await Promise.all(chunk.map((m) => bookFor(ctx, (m as { symbol: string }).symbol)));
    yield chunk.map((market, j) => ({ id: (market as { symbol: string }).symbol, payload: { market, l2: books[j] ?? null } }));
  }
}

/** Recorded catalogue (see recorded/README.md). */
function recordedFile(url: URL): string | null {
  if (url.pathname === driftDescriptor.endpoints.statsMarkets!.path) return 'stats-markets.btc-perp-ccxt-static-plus-bet-shaped-from-docs.json';
  if (url.pathname !== driftDescriptor.endpoints.l2!.path) return null;
  const symbol = url.searchParams.get('marketName') ?? '';
  const recorded = new Set(['BTC-150K-2026-BET', 'ETH-5K-2026-BET', 'VANCE-WIN-2028-BET', 'SUPERBOWL-LIX-CHIEFS-BET']);
  return recorded.has(symbol) ? `dlob-l2.${symbol}.shaped-from-docs.json` : null;
}

export const driftConnector: VenueConnector = { descriptor: driftDescriptor, fetchCatalog, recordedFile };
