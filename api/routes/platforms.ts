import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { platformStatuses } from '../../projections/platformStatus/queries.ts';
import { platformChartsHandler, platformStatsHandler } from './platformAnalytics.ts';

/** Venue freshness and health: our addition to the spec (documented in README). */
export function platformsRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/platforms' });
  router.get('/status', async (ctx) => {
    const data = await platformStatuses(deps.store);
    ctx.body = { data, meta: { count: data.length } };
  });
  router.get('/:slug/stats', platformStatsHandler(deps));
  router.get('/:slug/charts', platformChartsHandler(deps));
  return router;
}
