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
    const cancelled = await replay({ ...options, batchSize: 2, signal: stop.signal, onProgress: (p) => (p.done >= 2 ? stop.abort() : undefined) });
    t.true(cancelled.cancelled, 'the summary says the rebuild was cancelled');
    t.true(cancelled.projections.every((p) => !p.swapped), 'nothing was swapped in');
    t.regex(cancelled.warnings.join('\n'), /cancelled: nothing was swapped in; stopped before the swap \(live read model unchanged, partial rebuild dropped\): markets, price_history, platform_metrics\./);
    t.deepEqual(differingModels(await readModelSnapshot(store), live), {}, 'the live read models are untouched');
    t.deepEqual(indexNames(), liveIndexes, 'and keep their indexes; the half-built tables are dropped at once');
    t.is((await store.collection<{ _id: string; lastSeq: number }>(CHECKPOINTS).get('markets'))?.lastSeq, 4);
    t.is((await store.collection('markets').get(c.id)), null);

    // The next rebuild starts over and swaps in all seven messages.
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

test('a rebuild of several streams cancelled during the second keeps the first swapped in and the rest as they were', async (t) => {
  const nats = await startTestNats();
  const dir = mkdtempSync(join(tmpdir(), 'concord-rebuild-cancelled-'));
  const store = openSqliteStore({ file: join(dir, 'concord.db') });
  try {
    await nats.conn.js.publish(subjects.normalized('polymarket'), JSON.stringify(snapshot(a, '2026-05-01T10:00:00.000Z')));
    const health = (i: number) => ({ type: 'venue_fetch_succeeded', venue: 'manifold', at: `2026-05-01T11:0${i}:00.000Z`, item_count: 10 + i, changed_count: i, duration_ms: 5 });
    for (let i = 0; i < 4; i += 1) await nats.conn.js.publish(subjects.venueHealth('manifold'), JSON.stringify(health(i)));
    // MARKETS is read first, VENUES second (the order of allReplayables).
    const replayables = allReplayables().filter((r) => r.stream === 'markets' || r.stream === 'venues');
    t.deepEqual([...new Set(replayables.map((r) => r.stream))], ['markets', 'venues']);
    const stop = new AbortController();
    const summary = await replay({
      conn: nats.conn, log: silentLog, replayables, start: null, dryRun: false, live: false, store, batchSize: 2, signal: stop.signal,
      onProgress: (p) => (p.stream === 'VENUES' && p.done >= 2 ? stop.abort() : undefined),
    });
    t.true(summary.cancelled);
    t.deepEqual(summary.projections.map((p) => [p.name, p.swapped]), [['markets', true], ['price_history', true], ['platform_metrics', true], ['platform_status', false]]);
    t.is(summary.streams.find((s) => s.stream === 'VENUES')?.read, 2, 'the second stream stopped after its first batch');
    t.regex(summary.warnings.join('\n'), /swapped in: markets, price_history, platform_metrics; stopped before the swap .*: platform_status\./);
    t.is((await store.collection<{ _id: string; volume_total: number }>('markets').get(a.id))?.volume_total, 100, 'the swapped-in read model holds the stream');
    t.is(await store.collection('platform_status').count(), 0, 'the cancelled read model is as it was (empty)');
    t.is(await store.collection('platform_status_rebuild').count(), 0, 'and its half-built collection is gone');
  } finally {
    await store.close();
    await nats.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a replay starting after the end of a stream says so instead of passing for a finished replay', async (t) => {
  const nats = await startTestNats();
  const dir = mkdtempSync(join(tmpdir(), 'concord-replay-past-end-'));
  const store = openSqliteStore({ file: join(dir, 'concord.db') });
  try {
    for (const e of [snapshot(a, '2026-05-01T10:00:00.000Z'), snapshot(b, '2026-05-01T10:00:00.000Z')]) {
      await nats.conn.js.publish(subjects.normalized('polymarket'), JSON.stringify(e));
    }
    const replayables = allReplayables().filter((r) => r.name === 'markets');
    const options = { conn: nats.conn, log: silentLog, replayables, dryRun: false, live: false, store } as const;
    const bySeq = await replay({ ...options, start: { kind: 'seq', seq: 99_999 } });
    t.deepEqual(bySeq.warnings, ['--seq 99999 is past the end of MARKETS (it holds 1..2): nothing to replay for markets.']);
    t.is(bySeq.messages, 0);
    const byTime = await replay({ ...options, start: { kind: 'time', time: '2099-01-01T00:00:00.000Z' } });
    t.regex(byTime.warnings[0] ?? '', /^--from 2099-01-01T00:00:00.000Z is after the last message of MARKETS \(20\d\d-/);
    const fromStart = await replay({ ...options, start: { kind: 'seq', seq: 1 } });
    t.deepEqual(fromStart.warnings, [], 'a start inside the stream warns of nothing');
  } finally {
    await store.close();
    await nats.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
