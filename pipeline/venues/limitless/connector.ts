import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, RawItem, VenueConnector, VenueDescriptor } from '../types.ts';
import { activePageSchema } from './schema.ts';

/** The API caps `limit` at 25 per page (APIS.md §2). */
export const LIMITLESS_PAGE_SIZE = 25;

export const limitlessDescriptor: VenueDescriptor = {
  slug: 'limitless',
  baseUrls: { api: 'https://api.limitless.exchange' },
  endpoints: { marketsActive: { path: '/markets/active', cost: 1 } },
  // Rate limits are not documented (APIS.md §2: "the SDKs retry on 429"); 2 req/s is a polite guess.
  rateLimit: { tokensPerSecond: 2, burst: 4 },
  maxConcurrency: 2,
  minPollIntervalMs: 30_000,
};

function pageUrl(page: number): string {
  const url = new URL(limitlessDescriptor.endpoints.marketsActive!.path, limitlessDescriptor.baseUrls.api);
  url.searchParams.set('page', String(page));
  url.searchParams.set('limit', String(LIMITLESS_PAGE_SIZE));
  return url.toString();
}

function itemId(payload: unknown, fallback: string): string {
  const id = (payload as { id?: unknown } | null)?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : fallback;
}

/**
 * Walks `/markets/active` page by page until every one of `totalMarketsCount` markets has been seen.
 * A page with no new market (the venue ignoring `page`, or the catalogue shrinking mid-walk) ends the
 * walk with a warning that says how many were missed, never silently.
 */
async function* fetchCatalog(ctx: FetchContext): AsyncIterable<readonly RawItem[]> {
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await ctx.http.getJson('limitless', { url: pageUrl(page), cost: limitlessDescriptor.endpoints.marketsActive!.cost, signal: ctx.signal });
    const body = activePageSchema.safeParse(res.json);
    if (!body.success) {
      throw new VenueError('limitless', 'SCHEMA_DRIFT', `/markets/active page ${page} is not {data[], totalMarketsCount}: ${body.error.message}`);
    }
    const { data, totalMarketsCount } = body.data;
    const fresh = data
      .map((payload, i) => ({ id: itemId(payload, `page-${page}-${i}`), payload }))
      .filter((item) => !seen.has(item.id));
    for (const item of fresh) seen.add(item.id);
    ctx.log.debug({ venue: 'limitless', page, received: data.length, fresh: fresh.length, seen: seen.size, totalMarketsCount }, 'catalogue page');
    if (fresh.length > 0) yield fresh;
    if (seen.size >= totalMarketsCount) return;
    if (fresh.length === 0) {
      ctx.log.warn({ venue: 'limitless', page, seen: seen.size, totalMarketsCount }, 'page brought no new markets before totalMarketsCount was reached; catalogue changed while paging');
      return;
    }
  }
}

/** Recorded catalogue: two pages (see recorded/README.md). */
const RECORDED_PAGES: Readonly<Record<string, string>> = {
  '1': 'markets-active.page-1.dr-manhattan-enveloped.json',
  '2': 'markets-active.page-2.composed.json',
};

function recordedFile(url: URL): string | null {
  if (url.pathname !== limitlessDescriptor.endpoints.marketsActive!.path) return null;
  return RECORDED_PAGES[url.searchParams.get('page') ?? '1'] ?? null;
}

export const limitlessConnector: VenueConnector = { descriptor: limitlessDescriptor, fetchCatalog, recordedFile };
