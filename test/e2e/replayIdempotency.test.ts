import test from 'ava';
import { startTestService } from '../support/service.ts';
import { startTestNats } from '../support/nats.ts';
import { deleteDurable } from '../../pipeline/streams/provision.ts';
import { projectionDurable } from '../../projections/runProjection.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { resetProjection } from '../../projections/applyEvent.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

const ENV = { VENUES: 'polymarket,manifold' };

async function snapshot(store: DocumentStore): Promise<string> {
  const docs = await store.collection<Doc>(marketsProjection.collection).find({}, { sort: [['_id', 1]] });
  return JSON.stringify(docs);
}

test('the markets read model is byte-for-byte the same after redelivery and after a rebuild from the stream', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-replay-'));
  try {
    let svc = await startTestService(ENV, { nats, dataDir });
    await svc.service.ingestOnce();
    await svc.settle();
    const original = await snapshot(svc.service.store);
    t.true(original.length > 1000, 'the read model holds markets');

    // A second ingest cycle of unchanged venues re-publishes nothing.
    const before = await nats.conn.jsm.streams.info('RAW');
    await svc.service.ingestOnce();
    await svc.settle();
    const after = await nats.conn.jsm.streams.info('RAW');
    t.is(after.state.messages, before.state.messages, 'unchanged items are not re-published');
    t.is(await snapshot(svc.service.store), original);
    await svc.close();

    // Redelivery: the projection's consumer starts over from the first message of the stream.
    await deleteDurable(nats.conn.jsm, 'markets', projectionDurable(marketsProjection.name));
    svc = await startTestService(ENV, { nats, dataDir });
    await svc.settle();
    t.is(await snapshot(svc.service.store), original, 'replaying into the existing read model changes nothing');
    await svc.close();

    // Rebuild: drop the read model and its checkpoint, then replay the whole stream.
    svc = await startTestService({ ...ENV, ROLE: 'api' }, { nats, dataDir });
    await resetProjection(svc.service.store, marketsProjection as never);
    t.is(await svc.service.store.collection(marketsProjection.collection).count(), 0);
    await svc.close();
    await deleteDurable(nats.conn.jsm, 'markets', projectionDurable(marketsProjection.name));
    svc = await startTestService(ENV, { nats, dataDir });
    await svc.settle();
    t.is(await snapshot(svc.service.store), original, 'a rebuilt read model equals the original');
    await svc.close();
  } finally {
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
