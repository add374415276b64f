import test from 'ava';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestNats, silentLog } from '../support/nats.ts';
import { market, snapshot } from '../support/marketEvents.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { replay } from '../../pipeline/ops/replay.ts';
import { allReplayables } from '../../pipeline/ops/replayables.ts';
import { CHECKPOINTS } from '../../projections/applyEvent.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { differingModels, liveRunOracle, readModelSnapshot } from './readModels.ts';

const a = market('a', { volume_total: 100 });
const b = market('b', { volume_total: 10 });
const c = market('c', { volume_total: 5 });

test('a rebuild stopped before its swap leaves the live read models, their indexes and checkpoints as they were; the next one swaps in', async (t) => {
  const nats = await startTestNats();
  const dir = mkdtempSync(join(tmpdir(), 'concord-rebuild-interrupted-'));
  const file = join(dir, 'concord.db');
  const store = openSqliteStore({ file });
  const publish = async (e: unknown) => nats.conn.js.publish(subjects.normalized('polymarket'), JSON.stringify(e));
  const indexNames = () => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`).all() as Array<{ name: string }>).map((r) => r.name);
    } finally {
      db.close();
    }
  };
  try {
    // Four messages, rebuilt and swapped in: the live read models.
    await publish(snapshot(a, '2026-05-01T10:00:00.000Z'));
    await publish(snapshot(b, '2026-05-01T10:00:00.000Z'));
    await publish(snapshot({ ...a, volume_total: 150 }, '2026-05-01T10:05:00.000Z'));
    await publish(snapshot({ ...b, title: 'Tulip mania returns' }, '2026-05-01T10:05:00.000Z'));
    const replayables = allReplayables().filter((r) => r.stream === 'markets');
    const options = { conn: nats.conn, log: silentLog, replayables, start: null, dryRun: false, live: false, store } as const;
    await replay(options);
    const live = await readModelSnapshot(store);
    const liveIndexes = indexNames();
    t.true(liveIndexes.includes('markets__by_activity_seq'));
    t.is((await store.collection<{ _id: string; lastSeq: number }>(CHECKPOINTS).get('markets'))?.lastSeq, 4);

    // Three more; a rebuild stopped after its first batch of two.
    await publish(snapshot(c, '2026-05-01T11:00:00.000Z'));
    await publish(snapshot({ ...a, volume_total: 300 }, '2026-05-01T11:05:00.000Z'));
    await publish({ type: 'market_delisted', market_id: b.id, venue: 'polymarket', item_id: 'b', at: '2026-05-01T11:10:00.000Z' });
    const stop = new AbortController();
    await t.throwsAsync(
      replay({ ...options, batchSize: 2, signal: stop.signal, onProgress: (p) => (p.done >= 2 ? stop.abort() : undefined) }),
      { message: /cancelled/ },
    );
    t.deepEqual(differingModels(await readModelSnapshot(store), live), {}, 'the live read models are untouched');
    t.deepEqual(indexNames().filter((n) => !n.includes('_rebuild')), liveIndexes, 'and keep their indexes');
    t.is((await store.collection<{ _id: string; lastSeq: number }>(CHECKPOINTS).get('markets'))?.lastSeq, 4);
    t.is((await store.collection('markets').get(c.id)), null);

    // The next rebuild starts over (the abandoned tables dropped) and swaps in all seven messages.
    await replay(options);
    const oracle = await liveRunOracle(nats.conn);
    t.deepEqual(differingModels(await readModelSnapshot(store), await readModelSnapshot(oracle)), {});
    await oracle.close();
    t.is((await store.collection<{ _id: string; lastSeq: number }>(CHECKPOINTS).get('markets'))?.lastSeq, 7);
    t.is((await store.collection<{ _id: string; volume_total: number }>('markets').get(a.id))?.volume_total, 300);
    t.is((await store.collection<{ _id: string; status: string }>('markets').get(b.id))?.status, 'closed');
    t.deepEqual(indexNames(), liveIndexes, 'the same indexes, under the live names, nothing of the rebuild left');
  } finally {
    await store.close();
    await nats.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
