import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { platformStatuses } from '../../projections/platformStatus/queries.ts';
import { platformChartsHandler, platformChartsQuery, platformSlugParams, platformStatsHandler, platformStatsQuery } from './platformAnalytics.ts';
import { contract } from '../openapi/contract.ts';
import { platformChartsResponse, platformStatsResponse, platformStatusResponse } from '../openapi/schemas/platforms.ts';

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
  const statsContract = contract({
    summary: "One venue's market counts, volumes and open-market metrics",
    description: "Amounts in the venue's currency, null where no market reports the figure. An unknown slug is 404 NOT_FOUND. docs/history.md.",
    tags: ['Platforms'],
    auth: 'public',
    params: platformSlugParams,
    query: platformStatsQuery,
    responses: { 200: platformStatsResponse },
    errors: ['NOT_FOUND'],
  });
  router.get('/:slug/stats', statsContract, platformStatsHandler(deps));
  const chartsContract = contract({
    summary: "One venue's daily traded volume",
    description: 'One point per UTC day, oldest first, ending today; charts warm up from the day Concord starts watching. docs/history.md.',
    tags: ['Platforms'],
    auth: 'public',
    params: platformSlugParams,
    query: platformChartsQuery,
    responses: { 200: platformChartsResponse },
    errors: ['NOT_FOUND'],
  });
  router.get('/:slug/charts', chartsContract, platformChartsHandler(deps));
  return router;
}
