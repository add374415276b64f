import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { platformStatuses } from '../../projections/platformStatus/queries.ts';
import { platformChartsHandler, platformStatsHandler } from './platformAnalytics.ts';
import { contract } from '../openapi/contract.ts';
import { platformStatusResponse } from '../openapi/schemas/platforms.ts';

/** Venue freshness and health: our addition to the spec (documented in README). */
export function platformsRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/platforms' });
  const statusContract = contract({
    summary: 'Freshness and health of every venue',
    description: 'Our addition to the spec: per venue its state, last sync, market counts, last error and schema-drift warnings.',
    tags: ['Platforms'],
    auth: 'public',
    responses: { 200: platformStatusResponse },
  });
  router.get('/status', statusContract, async (ctx) => {
    const data = await platformStatuses(deps.store);
    ctx.body = { data, meta: { count: data.length } };
  });
  router.get('/:slug/stats', platformStatsHandler(deps));
  router.get('/:slug/charts', platformChartsHandler(deps));
  return router;
}
