import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, RawItem, VenueConnector, VenueDescriptor } from '../types.ts';
import { listedMarketSchema, listPageSchema } from './schema.ts';

/** Page size: clients cap `first` at 1..1000 (unverified); 100 keeps responses small. */
export const PREDICTFUN_PAGE_SIZE = 100;

export const predictfunDescriptor: VenueDescriptor = {
  slug: 'predictfun',
  baseUrls: { api: 'https://api.predict.fun' },
  endpoints: {
    markets: { path: '/v1/markets', cost: 1 },
    categories: { path: '/v1/categories', cost: 1 },
  },
  // 240 requests/minute per API key on mainnet (APIS.md §8).
  rateLimit: { tokensPerSecond: 4, burst: 8 },
  maxConcurrency: 2,
  minPollIntervalMs: 30_000,
  apiKeyEnv: 'PREDICTFUN_API_KEY',
};

function listUrl(path: string, after: string | null): string {
  const url = new URL(path, predictfunDescriptor.baseUrls.api);
  url.searchParams.set('first', String(PREDICTFUN_PAGE_SIZE));
  url.searchParams.set('status', 'OPEN');
  url.searchParams.set('includeStats', 'true');
  // No `sort`: a volume-sorted walk reshuffles between pages and can skip or repeat entries.
  if (after !== null) url.searchParams.set('after', after);
  return url.toString();
}

/**
 * Follows `cursor` until it is null. A repeated cursor means the venue ignored `after` (wrong
 * parameter names are silently ignored, APIS.md §8) and would loop forever, so it is an error.
 */
async function* cursorPages(ctx: FetchContext, apiKey: string, endpoint: 'markets' | 'categories'): AsyncIterable<readonly unknown[]> {
  const spec = predictfunDescriptor.endpoints[endpoint]!;
  const seenCursors = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const res = await ctx.http.getJson('predictfun', { url: listUrl(spec.path, after), headers: { 'x-api-key': apiKey }, cost: spec.cost, signal: ctx.signal });
    const page = listPageSchema.safeParse(res.json);
    if (!page.success) throw new VenueError('predictfun', 'SCHEMA_DRIFT', `${spec.path} page is not {success:true, data[], cursor}: ${page.error.message}`);
    ctx.log.debug({ venue: 'predictfun', endpoint, after, received: page.data.data.length, next: page.data.cursor ?? null }, 'catalogue page');
    yield page.data.data;
    const next = page.data.cursor ?? null;
    if (next === null || next === '') return;
    if (seenCursors.has(next)) throw new VenueError('predictfun', 'MALFORMED_RESPONSE', `${spec.path} returned cursor ${next} twice; the venue is not honouring 'after'`);
    seenCursors.add(next);
    after = next;
  }
}

/**
 * Pass 1 walks `/v1/markets` for per-market stats (nested category legs have none); pass 2 walks
 * `/v1/categories` (the events: end date, tags, legs) and yields one raw item per category with the
 * stats of its legs. Markets whose category never appeared are logged, not dropped silently.
 */
async function* fetchCatalog(ctx: FetchContext): AsyncIterable<readonly RawItem[]> {
  const apiKey = ctx.apiKey;
  if (apiKey === undefined || apiKey === '') {
    throw new VenueError('predictfun', 'DISABLED', 'Predict.fun mainnet needs an API key: set PREDICTFUN_API_KEY');
  }
  const stats = new Map<string, unknown>();
  const marketCategory = new Map<string, string>();
  for await (const page of cursorPages(ctx, apiKey, 'markets')) {
    for (const raw of page) {
      const m = listedMarketSchema.safeParse(raw);
      if (!m.success) continue; // the parser reports malformed legs when it meets them in their category
      if (m.data.stats !== undefined) stats.set(String(m.data.id), m.data.stats);
      if (m.data.categorySlug) marketCategory.set(String(m.data.id), m.data.categorySlug);
    }
  }
  const categoriesSeen = new Set<string>();
  let index = 0;
  for await (const page of cursorPages(ctx, apiKey, 'categories')) {
    const items = page.map((category) => {
      const c = category as { slug?: unknown; id?: unknown; markets?: unknown } | null;
      const id = typeof c?.slug === 'string' ? c.slug : typeof c?.id === 'number' ? String(c.id) : `category-${index}`;
      index++;
      categoriesSeen.add(id);
      const legs = Array.isArray(c?.markets) ? c.markets : [];
      const marketStats: Record<string, unknown> = {};
      for (const leg of legs) {
        const legId = (leg as { id?: unknown } | null)?.id;
        if (typeof legId === 'number' && stats.has(String(legId))) marketStats[String(legId)] = stats.get(String(legId));
      }
      return { id, payload: { category, marketStats } };
    });
    if (items.length > 0) yield items;
  }
  const orphans = [...marketCategory].filter(([, slug]) => !categoriesSeen.has(slug));
  if (orphans.length > 0) {
    ctx.log.warn({ venue: 'predictfun', count: orphans.length, sample: orphans.slice(0, 5) }, 'open markets whose category was not in the open category listing; not ingested this poll');
  }
}

/** Recorded catalogue: two pages per list (see recorded/README.md). */
const RECORDED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/v1/markets': { '': 'v1-markets-open.page-1.synpath.json', 'MjY5MzQ=': 'v1-markets-open.page-2.composed.json' },
  '/v1/categories': { '': 'v1-categories-open.page-1.synpath.json', 'MTYyNw==': 'v1-categories-open.page-2.composed.json' },
};

function recordedFile(url: URL): string | null {
  return RECORDED[url.pathname]?.[url.searchParams.get('after') ?? ''] ?? null;
}

export const predictfunConnector: VenueConnector = { descriptor: predictfunDescriptor, fetchCatalog, recordedFile };
