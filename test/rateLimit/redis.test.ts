import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { startApi } from '../auth/harness.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function startRedis(): Promise<{ url: string; proc: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const proc = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch {
      probe.disconnect();
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

test('with REDIS_URL two app instances share one count: 40 anonymous requests across both, then both refuse', async (t) => {
  const redis = await startRedis();
  const a = await startApi({ env: { REDIS_URL: redis.url } });
  const b = await startApi({ env: { REDIS_URL: redis.url } });
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
  const api = await startApi({ env: { REDIS_URL: redis.url } });
  try {
    t.is((await api.request('GET', '/api/v1/markets?limit=1')).status, 200);
    await redis.stop();
    const reply = await api.request('GET', '/api/v1/markets?limit=1');
    t.is(reply.status, 200);
    t.is(reply.headers.get('x-ratelimit-limit'), '120');
    t.truthy(reply.headers.get('x-ratelimit-remaining'));
  } finally {
    await api.close();
  }
});
