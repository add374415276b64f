import test from 'ava';
import Router from '@koa/router';
import { indexRouterByPrefix } from '../../api/http/prefixIndex.ts';
import { startApi } from '../auth/harness.ts';

type MatchResult = ReturnType<Router['match']>;
const shape = (r: MatchResult) => ({ route: r.route, path: r.path.map((l) => l.path), pathAndMethod: r.pathAndMethod.map((l) => l.path) });

/** Request paths for every registered route (parameters filled), in several spellings, and ones no route takes. */
function probes(router: Router): string[] {
  const out = new Set<string>(['/api/v1', '/api/v1/', '/api/v1/nope', '/api/v1//markets', '/API/V1/MARKETS', '/api/v1/mar%6Bets', '/api/v1/\u212Aarkets', '/health', '/', '/api/v1/consolex', '/api/v1/console', '/api/v1/Alerts/1', '/api/v1/watchlists/1/items/2']);
  for (const layer of router.stack) {
    const path = String(layer.path).replace(/:([A-Za-z0-9_]+)/g, 'x-$1');
    out.add(path);
    out.add(path + '/');
    out.add(path.toUpperCase());
    out.add(path + '/extra');
  }
  return [...out];
}

test('the prefix index gives exactly the router\'s own match for every route of the app, any case, trailing slash or unknown path', async (t) => {
  const api = await startApi();
  try {
    const v1 = (api.app.middleware as unknown as Array<{ router?: Router }>).map((m) => m.router).find((r) => r?.opts.prefix === '/api/v1')!;
    const plain = Router.prototype.match;
    let compared = 0;
    for (const path of probes(v1)) {
      for (const method of ['GET', 'POST', 'DELETE', 'PATCH', 'OPTIONS', 'head']) {
        t.deepEqual(shape(v1.match(path, method)), shape(plain.call(v1, path, method)), `${method} ${path}`);
        compared += 1;
      }
    }
    t.true(compared > 300);
    let tested = 0;
    const restore = v1.stack.map((layer) => {
      const own = layer.match.bind(layer);
      layer.match = (path: string) => ((tested += 1), own(path));
      return () => delete (layer as { match?: unknown }).match;
    });
    v1.match('/api/v1/questions/q-1', 'GET');
    restore.forEach((r) => r());
    const questionsLayers = v1.stack.filter((l) => String(l.path).startsWith('/api/v1/questions')).length;
    t.is(tested, questionsLayers, 'only the layers under /questions are tested, not all ' + v1.stack.length);
  } finally {
    await api.close();
  }
});

test('routes added after indexing are found, and a parameter in the first segment is tried for every path', (t) => {
  const router = new Router({ prefix: '/api/v1' });
  router.get('/markets', (ctx) => (ctx.body = 'list'));
  indexRouterByPrefix(router, '/api/v1');
  t.deepEqual(shape(router.match('/api/v1/markets', 'GET')), { route: true, path: ['/api/v1/markets'], pathAndMethod: ['/api/v1/markets'] });
  router.get('/:anything/detail', (ctx) => (ctx.body = 'any'));
  router.get('/questions/:id', (ctx) => (ctx.body = 'q'));
  t.deepEqual(shape(router.match('/api/v1/questions/7', 'GET')), { route: true, path: ['/api/v1/questions/:id'], pathAndMethod: ['/api/v1/questions/:id'] });
  t.deepEqual(shape(router.match('/api/v1/markets/detail', 'GET')), { route: true, path: ['/api/v1/:anything/detail'], pathAndMethod: ['/api/v1/:anything/detail'] });
  t.deepEqual(shape(router.match('/api/v1/Questions/7', 'POST')), { route: false, path: ['/api/v1/questions/:id'], pathAndMethod: [] });
});
