import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestNats, silentLog } from '../support/nats.ts';
import { waitFor } from '../faults/waitFor.ts';
import { createDocumentStore } from '../../adapters/store/createStore.ts';
import { createWorkerPool } from '../../pipeline/process/workerPool.ts';
import { startProcessor, PROCESSOR_DURABLE, ITEM_MARKETS } from '../../pipeline/process/processor.ts';
import { jetStreamPublisher } from '../../pipeline/streams/publisher.ts';
import { listDeadLetters } from '../../pipeline/ops/deadLetters.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import { createRecordedHttpClient } from '../../pipeline/http/index.ts';
import { STREAMS, subjects } from '../../shared/streams/subjects.ts';

const NORMALIZE_WORKER = new URL('../../pipeline/workers/normalize.worker.ts', import.meta.url);

/** Every message on a stream subject, decoded. */
async function messagesOn(conn: Awaited<ReturnType<typeof startTestNats>>['conn'], stream: string, subject: string): Promise<Array<Record<string, unknown>>> {
  const info = await conn.jsm.streams.info(stream);
  const out: Array<Record<string, unknown>> = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const m = await conn.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (m && m.subject === subject) out.push(JSON.parse(new TextDecoder().decode(m.data)) as Record<string, unknown>);
  }
  return out;
}

test('the processor hands RAW bytes to its workers: a recorded tick becomes its markets, its delisting closes exactly them, and bytes that are not a raw event are dead-lettered with the reason', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-rawdecode-'));
  const store = await createDocumentStore({ DATA_DIR: dataDir, MONGODB_DB: 'x' }, silentLog);
  const pool = createWorkerPool(NORMALIZE_WORKER, 1);
  const publish = jetStreamPublisher(nats.conn.js);
  const processor = await startProcessor({ conn: nats.conn, store, pool, publish, log: silentLog });
  try {
    // One recorded Manifold item, and the markets its parser reads from it (the oracle: the parser run here).
    const manifold = VENUE_MODULES.manifold!;
    const http = createRecordedHttpClient({ connectors: [manifold.connector] });
    let item: { id: string; payload: unknown } | undefined;
    for await (const page of manifold.connector.fetchCatalog({ http, log: silentLog, signal: new AbortController().signal })) {
      item = page[0];
      break;
    }
    if (!item) throw new Error('no recorded Manifold item');
    const fetchedAt = '2026-02-03T04:05:06.000Z';
    const expected = manifold.parse(item, { fetchedAt }).markets.map((m) => m.id);
    t.true(expected.length > 0);

    await publish(subjects.raw('manifold'), new TextEncoder().encode('{"type":"raw_tick",'), 'bad-json');
    await publish(subjects.raw('manifold'), { type: 'raw_tick', venue: 'manifold', item_id: item.id, content_hash: 'h1', fetched_at: fetchedAt, payload: item.payload }, 'tick-1');
    await publish(subjects.raw('manifold'), { type: 'raw_tick', venue: 'nowhere', item_id: 'x', content_hash: 'h', fetched_at: fetchedAt, payload: {} }, 'bad-venue');

    const letters = await waitFor(async () => {
      const list = await listDeadLetters(nats.conn, PROCESSOR_DURABLE);
      return list.length === 2 ? list : undefined;
    }, 30_000, 'two dead letters');
    const reasons = letters.map((l) => l.reason).sort();
    t.regex(reasons[0]!, /^invalid raw tick: venue /, 'the unknown venue, named by the field');
    t.is(reasons[1], 'message is not valid JSON');

    const onMarkets = () => messagesOn(nats.conn, STREAMS.markets.name, subjects.normalized('manifold'));
    const normalized = await waitFor(async () => {
      const all = await onMarkets();
      return all.length >= expected.length ? all : undefined;
    }, 30_000, 'the tick\'s markets');
    t.deepEqual(normalized.map((m) => m.type), expected.map(() => 'market_normalized'));
    t.deepEqual(normalized.map((m) => (m.market as { id: string }).id), expected, 'the parser\'s markets, in its order');
    t.true(normalized.every((m) => (m.source as { fetched_at: string }).fetched_at === fetchedAt));

    // A later poll finds the item gone.
    await waitFor(async () => (await store.collection(ITEM_MARKETS).get(`manifold:${item.id}`)) ?? undefined, 10_000, 'the item\'s record');
    await publish(subjects.raw('manifold'), { type: 'raw_delisted', venue: 'manifold', item_id: item.id, at: '2026-02-04T00:00:00.000Z' }, 'gone-1');
    const delisted = await waitFor(async () => {
      const all = (await onMarkets()).filter((m) => m.type === 'market_delisted');
      return all.length >= expected.length ? all : undefined;
    }, 30_000, 'the delistings');
    t.deepEqual(delisted.map((m) => m.market_id).sort(), [...expected].sort(), 'the delisting closes exactly the item\'s markets');
  } finally {
    await processor.stop();
    await pool.close();
    await store.close();
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
