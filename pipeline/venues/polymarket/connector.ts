import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, RawItem, VenueConnector, VenueDescriptor } from '../types.ts';
import { rawIdOf } from '../drift.ts';

const GAMMA = 'https://gamma-api.polymarket.com';
/** Keyset pages are capped at 100 markets (APIS.md §1). */
export const POLYMARKET_PAGE_SIZE = 100;
/** 200 pages of 100 is far beyond Polymarket's open catalogue; hitting it means paging broke. */
const MAX_PAGES = 200;

const ENDPOINTS = {
  marketsKeyset: { path: '/markets/keyset', cost: 1 },
  markets: { path: '/markets', cost: 1 },
} as const;

export const polymarketDescriptor: VenueDescriptor = {
  slug: 'polymarket',
  baseUrls: { gamma: GAMMA },
  endpoints: ENDPOINTS,
  // Gamma documents `/markets` at 300 requests / 10 s (Cloudflare sliding window).
  rateLimit: { tokensPerSecond: 30, burst: 30 },
  maxConcurrency: 4,
  minPollIntervalMs: 30_000,
};

const keysetPage = z.looseObject({
  markets: z.array(z.unknown()),
  next_cursor: z.string().nullish(),
});
const offsetPage = z.array(z.unknown());

function toItems(page: readonly unknown[], pageNo: number): RawItem[] {
  return page.map((payload, i) => ({ id: rawIdOf(payload, `page${pageNo}#${i}`), payload }));
}

function url(path: string, params: Record<string, string>): string {
  return `${GAMMA}${path}?${new URLSearchParams(params).toString()}`;
}

const { marketsKeyset, markets } = ENDPOINTS;

async function* keyset(ctx: FetchContext): AsyncGenerator<readonly RawItem[]> {
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
    const params: Record<string, string> = { limit: String(POLYMARKET_PAGE_SIZE), closed: 'false' };
    if (cursor) params.after_cursor = cursor;
    const res = await ctx.http.getJson('polymarket', { url: url(marketsKeyset.path, params), cost: marketsKeyset.cost, signal: ctx.signal });
    const page = keysetPage.safeParse(res.json);
    if (!page.success) {
      throw new VenueError('polymarket', 'SCHEMA_DRIFT', `Gamma /markets/keyset page ${pageNo} is not {markets[], next_cursor}: ${page.error.message}`);
    }
    yield toItems(page.data.markets, pageNo);
    const next = page.data.next_cursor;
    if (!next) return;
    // A cursor the venue hands back twice would page forever (polymarket/agents#227 saw the cursor ignored).
    if (seen.has(next)) throw new VenueError('polymarket', 'SCHEMA_DRIFT', `Gamma keyset cursor "${next}" repeated at page ${pageNo}; catalogue incomplete`);
    seen.add(next);
    cursor = next;
  }
  throw new VenueError('polymarket', 'SCHEMA_DRIFT', `Gamma keyset paging passed ${MAX_PAGES} pages without an end; catalogue incomplete`);
}

async function* offsetPaging(ctx: FetchContext): AsyncGenerator<readonly RawItem[]> {
  let firstIdOfLastPage: string | undefined;
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
    const offset = (pageNo - 1) * POLYMARKET_PAGE_SIZE;
    const params = { active: 'true', closed: 'false', limit: String(POLYMARKET_PAGE_SIZE), offset: String(offset) };
    let json: unknown;
    try {
      json = (await ctx.http.getJson('polymarket', { url: url(markets.path, params), cost: markets.cost, signal: ctx.signal })).json;
    } catch (error) {
      // The legacy endpoint caps the offset; a refusal there means the catalogue is cut short.
      if (error instanceof VenueError && error.code === 'BAD_REQUEST' && offset > 0) {
        throw new VenueError('polymarket', 'BAD_REQUEST', `Gamma /markets refused offset ${offset}; catalogue incomplete after ${offset} markets`, {
          cause: error,
          httpStatus: error.httpStatus,
        });
      }
      throw error;
    }
    const page = offsetPage.safeParse(json);
    if (!page.success) throw new VenueError('polymarket', 'SCHEMA_DRIFT', `Gamma /markets page at offset ${offset} is not an array`);
    const items = toItems(page.data, pageNo);
    if (items.length > 0 && items[0]?.id === firstIdOfLastPage) {
      throw new VenueError('polymarket', 'SCHEMA_DRIFT', `Gamma /markets ignored offset ${offset} (same page twice); catalogue incomplete`);
    }
    firstIdOfLastPage = items[0]?.id;
    if (items.length > 0) yield items;
    if (items.length < POLYMARKET_PAGE_SIZE) return;
  }
  throw new VenueError('polymarket', 'SCHEMA_DRIFT', `Gamma offset paging passed ${MAX_PAGES} pages without an end; catalogue incomplete`);
}

/**
 * Keyset paging first; the legacy offset listing only when the keyset endpoint itself is not
 * there (404/400 on its first page). The offset endpoints are scheduled for sunset, so the
 * fallback is logged every time it is used.
 */
async function* fetchCatalog(ctx: FetchContext): AsyncGenerator<readonly RawItem[]> {
  const pages = keyset(ctx);
  let first: IteratorResult<readonly RawItem[]>;
  try {
    first = await pages.next();
  } catch (error) {
    if (error instanceof VenueError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) {
      ctx.log.warn({ venue: 'polymarket', err: error.message }, 'Gamma keyset listing unavailable; falling back to offset paging');
      yield* offsetPaging(ctx);
      return;
    }
    throw error;
  }
  if (first.done) return;
  yield first.value;
  yield* pages;
}

/** Recorded keyset pages, by `after_cursor` (see recorded/README.md). */
const RECORDED_KEYSET: Readonly<Record<string, string>> = {
  '': 'markets-keyset-p1.json',
  MTAw: 'markets-keyset-p2.json',
  MTUw: 'markets-keyset-p3-composed-overlap.json',
};

export const polymarketConnector: VenueConnector = {
  descriptor: polymarketDescriptor,
  fetchCatalog,
  recordedFile(u) {
    if (u.pathname !== marketsKeyset.path) return null;
    return RECORDED_KEYSET[u.searchParams.get('after_cursor') ?? ''] ?? null;
  },
};
