import test from 'ava';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTestService } from '../support/service.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { projectionDurable } from '../../projections/runProjection.ts';
import { listDeadLetters } from '../../pipeline/ops/deadLetters.ts';
import { lockSqlite } from './sqliteLocker.ts';
import { waitFor } from './waitFor.ts';
import { liveRunOracle, readModelSnapshot, SCANNER_CLOCK_HELD } from '../ops/readModels.ts';

test('SQLite locked by another process: /ready 503, writes answer 503 in the envelope, consumers hold their messages and catch up when it returns', async (t) => {
  const svc = await startTestService({ VENUES: 'manifold', ...SCANNER_CLOCK_HELD });
  const locker = await (async () => {
    await svc.service.ingestOnce();
    await svc.settle();
    t.is((await svc.get('/ready')).status, 200);
    return lockSqlite(join(svc.dataDir, 'concord.db'));
  })();
  try {
    const ready = await waitFor(async () => {
      const r = await svc.get('/ready');
      return r.status === 503 ? r : undefined;
    }, 60_000, '/ready to turn 503');
    const body = ready.body as { status: string; message: string; dependencies: Array<{ name: string; ok: boolean }> };
    t.is(body.status, 'SERVICE_UNAVAILABLE');
    t.deepEqual(body.dependencies.map((d) => [d.name, d.ok]), [['nats', true], ['store', false]]);

    // A write answers (bounded by the lock wait, then at once) with the envelope, not a hang or a 500.
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${svc.baseUrl}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `op${i}@example.com`, password: 'a long password 123', name: 'Op' }),
        signal: AbortSignal.timeout(60_000),
      });
      t.is(res.status, 503);
      t.is(res.headers.get('retry-after'), '5');
      t.like(await res.json(), { status: 'SERVICE_UNAVAILABLE' });
    }
    // Reads still work: SQLite readers do not wait for the writer.
    t.is((await svc.get('/api/v1/platforms/status')).status, 200);

    // Events arriving meanwhile are held unacked, not retried into the dead letter.
    const usage = Array.from({ length: 6 }, (_, i) => ({
      type: 'api_request', id: randomUUID(), api_key_id: 'k1', account_id: 'a1', method: 'GET', endpoint: '/api/v1/markets', status: 200, duration_ms: i, at: `2026-05-01T10:0${i}:00.000Z`,
    }));
    for (const e of usage) await svc.service.conn.js.publish(subjects.apiRequests(), JSON.stringify(e), { msgID: e.id });
    await waitFor(async () => {
      const info = await svc.nats.conn.jsm.consumers.info('USAGE', projectionDurable('usage_request_logs'));
      return info.num_ack_pending > 0 ? true : undefined;
    }, 60_000, 'the usage projection to hold a message');
    t.is(await svc.service.store.collection('api_request_logs').count(), 0, 'nothing applied while the store is locked');

    await locker.release();
    await waitFor(async () => ((await svc.get('/ready')).status === 200 ? true : undefined), 60_000, '/ready to return to 200');
    await svc.settle();
    t.is(await svc.service.store.collection('api_request_logs').count(), 6, 'every held event applied once the store returned');
    t.deepEqual(await listDeadLetters(svc.nats.conn), [], 'nothing was dead-lettered');
    const oracle = await liveRunOracle(svc.nats.conn);
    t.deepEqual(await readModelSnapshot(svc.service.store), await readModelSnapshot(oracle), 'read models equal one uninterrupted run');
    await oracle.close();
    const res = await fetch(`${svc.baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'after@example.com', password: 'a long password 123', name: 'Op' }),
    });
    t.is(res.status, 201, 'writes work again');
  } finally {
    locker.child.kill('SIGKILL');
    await svc.close();
  }
});
