import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { requireScope } from '../auth/guards.ts';
import { marketListHandler, marketListQuery } from './markets.ts';
import { contract } from '../openapi/contract.ts';
import { marketListResponse } from '../openapi/schemas/markets.ts';

/** GET /api/v1/external/markets: the market list for API keys with scope read:markets. */
export function externalMarketsRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/external/markets' });
  const listContract = contract({
    summary: 'List venue markets (API key)',
    description: 'The market list of GET /api/v1/markets for API keys holding read:markets.',
    tags: ['External', 'Markets'],
    auth: { apiKey: 'read:markets' },
    query: marketListQuery,
    responses: { 200: marketListResponse },
  });
  router.get('/', listContract, requireScope('read:markets'), marketListHandler(deps));
  return router;
}
