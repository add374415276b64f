import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { API_VERSION, SERVICE_NAME } from '../deps.ts';

/** /health answers while the process runs; /ready only when every dependency answers. */
export function healthRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok', service: SERVICE_NAME, version: API_VERSION };
  });
  router.get('/ready', async (ctx) => {
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
