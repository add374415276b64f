import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, RawItem, VenueConnector, VenueDescriptor } from '../types.ts';
import { rawIdOf } from '../drift.ts';

const API = 'https://api.manifold.markets/v0';
/** search-markets allows 1000; 500 keeps responses small and matches the recorded capture. */
export const MANIFOLD_PAGE_SIZE = 500;
/** 2000 pages of 500 is a million open markets; passing it means the cursor stopped moving. */
const MAX_PAGES = 2000;
/** Full multiple-choice markets remembered between cycles (by id, with the listing's update time). */
const FULL_MARKET_CACHE = 20_000;

const ENDPOINTS = {
  search: { path: '/search-markets', cost: 1 },
  market: { path: '/market/{id}', cost: 1 },
} as const;

export const manifoldDescriptor: VenueDescriptor = {
  slug: 'manifold',
  baseUrls: { api: API },
  endpoints: ENDPOINTS,
  // Documented limit: 500 requests per minute per IP.
  rateLimit: { tokensPerSecond: 500 / 60, burst: 10 },
  maxConcurrency: 4,
  minPollIntervalMs: 60_000,
};

const litePage = z.array(z.unknown());
const liteHead = z.looseObject({
  id: z.string(),
  outcomeType: z.string().optional(),
  createdTime: z.number().optional(),
  lastUpdatedTime: z.number().optional(),
});
const fullMarket = z.looseObject({ id: z.string(), answers: z.array(z.unknown()) });

/**
 * LiteMarkets carry no answers, so a MULTIPLE_CHOICE item is replaced by its full market. The
 * full market is fetched again only when the listing says the market changed (lastUpdatedTime),
 * so a steady catalogue costs one listing walk per cycle. When the fetch fails the lite item goes
 * on unchanged: the parser reports it as skipped (visible on the status endpoint).
 */
function answersFetcher() {
  const cache = new Map<string, { updated: number | undefined; full: Record<string, unknown> }>();
  return async function withAnswers(ctx: FetchContext, payload: unknown): Promise<unknown> {
    const head = liteHead.safeParse(payload);
    if (!head.success || head.data.outcomeType !== 'MULTIPLE_CHOICE') return payload;
    const cached = cache.get(head.data.id);
    if (cached && cached.updated !== undefined && cached.updated === head.data.lastUpdatedTime) return { ...(payload as object), ...cached.full };
    try {
      const res = await ctx.http.getJson('manifold', {
        url: `${API}${ENDPOINTS.market.path.replace('{id}', encodeURIComponent(head.data.id))}`,
        cost: ENDPOINTS.market.cost,
        signal: ctx.signal,
      });
      const full = fullMarket.safeParse(res.json);
      if (full.success) {
        cache.delete(head.data.id);
        cache.set(head.data.id, { updated: head.data.lastUpdatedTime, full: full.data });
        if (cache.size > FULL_MARKET_CACHE) cache.delete(cache.keys().next().value as string);
        return { ...(payload as object), ...full.data };
      }
      ctx.log.warn({ venue: 'manifold', market: head.data.id }, 'full market has no answers[]');
    } catch (error) {
      if (ctx.signal.aborted || !(error instanceof VenueError)) throw error;
      ctx.log.warn({ venue: 'manifold', market: head.data.id, code: error.code, err: error.message }, 'full market fetch failed');
    }
    return payload;
  };
}

/**
 * Open markets only (`/search-markets?filter=open`), newest first, paged by `beforeTime` = the
 * creation time of the last market seen. Walking `/markets` instead would list every resolved
 * market ever made on each cycle.
 */
function catalogFetcher() {
  const withAnswers = answersFetcher();
  return async function* fetchCatalog(ctx: FetchContext): AsyncGenerator<readonly RawItem[]> {
    let beforeTime: number | undefined;
    for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
      const params = new URLSearchParams({ term: '', filter: 'open', sort: 'newest', limit: String(MANIFOLD_PAGE_SIZE) });
      if (beforeTime !== undefined) params.set('beforeTime', String(beforeTime));
      const res = await ctx.http.getJson('manifold', { url: `${API}${ENDPOINTS.search.path}?${params.toString()}`, cost: ENDPOINTS.search.cost, signal: ctx.signal });
      const page = litePage.safeParse(res.json);
      if (!page.success) throw new VenueError('manifold', 'SCHEMA_DRIFT', `Manifold /search-markets page ${pageNo} is not an array`);
      const payloads = await Promise.all(page.data.map((p) => withAnswers(ctx, p)));
      if (payloads.length > 0) yield payloads.map((payload, i): RawItem => ({ id: rawIdOf(payload, `page${pageNo}#${i}`), payload }));
      if (page.data.length < MANIFOLD_PAGE_SIZE) return;
      const last = liteHead.safeParse(page.data[page.data.length - 1]);
      const created = last.success ? last.data.createdTime : undefined;
      if (created === undefined) throw new VenueError('manifold', 'SCHEMA_DRIFT', `Manifold page ${pageNo} ends with an item without createdTime; cannot page on`);
      if (beforeTime !== undefined && created >= beforeTime) {
        throw new VenueError('manifold', 'SCHEMA_DRIFT', `Manifold cursor beforeTime=${beforeTime} did not move back; catalogue incomplete`);
      }
      beforeTime = created;
    }
    throw new VenueError('manifold', 'SCHEMA_DRIFT', `Manifold paging passed ${MAX_PAGES} pages without an end; catalogue incomplete`);
  };
}

/** Creation time of the last market on the recorded first page: the cursor to the composed page. */
const RECORDED_PAGE_TWO_CURSOR = '1769435773092';
const RECORDED_FULL_MARKETS = new Set([
  'composed-dem-nominee-2028',
  'composed-gop-nominee-2028',
  'composed-president-2028',
  'composed-fed-chair-nominee',
]);

export const manifoldConnector: VenueConnector = {
  descriptor: manifoldDescriptor,
  fetchCatalog: catalogFetcher(),
  recordedFile(u) {
    if (u.pathname === '/v0/search-markets') {
      const before = u.searchParams.get('beforeTime');
      if (before === null) return 'markets-limit500.json';
      return before === RECORDED_PAGE_TWO_CURSOR ? 'markets-composed-overlap.json' : null;
    }
    const full = /^\/v0\/market\/([^/]+)$/.exec(u.pathname);
    const id = full?.[1] ? decodeURIComponent(full[1]) : undefined;
    return id && RECORDED_FULL_MARKETS.has(id) ? `market-${id}.json` : null;
  },
};
