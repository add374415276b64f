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
import type { MarketDoc } from '../../projections/markets/projection.ts';
import type { MarketEvent } from '../../shared/events.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { differingModels, liveRunOracle, readModelSnapshot } from './readModels.ts';

const a = market('a', { volume_total: 100, liquidity: 40 });
const b = market('b', { volume_total: 10 });
const c = market('c', { volume_total: 5 });
// Ten MARKETS messages (seq 1-10): market a changes in every batch of three, b's title changes (its search words
// must follow), c is delisted, and an older snapshot of a lands late (it changes nothing).
const events: MarketEvent[] = [
  snapshot(a, '2026-05-01T10:00:00.000Z'),
  snapshot(b, '2026-05-01T10:00:00.000Z'),
  snapshot(c, '2026-05-01T10:00:00.000Z'),
  snapshot({ ...a, volume_total: 150 }, '2026-05-01T10:05:00.000Z'),
  snapshot({ ...b, title: 'Tulip mania returns' }, '2026-05-01T10:05:00.000Z'),
  snapshot({ ...a, volume_total: 200 }, '2026-05-01T11:30:00.000Z'),
  { type: 'market_delisted', market_id: c.id, venue: 'polymarket', item_id: 'c', at: '2026-05-01T11:40:00.000Z' },
  snapshot({ ...b, title: 'Tulip mania returns', volume_total: 12 }, '2026-05-01T11:45:00.000Z'),
  snapshot({ ...a, volume_total: 120 }, '2026-05-01T10:03:00.000Z'),
  snapshot({ ...a, volume_total: 260 }, '2026-05-01T12:00:00.000Z'),
];

test('a rebuild that writes and forgets its held documents after every batch (cap 2, batches of 3) equals one live run, and search finds the new titles', async (t) => {
  const nats = await startTestNats();
  const small = openSqliteStore({ file: ':memory:' });
  const dir = mkdtempSync(join(tmpdir(), 'concord-rebuild-held-'));
  const held = openSqliteStore({ file: join(dir, 'held.db') });
  try {
    for (const e of events) await nats.conn.js.publish(subjects.normalized('polymarket'), JSON.stringify(e));
    const replayables = allReplayables().filter((r) => r.stream === 'markets');
    const options = { conn: nats.conn, log: silentLog, replayables, start: null, dryRun: false, live: false } as const;
    // Cap 2 with batches of 3: every batch ends over the cap, so a's document is written, forgotten and read back
    // from the store three times, and platform metrics read their running totals back the same way.
    const summary = await replay({ ...options, store: small, batchSize: 3, heldDocuments: 2 });
    const whole = await replay({ ...options, store: held });
    t.is(summary.messages, 10);
    t.true(summary.warnings.some((w) => /held more than 2 documents/.test(w)), 'the operator is told the cap was too small');
    t.deepEqual(whole.warnings, []);
    t.is(summary.projections.find((p) => p.name === 'markets')?.applied, 10);

    const oracle = await liveRunOracle(nats.conn);
    const expected = await readModelSnapshot(oracle);
    t.deepEqual(differingModels(await readModelSnapshot(small), expected), {}, 'evicting after every batch');
    t.deepEqual(differingModels(await readModelSnapshot(held), expected), {}, 'everything held to the end');
    await oracle.close();

    // By hand: a was first seen at 10:00, its last applied snapshot is seq 10 (12:00, $260); the late seq 9 changed nothing.
    const docA = await small.collection<MarketDoc & { _metadata: { lastSeq: number } }>('markets').get(a.id);
    t.is(docA?.first_seen_at, '2026-05-01T10:00:00.000Z');
    t.is(docA?.updated_at, '2026-05-01T12:00:00.000Z');
    t.is(docA?.volume_total, 260);
    t.is(docA?._metadata.lastSeq, 10);
    const docC = await small.collection<MarketDoc>('markets').get(c.id);
    t.is(docC?.status, 'closed');
    t.is(docC?.delisted_at, '2026-05-01T11:40:00.000Z');
    t.is((await small.collection<{ _id: string; lastSeq: number }>(CHECKPOINTS).get('markets'))?.lastSeq, 10);

    for (const store of [small, held]) {
      const ids = async (q: string) => (await store.collection('markets').find({ $text: q })).map((d) => d._id).sort();
      t.deepEqual(await ids('tulip'), [b.id], 'the renamed market is found by its new title');
      t.deepEqual(await ids('market'), [a.id, c.id], 'and no longer by its old one');
    }

    // The rebuilt tables were loaded without indexes and got them at the swap: every declared index exists under
    // its live name (a unique one with its lookup twin), and nothing of the rebuild is left.
    const db = new Database(join(dir, 'held.db'), { readonly: true });
    try {
      const names = (sql: string, ...params: string[]) => (db.prepare(sql).all(...params) as Array<{ name: string }>).map((r) => r.name).sort();
      for (const c of replayables.flatMap((r) => r.collections)) {
        const expected = c.indexes.flatMap((ix) => (ix.unique ? [`${c.name}__${ix.name}`, `${c.name}__${ix.name}__q`] : [`${c.name}__${ix.name}`])).sort();
        t.deepEqual(names(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`, c.name), expected, c.name);
      }
      t.deepEqual(names(`SELECT name FROM sqlite_master WHERE name LIKE '%rebuild%'`), []);
    } finally {
      db.close();
    }
  } finally {
    await small.close();
    await held.close();
    await nats.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
