import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps } from './deps.ts';
import { errorEnvelope } from './middleware/errorEnvelope.ts';
import { storeUnavailable } from './middleware/storeUnavailable.ts';
import { requestLog } from './middleware/requestLog.ts';
import { authenticate } from './middleware/authenticate.ts';
import { rateLimit } from './middleware/rateLimit.ts';
import { refuseFailedApiKey } from './middleware/failedApiKey.ts';
import { usageCapture } from './middleware/usageCapture.ts';
import { jsonBody } from './middleware/jsonBody.ts';
import { unmatchedRoute } from './middleware/unmatchedRoute.ts';
import { healthRouter } from './routes/health.ts';
import { apiV1Routers } from './routes/index.ts';
import { openApiRouter } from './routes/openapi.ts';
import { consolePageRouter } from './routes/consolePage.ts';
import { indexRouterByPrefix } from './http/prefixIndex.ts';
import { gatedRoutes } from './http/routerGate.ts';

/**
 * Builds the Koa application; never listens (api/server.ts does, and answers what node refuses before
 * Koa sees it). Order: request id + log (outermost, so its line carries the final status) → API-key
 * usage capture (sees the final status, errors included) → error envelope → auth → tiered rate limit
 * → a presented API key that failed is refused (401 on every /api/ route) → body (the one
 * place bodies are read and bounded) → routers (each skipped when none of its routes' first path segments is the request's, routerGate.ts) → unmatched route (404, or 405 with Allow). The body is parsed after the rate limit, so malformed or oversized bodies are answered with
 * the X-RateLimit-* headers too and a flood of bodies is refused before any parsing.
 */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(requestLog(deps.log));
  app.use(usageCapture(deps));
  app.use(errorEnvelope(deps.log));
  app.use(storeUnavailable());
  app.use(authenticate(deps));
  app.use(rateLimit(deps));
  app.use(refuseFailedApiKey());
  app.use(jsonBody());

  const health = healthRouter(deps);
  app.use(gatedRoutes(health));
  app.use(gatedRoutes(openApiRouter(deps)));
  app.use(gatedRoutes(consolePageRouter()));

  const v1 = new Router({ prefix: '/api/v1' });
  for (const router of apiV1Routers(deps)) v1.use(router.routes());
  indexRouterByPrefix(v1, '/api/v1');
  app.use(gatedRoutes(v1));
  app.use(unmatchedRoute([health, v1]));
  return app;
}
