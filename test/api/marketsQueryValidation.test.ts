import test from 'ava';
import { startTestApp } from '../support/app.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

const BAD: Array<[query: string, param: string]> = [
  ['limit=0', 'limit'],
  ['limit=201', 'limit'],
  ['limit=-5', 'limit'],
  ['limit=ten', 'limit'],
  ['limit=1.5', 'limit'],
  ['limit=', 'limit'],
  ['sort=popular', 'sort'],
  ['sort=', 'sort'],
  ['window=1y', 'window'],
  ['platform=betfair', 'platform'],
  ['platform=Polymarket', 'platform'],
  ['category=weather', 'category'],
  ['cursor=', 'cursor'],
  ['cursor=not-a-cursor', 'cursor'],
  ['limit=5&limit=6', 'limit'],
  ['colour=red', 'colour'],
  ['q=', 'q'],
  ['q=%20%20', 'q'],
  [`q=${'x'.repeat(201)}`, 'q'],
];

for (const [query, param] of BAD) {
  test(`GET /api/v1/markets?${query} is 400 INVALID_REQUEST naming '${param}'`, async (t) => {
    const res = await app.request(`/api/v1/markets?${query}`);
    t.is(res.status, 400);
    const body = res.body as { status: string; message: string };
    t.is(body.status, 'INVALID_REQUEST');
    t.true(body.message.includes(`'${param}'`), body.message);
  });
}

test('an error quotes at most 40 characters of a value and names at most five unknown parameters', async (t) => {
  const long = await app.request(`/api/v1/markets?limit=${'9'.repeat(12_000)}`);
  t.is(long.status, 400);
  t.is((long.body as { message: string }).message, `Invalid query parameter 'limit': must be an integer from 1 to 200, got "${'9'.repeat(40)}…"`);
  const many = await app.request(`/api/v1/markets?${Array.from({ length: 1_500 }, (_, i) => `p${i}=1`).join('&')}`);
  t.is(many.status, 400);
  t.is((many.body as { message: string }).message, "Unknown query parameter 'p0', 'p1', 'p2', 'p3', 'p4' and 1495 more: not accepted here.");
});

test('a cursor from one sort is refused by another sort', async (t) => {
  const { encodeCursor } = await import('../../projections/markets/queries.ts');
  const cursor = encodeCursor({ k: 'liquidity', q: '', v: 10, id: 'x', t: 0, n: 0 });
  const res = await app.request(`/api/v1/markets?sort=newest&cursor=${cursor}`);
  t.is(res.status, 400);
  t.regex((res.body as { message: string }).message, /'cursor'/);
});

test('valid parameters on an empty read model give an empty page with meta', async (t) => {
  const res = await app.request('/api/v1/markets?sort=ending_soon&window=7d&platform=drift&category=crypto&limit=200');
  t.is(res.status, 200);
  t.deepEqual(res.body, { data: [], meta: { count: 0, limit: 200, sort: 'ending_soon', window: '7d', next_cursor: null } });
});

test('kalshi, the eighth venue, is a valid platform filter', async (t) => {
  const res = await app.request('/api/v1/markets?platform=kalshi');
  t.is(res.status, 200);
  t.deepEqual((res.body as { data: unknown[] }).data, []);
});

test('an unknown route is 404 NOT_FOUND in the error envelope', async (t) => {
  const res = await app.request('/api/v1/nope');
  t.is(res.status, 404);
  t.is((res.body as { status: string }).status, 'NOT_FOUND');
});

test('a body that is not JSON is 415 UNSUPPORTED_MEDIA_TYPE saying what to send', async (t) => {
  const res = await app.request('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
  t.is(res.status, 415);
  t.is((res.body as { status: string }).status, 'UNSUPPORTED_MEDIA_TYPE');
  t.regex((res.body as { message: string }).message, /Content-Type: application\/json/);
  t.truthy(res.headers.get('x-ratelimit-limit'), 'rate-limit headers on errors too');
});
