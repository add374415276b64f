import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { enumParam, limitParam } from '../http/queryFields.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';
import { AppError } from '../../shared/errors.ts';
import { uuidPathParam } from '../http/uuidPathParam.ts';
import { getMarket, listMarkets, MARKET_SORTS, VOLUME_WINDOWS, type ListMarketsQuery } from '../../projections/markets/queries.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { marketView } from '../views/marketView.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { ViewBodyCache } from '../http/viewBodyCache.ts';
import { readModelVersion } from '../http/readModelVersion.ts';
import { sendJsonBytes } from '../http/jsonBytes.ts';
import { ParsedQueries } from '../http/parsedQueries.ts';
import { marketHistoryHandler, marketHistoryQuery, sparklinesHandler, sparklinesQuery, SPARKLINE_IDS_MAX, trendingHandler, trendingQuery } from './marketHistory.ts';
import { contract } from '../openapi/contract.ts';
import { uuidParam } from '../openapi/schemas/common.ts';
import { marketListResponse, marketResponse, sparklinesResponse, trendingResponse } from '../openapi/schemas/markets.ts';
import { marketHistoryResponse } from '../openapi/schemas/history.ts';
import { categoryParam } from '../http/categoryParam.ts';

/** The market list's query (exported as a value: the OpenAPI document is generated from it). */
export const listQuery = z
  .object({
    // Default: relevance when `q` is given, else volume_24h (resolved in the handler).
    sort: enumParam(MARKET_SORTS).optional(),
    window: enumParam(VOLUME_WINDOWS).default('24h'),
    platform: enumParam(VENUE_SLUGS).optional(),
    category: categoryParam,
    q: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
    cursor: z.string().min(1, 'must not be empty').max(512, 'is too long').optional(),
    limit: limitParam,
  })
  .strict();

const LIST_ERRORS = {
  invalid_cursor: "Invalid query parameter 'cursor': use meta.next_cursor from the previous page with the same sort, window and q.",
  relevance_without_q: "Invalid query parameter 'sort': relevance ranks search results, so it needs q.",
  no_words: "Invalid query parameter 'q': give at least one word (letters or digits).",
} as const;

/**
 * One page of the market list as the API answers it: built on a first page's view-cache miss and for every
 * cursor page. A module function, not a closure made per request: tsx keeps function names by redefining
 * `name` on every named closure it creates, which cost more than the rest of a cached answer's handler
 * (bench/README.md finding 66).
 */
async function marketListPage(store: DocumentStore, query: ListMarketsQuery) {
  const result = await listMarkets(store, query, Date.now());
  if (!result.ok) throw new AppError('INVALID_REQUEST', LIST_ERRORS[result.reason]);
  return {
    data: result.items.map(marketView),
    meta: { count: result.items.length, limit: query.limit, sort: query.sort, window: query.window, next_cursor: result.nextCursor },
  };
}

/** The cursor-paged market list; served to everyone here and to API keys under /external/markets. */
export function marketListHandler(deps: AppDeps): Middleware {
  // First pages only: a later page depends on its cursor's own first-page time.
  const firstPages = new ViewBodyCache({ maxAgeMs: deps.config.API_VIEW_CACHE_MS });
  const queries = new ParsedQueries(listQuery, (parsed) => {
    const query = { ...parsed, sort: parsed.sort ?? (parsed.q !== undefined ? 'relevance' : 'volume_24h') } as const;
    return { query, key: JSON.stringify([query.sort, query.window, query.platform ?? null, query.category ?? null, query.q ?? null, query.limit]) };
  });
  return async (ctx) => {
    const { query, key } = queries.of(ctx);
    if (query.cursor !== undefined) {
      ctx.body = await marketListPage(deps.store, query);
      return;
    }
    const version = await readModelVersion(deps.store, marketsProjection.name);
    sendJsonBytes(ctx, (await firstPages.get(key, version, () => marketListPage(deps.store, query)))!);
  };
}

export function marketsRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/markets' });

  router.get(
    '/',
    contract({
      summary: 'List venue markets',
      description: 'Cursor pages of normalised venue markets: sort, volume window, venue, category and full-text filters.',
      tags: ['Markets'],
      auth: 'public',
      query: listQuery,
      fieldDocs: { sort: { default: 'volume_24h', description: 'volume_24h unless `q` is given; then relevance (which needs `q`)' } },
      responses: { 200: marketListResponse },
    }),
    marketListHandler(deps),
  );
  // Before '/:id', which would read these names as ids.
  const trendingContract = contract({
    summary: 'Top open real-money markets by 24-hour volume',
    description: 'Ranked by the level of the 24-hour volume (the venue figure, or derived from lifetime volume); play money is left out. docs/history.md.',
    tags: ['Markets'],
    auth: 'public',
    query: trendingQuery,
    responses: { 200: trendingResponse },
  });
  router.get('/trending', trendingContract, trendingHandler(deps));
  const sparklinesContract = contract({
    summary: 'Compact 7-day Yes-price arrays for many markets',
    description: `42 prices 4 hours apart per market, ending at the latest 5-minute boundary; unknown ids are listed in meta.unknown_ids. docs/history.md.`,
    tags: ['Markets'],
    auth: 'public',
    query: sparklinesQuery,
    fieldDocs: { ids: { description: `1 to ${SPARKLINE_IDS_MAX} comma-separated market UUIDs`, example: '6f1c0a4e-2d7b-4c1e-9a57-1f0e8b3c2d4a,0b5e9f7c-8a1d-4e2f-b3c6-7d8e9f0a1b2c' } },
    responses: { 200: sparklinesResponse },
  });
  router.get('/sparklines', sparklinesContract, sparklinesHandler(deps));
  const historyContract = contract({
    summary: "A market's Yes-price history",
    description: 'Our addition: observed and backfilled points merged, tiered by age (5 minutes, hourly, daily). docs/history.md.',
    tags: ['Markets'],
    auth: 'public',
    params: z.object({ id: uuidParam('market') }),
    query: marketHistoryQuery,
    responses: { 200: marketHistoryResponse },
    errors: ['MARKET_NOT_FOUND'],
  });
  router.get('/:id/history', historyContract, marketHistoryHandler(deps));

  const detailContract = contract({
    summary: 'One venue market with its outcomes and current prices',
    tags: ['Markets'],
    auth: 'public',
    params: z.object({ id: uuidParam('market') }),
    responses: { 200: marketResponse },
    errors: ['MARKET_NOT_FOUND'],
  });
  router.get('/:id', detailContract, async (ctx) => {
    const id = uuidPathParam(ctx.params.id, 'a market');
    const market = await getMarket(deps.store, id);
    if (!market) throw new AppError('MARKET_NOT_FOUND', `No market with id ${id}.`);
    ctx.body = { data: marketView(market) };
  });

  return router;
}

/** The list's query schema, for the contract of the same list under /external/markets. */
export { listQuery as marketListQuery };
