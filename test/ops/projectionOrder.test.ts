import test from 'ava';
import { randomUUID } from 'node:crypto';
import { startTestNats, silentLog } from '../support/nats.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { JsMsg } from 'nats';
import { startProjection, projectionDurable, BATCHED_MAX_ACK_PENDING } from '../../projections/runProjection.ts';
import { provisionDurable } from '../../pipeline/streams/provision.ts';
import { waitFor } from '../faults/waitFor.ts';
import { usageProjection } from '../../projections/usage/projection.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { waitForQuiet } from '../support/quiesce.ts';
import { failingPuts } from '../support/failingPuts.ts';

/** A store whose put of one chosen document fails once, as a transient write error would. */
function failingOnce(store: DocumentStore, collection: string, id: string): DocumentStore {
  let failed = false;
  return failingPuts(store, collection, (doc) => {
    if (doc._id !== id || failed) return false;
    failed = true;
    return true;
  }, 'transient write failure');
}

test('a message retried after a transient failure is still applied: a projection never runs ahead of an unacked message', async (t) => {
  const nats = await startTestNats();
  const store = openSqliteStore({ file: ':memory:' });
  const events = Array.from({ length: 30 }, (_, i) => ({
    type: 'api_request', id: randomUUID(), api_key_id: 'k', account_id: 'a', method: 'GET', endpoint: '/x', status: 200, duration_ms: i, at: '2026-05-01T10:00:00.000Z',
  }));
  const loop = await startProjection(nats.conn, failingOnce(store, usageProjection.collection, events[3]!.id), usageProjection as never, silentLog);
  try {
    for (const e of events) await nats.conn.js.publish(subjects.apiRequests(), JSON.stringify(e));
    await waitForQuiet(nats.conn, [{ stream: 'usage', durable: projectionDurable(usageProjection.name) }], 60_000);
    const ids = (await store.collection<Doc>(usageProjection.collection).find({})).map((d) => d._id).sort();
    t.deepEqual(ids, events.map((e) => e.id).sort(), 'the event that failed once is there too');
  } finally {
    await loop.stop();
    await store.close();
    await nats.close();
  }
});

test('a batched projection never applies past a message still out with another delivery: it waits for it, then applies all in order', async (t) => {
  const nats = await startTestNats();
  const store = openSqliteStore({ file: ':memory:' });
  const events = Array.from({ length: 10 }, (_, i) => ({
    type: 'api_request', id: randomUUID(), api_key_id: 'k', account_id: 'a', method: 'GET', endpoint: '/x', status: 200, duration_ms: i, at: '2026-05-01T10:00:00.000Z',
  }));
  const durable = projectionDurable(usageProjection.name);
  // A process that pulled the first three and stopped before applying them: they are out, unacked.
  await provisionDurable(nats.conn.jsm, { stream: 'usage', durable, maxAckPending: BATCHED_MAX_ACK_PENDING });
  for (const e of events) await nats.conn.js.publish(subjects.apiRequests(), JSON.stringify(e));
  const other = await nats.conn.js.consumers.get('USAGE', durable);
  const held: JsMsg[] = [];
  for await (const m of await other.fetch({ max_messages: 3, expires: 2_000 })) held.push(m);
  t.deepEqual(held.map((m) => m.seq), [1, 2, 3]);

  const loop = await startProjection(nats.conn, store, usageProjection as never, silentLog);
  try {
    const docs = store.collection<Doc>(usageProjection.collection);
    await waitFor(async () => ((await nats.conn.jsm.consumers.info('USAGE', durable)).num_ack_pending === 10 ? true : undefined), 30_000, 'the rest delivered to the projection');
    await new Promise((r) => setTimeout(r, 1_000));
    t.is(await docs.count(), 0, 'nothing applied while sequences 1-3 are out');
    for (const m of held) m.nak();
    await waitForQuiet(nats.conn, [{ stream: 'usage', durable }], 60_000);
    const ids = (await docs.find({})).map((d) => d._id).sort();
    t.deepEqual(ids, events.map((e) => e.id).sort(), 'every event applied, the redelivered ones included');
  } finally {
    await loop.stop();
    await store.close();
    await nats.close();
  }
});
