import test from 'ava';
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { routeDispatch } from '../../api/http/routeDispatch.ts';

type Seen = Array<Record<string, unknown>>;

/** What a middleware sees of the routing state when it runs. */
function snapshot(label: string, ctx: Context): Record<string, unknown> {
  const c = ctx as unknown as Record<string, unknown> & { request: { params?: unknown }; matched?: Array<{ path: unknown }> };
  return {
    label,
    captures: c.captures,
    params: c.params,
    requestParams: c.request.params,
    paramsShared: c.params === c.request.params,
    routerPath: String(c.routerPath),
    routerName: c.routerName,
    matchedRoute: String(c._matchedRoute),
    matchedRouteName: c._matchedRouteName,
    matched: c.matched?.map((l) => String(l.path)),
    routeMatched: c.routeMatched,
    routerIsSet: c.router !== undefined,
  };
}

const mark = (seen: Seen, label: string): Middleware => (ctx, next) => {
  seen.push(snapshot(label, ctx));
  return next();
};

/** A router shaped like the app's /api/v1 one: nested routers, router-level middleware, params, names, a param handler. */
function buildRouter(seen: Seen): Router {
  const v1 = new Router({ prefix: '/api/v1' });
  const markets = new Router({ prefix: '/markets' });
  markets.use(mark(seen, 'markets.use'));
  markets.get('list', '/', mark(seen, 'list.a'), mark(seen, 'list.b'));
  markets.get('/trending', mark(seen, 'trending'));
  markets.get('detail', '/:id', mark(seen, 'detail'));
  markets.get('/:id/history', mark(seen, 'history'));
  const questions = new Router({ prefix: '/questions' });
  questions.get('/:id', mark(seen, 'question'));
  questions.post('/:id/follow', mark(seen, 'follow'));
  questions.get('/:id{/:part}', mark(seen, 'question part'));
  v1.use(mark(seen, 'v1.use'));
  v1.use(markets.routes());
  v1.use(questions.routes());
  v1.get('/files/{*rest}', mark(seen, 'files'));
  v1.param('id', (id, ctx, next) => {
    seen.push({ label: `param ${id}`, ...snapshot('param', ctx) });
    return next();
  });
  return v1;
}

function context(path: string, method: string): Context {
  return { path, method, host: '127.0.0.1', request: {}, req: { url: path } } as unknown as Context;
}

async function run(dispatch: Middleware, seen: Seen, path: string, method: string): Promise<{ seen: Seen; outer: boolean; fields: Record<string, unknown> }> {
  seen.length = 0;
  const ctx = context(path, method);
  let outer = false;
  await dispatch(ctx, async () => {
    outer = true;
    seen.push(snapshot('outer next', ctx));
  });
  return { seen: [...seen], outer, fields: snapshot('after', ctx) };
}

const PATHS = ['/api/v1/markets', '/api/v1/markets/', '/API/V1/MARKETS', '/api/v1/markets/trending', '/api/v1/markets/0b5e9f7c-8a1d', '/api/v1/markets/a%20b/history', '/api/v1/questions/q1', '/api/v1/questions/q1/odds', '/api/v1/questions/q1/follow', '/api/v1/files/a/b/c', '/api/v1/nothing', '/api/v1', '/elsewhere', '/api/v1/markets/%E0%A4%A'];
const METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'];

test('every path and method sees the same middleware, in the same order, with the same routing fields as the router\'s own dispatch', async (t) => {
  const seenOwn: Seen = [];
  const seenNew: Seen = [];
  const own = buildRouter(seenOwn).routes() as unknown as Middleware;
  const ours = routeDispatch(buildRouter(seenNew));
  let matched = 0;
  for (const path of PATHS) {
    for (const method of METHODS) {
      // Twice: the second run of ours serves the chain it kept.
      for (let round = 0; round < 2; round++) {
        const a = await run(own, seenOwn, path, method);
        const b = await run(ours, seenNew, path, method);
        t.deepEqual(b, a, `${method} ${path} (round ${round + 1})`);
        if (a.seen.some((s) => s.label !== 'outer next')) matched += 1;
      }
    }
  }
  t.true(matched > 20);
});

test('the chain kept for a route follows middleware added to its layers later, and routes added later', async (t) => {
  const seen: Seen = [];
  const router = new Router();
  router.get('/a/:id', mark(seen, 'a'));
  const ours = routeDispatch(router);
  const own = router.routes() as unknown as Middleware;
  const labels = async (dispatch: Middleware) => (await run(dispatch, seen, '/a/1', 'GET')).seen.map((s) => s.label);
  t.deepEqual(await labels(ours), ['a', 'outer next']);
  router.param('id', (_id, _ctx, next) => {
    seen.push({ label: 'param' });
    return next();
  });
  t.deepEqual(await labels(ours), ['param', 'a', 'outer next']);
  t.deepEqual(await labels(ours), await labels(own));
  router.get('/a/:id', mark(seen, 'a2'));
  t.deepEqual(await labels(ours), await labels(own));
  t.true((await labels(ours)).includes('a2'));
});

test('koa-compose\'s rules: next() twice rejects, a synchronous throw is a rejection, the outer next runs last and its value comes back', async (t) => {
  const router = new Router();
  router.get('/twice', async (_ctx, next) => {
    await next();
    await next();
  });
  router.get('/throws', () => {
    throw new Error('boom');
  });
  router.get('/value', (_ctx, next) => next());
  const ours = routeDispatch(router);
  await t.throwsAsync(() => Promise.resolve(ours(context('/twice', 'GET'), async () => undefined)), { message: 'next() called multiple times' });
  const thrown = ours(context('/throws', 'GET'), async () => undefined);
  t.true(thrown instanceof Promise);
  await t.throwsAsync(() => Promise.resolve(thrown), { message: 'boom' });
  t.is(await ours(context('/value', 'GET'), (async () => 42) as unknown as Next), 42);
  t.is(await (router.routes() as unknown as Middleware)(context('/value', 'GET'), (async () => 42) as unknown as Next), 42);
});

test('a router with a host option goes through its own dispatch, and the middleware carries its router', async (t) => {
  const seen: Seen = [];
  const router = new Router({ host: 'example.com' });
  router.get('/h', mark(seen, 'h'));
  const ours = routeDispatch(router);
  t.is((ours as Middleware & { router?: Router }).router, router);
  const r = await run(ours, seen, '/h', 'GET');
  t.deepEqual(r.seen.map((s) => s.label), ['outer next'], 'host 127.0.0.1 is not example.com');
});
