import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { parseInput, singleValuedQuery } from '../http/validate.ts';
import { limitParam, offsetParam } from '../http/queryFields.ts';
import { arbitrageFilterFields } from './arbitrageFilters.ts';
import { TtlCache } from '../http/ttlCache.ts';
import { requireScope, requireSession } from '../auth/guards.ts';
import { isUuid } from '../../shared/ids.ts';
import { AppError } from '../../shared/errors.ts';
import { getOpportunity, latestStats, listOpportunities } from '../../projections/arbitrage/queries.ts';
import { opportunityView, statsView } from '../views/arbitrageView.ts';
import { arbitrageStreamHandler } from './arbitrageStream.ts';

/** GET …/arbitrage/opportunities query: every filter plus limit (1-200, default 50) and offset. */
export const arbitrageListQuerySchema = z.object({ ...arbitrageFilterFields, limit: limitParam, offset: offsetParam }).strict();
export type ArbitrageListQuery = z.infer<typeof arbitrageListQuerySchema>;

type ListBody = { data: { opportunities: ReturnType<typeof opportunityView>[]; stats: ReturnType<typeof statsView> } };

/**
 * The opportunity list, served from the read model behind a short cache (ARB_FEED_CACHE_MS).
 * meta.source: `database` (read now), `cache` (served from the cache), `empty` (nothing matched).
 */
export function arbitrageListHandler(deps: AppDeps): Middleware {
  const cache = new TtlCache<ListBody>(deps.config.ARB_FEED_CACHE_MS);
  return async (ctx) => {
    const query = parseInput(arbitrageListQuerySchema, singleValuedQuery(ctx.query), 'query parameter');
    const key = JSON.stringify(query);
    let body = cache.get(key);
    let source: 'database' | 'cache' | 'empty' = 'cache';
    if (!body) {
      const [docs, stats] = await Promise.all([listOpportunities(deps.store, query), latestStats(deps.store)]);
      body = { data: { opportunities: docs.map(opportunityView), stats: statsView(stats) } };
      cache.set(key, body);
      source = 'database';
    }
    const count = body.data.opportunities.length;
    ctx.body = { ...body, meta: { count, offset: query.offset, limit: query.limit, source: count === 0 ? 'empty' : source } };
  };
}

/**
 * The external feed (API key with read:arbitrage; 403 FORBIDDEN without the scope) and the session
 * route of the original product (session JWT or cookie, session rate tier): same shape.
 */
export function arbitrageRouter(deps: AppDeps): Router {
  const router = new Router();
  const list = arbitrageListHandler(deps);
  router.get('/external/arbitrage/opportunities', requireScope('read:arbitrage'), list);
  router.get('/external/arbitrage/stream', requireScope('read:arbitrage'), arbitrageStreamHandler(deps));
  router.get('/arbitrage/opportunities', requireSession(), list);
  router.get('/arbitrage/opportunities/:id', requireSession(), async (ctx) => {
    const id = String(ctx.params.id ?? '');
    if (!isUuid(id)) throw new AppError('INVALID_REQUEST', `Invalid path parameter 'id': must be an opportunity UUID, got "${id.slice(0, 64)}".`);
    const doc = await getOpportunity(deps.store, id);
    if (!doc) throw new AppError('NOT_FOUND', `No arbitrage opportunity with id ${id}; resolved opportunities leave the feed after the retention period.`);
    ctx.body = { data: opportunityView(doc) };
  });
  return router;
}
