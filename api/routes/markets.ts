import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { parseInput, singleValuedQuery } from '../http/validate.ts';
import { enumParam, limitParam } from '../http/queryFields.ts';
import { CATEGORIES } from '../../shared/types/market.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';
import { isUuid } from '../../shared/ids.ts';
import { AppError } from '../../shared/errors.ts';
import { getMarket, listMarkets, MARKET_SORTS, VOLUME_WINDOWS } from '../../projections/markets/queries.ts';
import { marketView } from '../views/marketView.ts';
import { marketHistoryHandler, sparklinesHandler, trendingHandler } from './marketHistory.ts';
import { contract } from '../openapi/contract.ts';
import { uuidParam } from '../openapi/schemas/common.ts';
import { marketListResponse, marketResponse } from '../openapi/schemas/markets.ts';

/** The market list's query (exported as a value: the OpenAPI document is generated from it). */
export const listQuery = z
  .object({
    // Default: relevance when `q` is given, else volume_24h (resolved in the handler).
    sort: enumParam(MARKET_SORTS).optional(),
    window: enumParam(VOLUME_WINDOWS).default('24h'),
    platform: enumParam(VENUE_SLUGS).optional(),
    category: enumParam(CATEGORIES).optional(),
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

/** The cursor-paged market list; served to everyone here and to API keys under /external/markets. */
export function marketListHandler(deps: AppDeps): Middleware {
  return async (ctx) => {
    const parsed = parseInput(listQuery, singleValuedQuery(ctx.query), 'query parameter');
    const query = { ...parsed, sort: parsed.sort ?? (parsed.q !== undefined ? 'relevance' : 'volume_24h') } as const;
    const result = await listMarkets(deps.store, query, Date.now());
    if (!result.ok) throw new AppError('INVALID_REQUEST', LIST_ERRORS[result.reason]);
    ctx.body = {
      data: result.items.map(marketView),
      meta: { count: result.items.length, limit: query.limit, sort: query.sort, window: query.window, next_cursor: result.nextCursor },
    };
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
      responses: { 200: marketListResponse },
    }),
    marketListHandler(deps),
  );
  // Before '/:id', which would read these names as ids.
  router.get('/trending', trendingHandler(deps));
  router.get('/sparklines', sparklinesHandler(deps));
  router.get('/:id/history', marketHistoryHandler(deps));

  const detailContract = contract({
    summary: 'One venue market with its outcomes and current prices',
    tags: ['Markets'],
    auth: 'public',
    params: z.object({ id: uuidParam('market') }),
    responses: { 200: marketResponse },
    errors: ['MARKET_NOT_FOUND'],
  });
  router.get('/:id', detailContract, async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!isUuid(id)) throw new AppError('INVALID_REQUEST', `Invalid path parameter 'id': must be a market UUID, got "${id.slice(0, 64)}".`);
    const market = await getMarket(deps.store, id);
    if (!market) throw new AppError('MARKET_NOT_FOUND', `No market with id ${id}.`);
    ctx.body = { data: marketView(market) };
  });

  return router;
}

/** The list's query schema, for the contract of the same list under /external/markets. */
export { listQuery as marketListQuery };
