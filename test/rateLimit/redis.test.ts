import test from 'ava';
import { Redis } from 'ioredis';
import { startApi, type Reply, type TestApi } from '../auth/harness.ts';
import { startRedis, startRedisProxy } from '../support/redis.ts';

const remaining = (r: Reply) => r.headers.get('x-ratelimit-remaining');
const markets = (api: TestApi) => api.request('GET', '/api/v1/markets?limit=1');

/** Polls an observable condition (a log line) with a bound; never a fixed sleep. */
async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('with REDIS_URL two app instances share one count: 40 anonymous requests across both, then both refuse', async (t) => {
  const redis = await startRedis();
  // A burst window as long as the minute: 40 requests need not fit into 5 s of a loaded machine.
  const env = { REDIS_URL: redis.url, RATE_LIMIT_BURST_WINDOW_MS: '60000' };
  const a = await startApi({ env });
  const b = await startApi({ env });
  try {
    for (let i = 0; i < 20; i += 1) {
      t.is((await a.request('GET', '/api/v1/markets?limit=1')).status, 200);
      t.is((await b.request('GET', '/api/v1/markets?limit=1')).status, 200);
    }
    const refusedA = await a.request('GET', '/api/v1/markets?limit=1');
    const refusedB = await b.request('GET', '/api/v1/markets?limit=1');
    t.is(refusedA.status, 429);
    t.is(refusedB.status, 429);
    t.is(refusedA.body.status, 'RATE_LIMITED');
    t.is(refusedB.headers.get('x-ratelimit-limit'), '120');
    t.is(refusedB.headers.get('x-ratelimit-remaining'), '0');
    const keys = new Redis(redis.url);
    t.true((await keys.keys('concord:rl:*')).length >= 2, 'the counters live in Redis');
    keys.disconnect();
  } finally {
    await a.close();
    await b.close();
    await redis.stop();
  }
});

test('when Redis goes away requests are still answered, counted in process, with headers', async (t) => {
  const redis = await startRedis();
  // The in-process windows run on the app's clock: held still, 40 requests always fit in one burst window.
  const api = await startApi({ env: { REDIS_URL: redis.url }, auth: { now: () => Date.UTC(2026, 0, 15, 12) } });
  try {
    const first = await markets(api);
    t.is(first.status, 200);
    t.is(remaining(first), '39', 'counted in Redis: the first of the 40-request burst');
    await redis.stop();
    const replies: Reply[] = [];
    for (let i = 0; i < 40; i += 1) replies.push(await markets(api));
    t.deepEqual(replies.map((r) => r.status), Array(40).fill(200));
    t.deepEqual(replies.map(remaining), Array.from({ length: 40 }, (_, i) => String(39 - i)), 'the process counts the burst itself from the outage on');
    t.deepEqual(replies.map((r) => r.headers.get('x-ratelimit-limit')), Array(40).fill('120'));
    const refused = await markets(api);
    t.is(refused.status, 429, 'and refuses the 41st as Redis would have');
    t.is(refused.body.status, 'RATE_LIMITED');
    t.is(remaining(refused), '0');
  } finally {
    await api.close();
  }
});

const UNAVAILABLE = 'redis (rate limits) unavailable; counting in process until it is back';
const BACK = 'redis (rate limits) reachable again';

test('a Redis outage is warned about once, however long it lasts; recovery is logged and the next outage warns again', async (t) => {
  const redis = await startRedis();
  // A relay in front of Redis makes each reconnect attempt of the app's client visible.
  const proxy = await startRedisProxy(redis.port);
  const api = await startApi({ env: { REDIS_URL: proxy.url } });
  const count = (msg: string) => api.logLines.filter((l) => l.msg === msg).length;
  let again: Awaited<ReturnType<typeof startRedis>> | undefined;
  try {
    t.is((await markets(api)).status, 200);
    t.is(count(UNAVAILABLE), 0);
    const before = proxy.connections();
    await redis.stop();
    await proxy.waitForConnections(before + 4);
    for (let i = 0; i < 5; i += 1) t.is((await markets(api)).status, 200);
    t.is(count(UNAVAILABLE), 1, 'four failed reconnects and five requests later, still one warning');
    t.is(api.logLines.find((l) => l.msg === UNAVAILABLE)?.level, 40, 'logged as a warning');

    again = await startRedis(redis.port);
    await until(() => count(BACK) === 1, 'the reconnect log line');
    const check = new Redis(again.url);
    t.is((await markets(api)).status, 200);
    t.true((await check.keys('concord:rl:*')).length >= 2, 'requests are counted in Redis again');
    check.disconnect();

    await again.stop();
    const n = proxy.connections();
    await proxy.waitForConnections(n + 3);
    t.is((await markets(api)).status, 200);
    t.is(count(UNAVAILABLE), 2, 'the second outage is warned about once more');
  } finally {
    await api.close();
    await again?.stop();
    await proxy.close();
  }
});

test('with Redis the windows slide: requests older than 5 s no longer count in the burst, older than 60 s not in the minute', async (t) => {
  const redis = await startRedis();
  const api = await startApi({ env: { REDIS_URL: redis.url } });
  const client = new Redis(redis.url);
  try {
    t.is((await markets(api)).status, 200);
    const keys = await client.keys('concord:rl:*');
    const burstKey = keys.find((k) => k.startsWith('concord:rl:burst:product:'))!;
    const minuteKey = keys.find((k) => k.startsWith('concord:rl:minute:product:'))!;
    t.truthy(burstKey && minuteKey, keys.join(', '));
    // Earlier requests of this caller as koa-ratelimit's Redis driver (async-ratelimiter) records them: one
    // sorted-set member per request, its time in milliseconds as score and value.
    const nowMs = Date.now();
    const seed = async (key: string, n: number, agoSeconds: number) => {
      const args = Array.from({ length: n }, (_, i) => {
        const at = nowMs - agoSeconds * 1000 - i / 1000;
        return [at, String(at)] as const;
      }).flat();
      await client.zadd(key, ...args);
    };
    await seed(burstKey, 10, 2);
    await seed(burstKey, 30, 8);
    await seed(minuteKey, 100, 30);
    await seed(minuteKey, 50, 90);
    // Burst: 1 + 10 counted before this request (the 30 from 8 s ago slid out), 40 - 12 = 28 left after it.
    // Minute: 1 + 100 counted (the 50 from 90 s ago slid out), 120 - 102 = 18 left: the tighter one.
    const reply = await markets(api);
    t.is(reply.status, 200);
    t.is(remaining(reply), '18');
    const more: Reply[] = [];
    for (let i = 0; i < 19; i += 1) more.push(await markets(api));
    t.deepEqual(more.map((r) => r.status), [...Array(18).fill(200), 429], 'the minute holds 120: the 19th more is refused');
  } finally {
    client.disconnect();
    await api.close();
    await redis.stop();
  }
});
