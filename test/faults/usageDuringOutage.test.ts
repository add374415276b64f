import test from 'ava';
import { join } from 'node:path';
import { startTestService } from '../support/service.ts';
import { startLocalNatsServer, type LocalNatsServer } from '../../pipeline/system/localNatsServer.ts';
import { JETSTREAM_TIMEOUT_MS } from '../../pipeline/streams/connection.ts';
import { waitFor } from './waitFor.ts';

/**
 * API-key requests go on while nats-server is gone for longer than a publish waits for its ack, and across the
 * moment after its restart when JetStream does not yet answer: every request made with the key is in the
 * console's request log and hourly counts exactly once (the usage events are the console's statistics and
 * what a customer is shown for their bill).
 */
test('nats-server gone longer than a publish timeout: every API-key request still reaches the usage statistics, once', async (t) => {
  const svc = await startTestService({ VENUES: 'manifold', RATE_LIMIT_MULTIPLIER: '100' });
  let restarted: LocalNatsServer | null = null;
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(svc.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { data: { id: string; key: string }; tokens: { access_token: string } } };
    };
    const reg = await post('/api/v1/auth/register', { email: 'outage@example.com', password: 'correct horse battery', name: 'Outage' });
    t.is(reg.status, 201);
    const key = await post('/api/v1/console/keys', { name: 'outage', rate_limit: 10_000 }, { authorization: `Bearer ${reg.body.tokens.access_token}` });
    t.is(key.status, 201);
    const apiKey = key.body.data.key as string;
    const keyId = key.body.data.id as string;

    let made = 0;
    const call = async () => {
      const res = await fetch(`${svc.baseUrl}/api/v1/markets?limit=1`, { headers: { 'x-api-key': apiKey } });
      await res.arrayBuffer();
      made += 1;
      return res.status;
    };
    for (let i = 0; i < 20; i++) t.is(await call(), 200, 'served before the outage');

    process.kill(svc.nats.server.pid, 'SIGKILL');
    await waitFor(async () => ((await svc.get('/ready')).status === 503 ? true : undefined), 60_000, '/ready 503 while NATS is gone');
    // Requests during the outage, spread past the publish timeout so the first ones' publishes time out.
    const outageEnds = Date.now() + JETSTREAM_TIMEOUT_MS + 5_000;
    while (Date.now() < outageEnds) {
      t.is(await call(), 200, 'reads are served from the store while NATS is gone');
      await new Promise((r) => setTimeout(r, 100));
    }
    restarted = await startLocalNatsServer(join(svc.nats.dir, 'js'), undefined, 'nats-server', { port: svc.nats.server.port });
    // Straight after the restart, before JetStream has its streams back.
    for (let i = 0; i < 50; i++) await call();
    await waitFor(async () => ((await svc.get('/ready')).status === 200 ? true : undefined), 60_000, '/ready 200 after the restart');
    for (let i = 0; i < 20; i++) t.is(await call(), 200);

    const logs = svc.service.store.collection<{ _id: string; api_key_id: string }>('api_request_logs');
    const count = await waitFor(async () => {
      const n = (await logs.find({ api_key_id: keyId })).length;
      return n >= made ? n : undefined;
    }, 40_000, `all ${made} requests in the request log`, 500).catch(async (err: Error) => {
      t.fail(`${err.message}: ${(await logs.find({ api_key_id: keyId })).length} of ${made} logged`);
      return -1;
    });
    t.is(count, made, 'each request logged once');
    const hours = await svc.service.store.collection<{ _id: string; api_key_id: string; total_calls: number }>('api_usage_hourly').find({ api_key_id: keyId });
    t.is(hours.reduce((a, h) => a + h.total_calls, 0), made, 'hourly counts hold every request once');
  } finally {
    await svc.close().catch(() => undefined);
    await restarted?.stop();
  }
});
