import test from 'ava';
import { startTestNats, silentLog, type TestNats } from '../support/nats.ts';
import { jetStreamPublisher } from '../../pipeline/streams/publisher.ts';
import { startProjection } from '../../projections/runProjection.ts';
import type { ConsumerLoop } from '../../pipeline/streams/consume.ts';
import { usageHourlyProjection, usageProjection } from '../../projections/usage/projection.ts';
import { startApi, register, createKey, type TestApi } from '../auth/harness.ts';

let nats: TestNats;
let api: TestApi;
let loops: ConsumerLoop[] = [];
/** The app's clock: five minutes before midnight at the end of March (UTC), so periods are known by hand. */
let clock = Date.UTC(2026, 2, 31, 23, 55, 0);
test.before(async () => {
  nats = await startTestNats();
  api = await startApi({ publish: jetStreamPublisher(nats.conn.js), auth: { now: () => clock } });
  loops = [await startProjection(nats.conn, api.store, usageProjection, silentLog), await startProjection(nats.conn, api.store, usageHourlyProjection, silentLog)];
});
test.after.always(async () => {
  for (const loop of loops) await loop.stop();
  await api.close();
  await nats.close();
});

async function waitFor<T>(probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  let last = await probe();
  for (let i = 0; i < 300 && !done(last); i += 1) {
    await new Promise((r) => setTimeout(r, 20));
    last = await probe();
  }
  return last;
}

test.serial('requests made with a key flow through JetStream into the request log (newest first) and the statistics', async (t) => {
  const s = await register(api, 'usage-a@example.com');
  const { key, id } = await createKey(api, s.access);
  // One second apart on the app's clock, so "newest first" has an order to show.
  const calls: Array<[string, number]> = [
    ['/api/v1/external/markets', 200],
    ['/api/v1/external/markets?limit=2', 200],
    ['/api/v1/external/markets?sort=nope', 400],
    ['/api/v1/external/unknown', 404],
  ];
  for (const [path, status] of calls) {
    t.is((await api.request('GET', path, { apiKey: key })).status, status, path);
    clock += 1_000;
  }
  // Session requests are not captured.
  await api.request('GET', '/api/v1/console/keys', { bearer: s.access });

  const logs = await waitFor(
    () => api.request('GET', `/api/v1/console/logs?api_key_id=${id}`, { bearer: s.access }),
    (r) => r.body.meta?.total === 4,
  );
  t.is(logs.status, 200);
  t.deepEqual(logs.body.meta, { count: 4, total: 4, offset: 0, limit: 50 });
  const entries = logs.body.data as Array<Record<string, unknown>>;
  t.deepEqual(Object.keys(entries[0] ?? {}).sort(), ['endpoint', 'id', 'latency_ms', 'method', 'status_code', 'timestamp']);
  t.deepEqual(entries.map((e) => e.status_code), [404, 400, 200, 200], 'newest first');
  t.is(entries[0]?.endpoint, '/api/v1/external/unknown');
  t.is(entries[0]?.method, 'GET');

  const page = await api.request('GET', `/api/v1/console/logs?api_key_id=${id}&limit=1&offset=1`, { bearer: s.access });
  t.deepEqual(page.body.meta, { count: 1, total: 4, offset: 1, limit: 1 });
  t.is(page.body.data[0].status_code, 400);

  t.deepEqual(entries.map((e) => e.timestamp), ['2026-03-31T23:55:03.000Z', '2026-03-31T23:55:02.000Z', '2026-03-31T23:55:01.000Z', '2026-03-31T23:55:00.000Z']);

  const stats = await waitFor(
    () => api.request('GET', `/api/v1/console/stats?api_key_id=${id}`, { bearer: s.access }),
    (r) => r.body.data?.at(-1)?.total_calls === 4,
  );
  t.is(stats.status, 200);
  t.deepEqual(stats.body.meta, { granularity: 'daily', count: 30 });
  t.is(stats.body.data[0].period_start, '2026-03-02T00:00:00.000Z', '30 days ending with today, oldest first');
  const today = stats.body.data.at(-1);
  t.is(today.period_start, '2026-03-31T00:00:00.000Z');
  t.like(today, { total_calls: 4, successful_calls: 2, error_calls: 2, unique_endpoints: 2 });
  t.true(today.avg_latency_ms > 0);
  t.true(today.p95_latency_ms >= today.avg_latency_ms * 0.5);
  t.is(stats.body.data[0].total_calls, 0, 'periods without calls are reported as zeros');

  const hourly = await api.request('GET', `/api/v1/console/stats?api_key_id=${id}&granularity=hourly&limit=2`, { bearer: s.access });
  t.deepEqual(hourly.body.data.map((p: { period_start: string; total_calls: number }) => [p.period_start, p.total_calls]), [
    ['2026-03-31T22:00:00.000Z', 0],
    ['2026-03-31T23:00:00.000Z', 4],
  ]);

  // Ten minutes later it is April: one more call lands in the new day and the new month.
  clock = Date.UTC(2026, 3, 1, 0, 5, 0);
  t.is((await api.request('GET', '/api/v1/external/markets', { apiKey: key })).status, 200);
  const daily = await waitFor(
    () => api.request('GET', `/api/v1/console/stats?api_key_id=${id}&limit=2`, { bearer: s.access }),
    (r) => r.body.data?.at(-1)?.total_calls === 1,
  );
  t.deepEqual(daily.body.data.map((p: { period_start: string; total_calls: number }) => [p.period_start, p.total_calls]), [
    ['2026-03-31T00:00:00.000Z', 4],
    ['2026-04-01T00:00:00.000Z', 1],
  ]);
  const fromStart = await api.request('GET', `/api/v1/console/stats?api_key_id=${id}&granularity=monthly&limit=3&start=2026-03-15T00:00:00Z`, { bearer: s.access });
  t.deepEqual(fromStart.body.data.map((p: { period_start: string; total_calls: number }) => [p.period_start, p.total_calls]), [
    ['2026-03-01T00:00:00.000Z', 4],
    ['2026-04-01T00:00:00.000Z', 1],
    ['2026-05-01T00:00:00.000Z', 0],
  ], 'with start, the first period is the one holding start');
});

