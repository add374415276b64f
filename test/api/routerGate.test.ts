import test from 'ava';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { gatedRoutes } from '../../api/http/routerGate.ts';
import { startApi } from '../auth/harness.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Whether the gated middleware handed the request to its router: the router's dispatch writes ctx.router
 * before anything else it does with a request it has no route for (PROPFIND: no route takes it, so a
 * dispatched request only passes through to next()).
 */
async function dispatched(gated: Middleware, path: string): Promise<boolean> {
  const ctx = { path, req: { url: path }, method: 'PROPFIND', host: '127.0.0.1' } as unknown as Context & { router?: Router };
  let passed = false;
  await gated(ctx, async () => {
    passed = true;
  });
  if (!passed) throw new Error(`${path}: the request was not passed on`);
  return ctx.router !== undefined;
}

/** Request paths for every registered route (parameters filled), in several spellings, and ones no route takes. */
function probes(routers: readonly Router[]): string[] {
  const out = new Set<string>(['/', '', '*', '/api', '/api/v1', '/API/V1/MARKETS', '/nope', '//health', '/HEALTH', '/health/', '/Health/x', '/%68ealth', '/\u212Aonsole', '/openapi.json', '/OPENAPI.JSON', '/openapiXjson', '/docs/assets/x', '/console/assets/x']);
  for (const router of routers) {
    for (const layer of router.stack) {
      const path = String(layer.path).replace(/:([A-Za-z0-9_]+)/g, 'x-$1');
      for (const p of [path, `${path}/`, path.toUpperCase(), `${path}/extra`]) out.add(p);
    }
  }
  return [...out];
}

test('a router is skipped only for paths none of its layers matches, whatever the method; the app\'s routers skip each other\'s paths', async (t) => {
  const api = await startApi();
  try {
    const mounted = (api.app.middleware as unknown as Array<Middleware & { router?: Router }>).filter((m) => m.router !== undefined);
    t.is(mounted.length, 4, 'health, OpenAPI, console page and /api/v1, each mounted through its gate');
    const routers = mounted.map((m) => m.router!);
    let skipped = 0;
    for (const gated of mounted) {
      for (const path of probes(routers)) {
        if (await dispatched(gated, path)) continue;
        skipped += 1;
        for (const method of METHODS) t.deepEqual(gated.router!.match(path, method).path, [], `${method} ${path} skipped by a router with a layer for it`);
      }
    }
    t.true(skipped > 100);
    const [health, , , v1] = mounted;
    t.false(await dispatched(health!, '/api/v1/questions/x'));
    t.true(await dispatched(health!, '/Health'));
    t.false(await dispatched(v1!, '/health'));
    t.true(await dispatched(v1!, '/API/v1/questions/x'));
  } finally {
    await api.close();
  }
});

test('routes added after the gate was made are dispatched, and a first segment that is a parameter dispatches every path', async (t) => {
  const router = new Router();
  router.get('/markets', (ctx) => (ctx.body = 'list'));
  const gated = gatedRoutes(router);
  t.is((gated as Middleware & { router?: Router }).router, router);
  t.false(await dispatched(gated, '/questions/7'));
  t.true(await dispatched(gated, '/MARKETS'));
  router.get('/questions/:id', (ctx) => (ctx.body = 'q'));
  t.true(await dispatched(gated, '/questions/7'));
  t.false(await dispatched(gated, '/alerts'));
  router.get('/:anything/detail', (ctx) => (ctx.body = 'any'));
  t.true(await dispatched(gated, '/alerts'));
  t.true(await dispatched(gated, '/'));
});

test('a path that is not plain ASCII is always dispatched', async (t) => {
  const router = new Router();
  router.get('/markets', (ctx) => (ctx.body = 'list'));
  const gated = gatedRoutes(router);
  t.true(await dispatched(gated, '/m\u00e4rkets'));
  t.false(await dispatched(gated, '/maerkets'));
});
