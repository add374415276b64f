import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, RawItem, VenueConnector, VenueDescriptor } from '../types.ts';
import { rawIdOf } from '../drift.ts';

const API = 'https://api.manifold.markets/v0';
/** Manifold allows 1000; 500 keeps responses small and matches the recorded capture. */
export const MANIFOLD_PAGE_SIZE = 500;
/** 2000 pages of 500 is a million markets; passing it means the cursor stopped moving. */
const MAX_PAGES = 2000;

const ENDPOINTS = {
  markets: { path: '/markets', cost: 1 },
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
const liteHead = z.looseObject({ id: z.string(), outcomeType: z.string().optional() });
const fullMarket = z.looseObject({ id: z.string(), answers: z.array(z.unknown()) });

/**
 * LiteMarkets carry no answers, so a MULTIPLE_CHOICE item is replaced by its full market.
 * When that fetch fails the lite item goes on unchanged: the parser reports it as skipped
 * (visible on the status endpoint) instead of the catalogue silently losing it.
 */
async function withAnswers(ctx: FetchContext, payload: unknown): Promise<unknown> {
  const head = liteHead.safeParse(payload);
  if (!head.success || head.data.outcomeType !== 'MULTIPLE_CHOICE') return payload;
  try {
    const res = await ctx.http.getJson('manifold', {
      url: `${API}${ENDPOINTS.market.path.replace('{id}', encodeURIComponent(head.data.id))}`,
      cost: ENDPOINTS.market.cost,
      signal: ctx.signal,
    });
    const full = fullMarket.safeParse(res.json);
    if (full.success) return { ...(payload as object), ...full.data };
    ctx.log.warn({ venue: 'manifold', market: head.data.id }, 'full market has no answers[]');
  } catch (error) {
    if (ctx.signal.aborted || !(error instanceof VenueError)) throw error;
    ctx.log.warn({ venue: 'manifold', market: head.data.id, code: error.code, err: error.message }, 'full market fetch failed');
  }
  return payload;
}

async function* fetchCatalog(ctx: FetchContext): AsyncGenerator<readonly RawItem[]> {
  let before: string | undefined;
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
    const params = new URLSearchParams({ limit: String(MANIFOLD_PAGE_SIZE) });
    if (before) params.set('before', before);
    const res = await ctx.http.getJson('manifold', { url: `${API}${ENDPOINTS.markets.path}?${params.toString()}`, cost: ENDPOINTS.markets.cost, signal: ctx.signal });
    const page = litePage.safeParse(res.json);
    if (!page.success) throw new VenueError('manifold', 'SCHEMA_DRIFT', `Manifold /markets page ${pageNo} is not an array`);
    const payloads = await Promise.all(page.data.map((p) => withAnswers(ctx, p)));
    if (payloads.length > 0) yield payloads.map((payload, i): RawItem => ({ id: rawIdOf(payload, `page${pageNo}#${i}`), payload }));
    if (page.data.length < MANIFOLD_PAGE_SIZE) return;
    const last = liteHead.safeParse(page.data[page.data.length - 1]);
    if (!last.success) throw new VenueError('manifold', 'SCHEMA_DRIFT', `Manifold /markets page ${pageNo} ends with an item without an id; cannot page on`);
    if (last.data.id === before) throw new VenueError('manifold', 'SCHEMA_DRIFT', `Manifold cursor before=${before} did not advance; catalogue incomplete`);
    before = last.data.id;
  }
  throw new VenueError('manifold', 'SCHEMA_DRIFT', `Manifold paging passed ${MAX_PAGES} pages without an end; catalogue incomplete`);
}

/** Id of the last market on the recorded first page: the cursor that leads to the composed page. */
const RECORDED_PAGE_TWO_CURSOR = 'RlUO8UcPSC';
const RECORDED_FULL_MARKETS = new Set([
  'composed-dem-nominee-2028',
  'composed-gop-nominee-2028',
  'composed-president-2028',
  'composed-fed-chair-nominee',
]);

export const manifoldConnector: VenueConnector = {
  descriptor: manifoldDescriptor,
  fetchCatalog,
  recordedFile(u) {
    if (u.pathname === '/v0/markets') {
      const before = u.searchParams.get('before');
      if (before === null) return 'markets-limit500.json';
      return before === RECORDED_PAGE_TWO_CURSOR ? 'markets-composed-overlap.json' : null;
    }
    const full = /^\/v0\/market\/([^/]+)$/.exec(u.pathname);
    const id = full?.[1] ? decodeURIComponent(full[1]) : undefined;
    return id && RECORDED_FULL_MARKETS.has(id) ? `market-${id}.json` : null;
  },
};
