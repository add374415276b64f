import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { requireScope } from '../auth/guards.ts';
import { marketListHandler } from './markets.ts';

/** GET /api/v1/external/markets: the market list for API keys with scope read:markets. */
export function externalMarketsRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/external/markets' });
  router.get('/', requireScope('read:markets'), marketListHandler(deps));
  return router;
}