test.serial('stats and logs validate their query parameters', async (t) => {
  const s = await register(api, 'usage-b@example.com');
  const { id } = await createKey(api, s.access);
  const bad: Array<[string, RegExp]> = [
    ['/api/v1/console/stats', /'api_key_id'/],
    [`/api/v1/console/stats?api_key_id=${id}&granularity=weekly`, /'granularity'/],
    [`/api/v1/console/stats?api_key_id=${id}&limit=91`, /'limit'/],
    [`/api/v1/console/stats?api_key_id=${id}&limit=0`, /'limit'/],
    [`/api/v1/console/stats?api_key_id=${id}&start=yesterday`, /'start'/],
    [`/api/v1/console/stats?api_key_id=${id}&bogus=1`, /bogus/],
    [`/api/v1/console/logs?api_key_id=${id}&limit=201`, /'limit'/],
    [`/api/v1/console/logs?api_key_id=${id}&offset=-1`, /'offset'/],
    ['/api/v1/console/logs?api_key_id=abc', /'api_key_id'/],
  ];
  for (const [path, message] of bad) {
    const reply = await api.request('GET', path, { bearer: s.access });
    t.is(reply.status, 400, path);
    t.regex(reply.body.message, message, path);
  }
});

test('a failing publish never fails the request', async (t) => {
  const broken = await startApi({ publish: async () => Promise.reject(new Error('stream down')) });
  try {
    const s = await register(broken, 'usage-c@example.com');
    const { key } = await createKey(broken, s.access);
    t.is((await broken.request('GET', '/api/v1/external/markets', { apiKey: key })).status, 200);
    await waitFor(async () => broken.logLines.some((l) => l.msg === 'usage events are not being stored; holding them and retrying'), Boolean);
    t.true(broken.logLines.some((l) => l.msg === 'usage events are not being stored; holding them and retrying'));
  } finally {
    await broken.close();
  }
});
