import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { API_VERSION, SERVICE_NAME } from '../deps.ts';
import { contract } from '../openapi/contract.ts';
import { healthResponse, notReadyResponse, readyResponse } from '../openapi/schemas/health.ts';

/** /health answers while the process runs; /ready only when every dependency answers. */
export function healthRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/health', contract({ summary: 'The process is running', tags: ['Health'], auth: 'none', responses: { 200: healthResponse } }), (ctx) => {
    ctx.body = { status: 'ok', service: SERVICE_NAME, version: API_VERSION };
  });
  const readyContract = contract({
    summary: 'Every dependency (NATS, the store) answers',
    tags: ['Health'],
    auth: 'none',
    responses: { 200: readyResponse, 503: { description: 'A dependency does not answer; the body names it', schema: notReadyResponse } },
  });
  router.get('/ready', readyContract, async (ctx) => {
    const checks = await deps.checkDependencies();
    const failed = checks.filter((c) => !c.ok);
    if (failed.length === 0) {
      ctx.body = { status: 'ok', service: SERVICE_NAME, version: API_VERSION, dependencies: checks };
      return;
    }
    ctx.status = 503;
    ctx.body = {
      status: 'SERVICE_UNAVAILABLE',
      message: `Not ready: ${failed.map((c) => `${c.name} (${c.error ?? 'no answer'})`).join(', ')}.`,
      dependencies: checks,
    };
  });
  return router;
}
