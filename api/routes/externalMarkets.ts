import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { CATEGORIES } from '../../shared/types/market.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';
import { parseInput, singleValuedQuery } from '../http/validate.ts';
import { enumParam, limitParam } from '../http/queryFields.ts';
import { requireScope } from '../auth/guards.ts';
import { listMarkets, MARKET_SORTS, VOLUME_WINDOWS } from '../../projections/markets/queries.ts';
import { marketView } from '../views/marketView.ts';

const listQuery = z
  .object({
    sort: enumParam(MARKET_SORTS).default('volume_24h'),
    window: enumParam(VOLUME_WINDOWS).default('24h'),
    platform: enumParam(VENUE_SLUGS).optional(),
    category: enumParam(CATEGORIES).optional(),
    cursor: z.string().min(1, 'must not be empty').max(512, 'is too long').optional(),
    limit: limitParam,
  })
  .strict();

/** GET /api/v1/external/markets: the market list for API keys with scope read:markets. */
export function externalMarketsRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/external/markets' });
  router.get('/', requireScope('read:markets'), async (ctx) => {
    const query = parseInput(listQuery, singleValuedQuery(ctx.query), 'query parameter');
    const result = await listMarkets(deps.store, query, Date.now());
    if (!result.ok) throw new AppError('INVALID_REQUEST', "Invalid query parameter 'cursor': use meta.next_cursor from the previous page with the same sort and window.");
    ctx.body = {
      data: result.items.map(marketView),
      meta: { count: result.items.length, limit: query.limit, sort: query.sort, window: query.window, next_cursor: result.nextCursor },
    };
  });
  return router;
}
