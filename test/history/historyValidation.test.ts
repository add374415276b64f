import test from 'ava';
import { startTestApp, type TestApp } from '../support/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

const UUID = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const many = (n: number) => Array.from({ length: n }, (_, i) => `3f1b2c4d-5e6f-4a7b-8c9d-${String(i).padStart(12, '0')}`).join(',');

/** Every bad input: [path, parameter the message must name]. */
const BAD: Array<[path: string, param: string]> = [
  ['/api/v1/markets/trending?limit=0', 'limit'],
  ['/api/v1/markets/trending?limit=201', 'limit'],
  ['/api/v1/markets/trending?limit=ten', 'limit'],
  ['/api/v1/markets/trending?limit=1&limit=2', 'limit'],
  ['/api/v1/markets/trending?window=7d', 'window'],
  ['/api/v1/markets/sparklines', 'ids'],
  ['/api/v1/markets/sparklines?ids=', 'ids'],
  ['/api/v1/markets/sparklines?ids=%2C%2C', 'ids'],
  ['/api/v1/markets/sparklines?ids=not-a-uuid', 'ids'],
  [`/api/v1/markets/sparklines?ids=${UUID},nope`, 'ids'],
  [`/api/v1/markets/sparklines?ids=${many(101)}`, 'ids'],
  [`/api/v1/markets/sparklines?ids=${UUID}&ids=${UUID}`, 'ids'],
  [`/api/v1/markets/sparklines?ids=${UUID}&points=10`, 'points'],
  [`/api/v1/markets/${UUID}/history?range=2w`, 'range'],
  [`/api/v1/markets/${UUID}/history?from=1`, 'from'],
  ['/api/v1/markets/not-a-uuid/history', 'id'],
  ['/api/v1/markets?window=1y', 'window'],
  ['/api/v1/markets?sort=relevance', 'sort'],
  ['/api/v1/markets?q=%2B%2B%2B', 'q'],
  ['/api/v1/platforms/polymarket/charts?days=0', 'days'],
  ['/api/v1/platforms/polymarket/charts?days=366', 'days'],
  ['/api/v1/platforms/polymarket/charts?days=7.5', 'days'],
  ['/api/v1/platforms/polymarket/charts?days=', 'days'],
  ['/api/v1/platforms/polymarket/charts?days=30&days=31', 'days'],
  ['/api/v1/platforms/polymarket/charts?from=2026-01-01', 'from'],
  ['/api/v1/platforms/polymarket/stats?days=3', 'days'],
];

for (const [path, param] of BAD) {
  test(`GET ${path.slice(0, 120)} is 400 INVALID_REQUEST naming '${param}'`, async (t) => {
    const res = await app.request(path);
    t.is(res.status, 400);
    const body = res.body as { status: string; message: string };
    t.is(body.status, 'INVALID_REQUEST');
    t.true(body.message.includes(`'${param}'`), body.message);
  });
}

test('the sparklines limit is said in the 400', async (t) => {
  const res = await app.request(`/api/v1/markets/sparklines?ids=${many(101)}`);
  t.regex((res.body as { message: string }).message, /at most 100/);
  const ok = await app.request(`/api/v1/markets/sparklines?ids=${many(100)}`);
  t.is(ok.status, 200, '100 ids are fine');
});

test('an unknown platform is 404 NOT_FOUND naming every valid slug', async (t) => {
  for (const path of ['/api/v1/platforms/kalshii/stats', '/api/v1/platforms/Polymarket/charts']) {
    const res = await app.request(path);
    t.is(res.status, 404);
    const body = res.body as { status: string; message: string };
    t.is(body.status, 'NOT_FOUND');
    for (const slug of ['polymarket', 'limitless', 'predictfun', 'manifold', 'predictit', 'azuro', 'drift']) t.true(body.message.includes(slug), body.message);
  }
});

test('an unknown market id is 404 MARKET_NOT_FOUND on its history', async (t) => {
  const res = await app.request(`/api/v1/markets/${UUID}/history`);
  t.is(res.status, 404);
  t.is((res.body as { status: string }).status, 'MARKET_NOT_FOUND');
});

test('trending and sparklines are not mistaken for market ids', async (t) => {
  t.is((await app.request('/api/v1/markets/trending')).status, 200);
  const res = await app.request(`/api/v1/markets/sparklines?ids=${UUID}`);
  t.is(res.status, 200);
  t.deepEqual((res.body as { data: unknown; meta: { unknown_ids: string[] } }).meta.unknown_ids, [UUID]);
});
