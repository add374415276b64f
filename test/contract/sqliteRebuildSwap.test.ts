import test from 'ava';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { Doc, DocumentStore, IndexSpec } from '../../shared/ports/documentStore.ts';

// A rebuilt collection is bulk-loaded without indexes (prepareBulkLoad gives it the indexed columns only) and
// gets its indexes once, under the live names, inside replaceCollection's transaction.
const dir = mkdtempSync(join(tmpdir(), 'concord-sqlite-rebuild-swap-'));
const opened: Array<{ close(): unknown }> = [];
const open = (file: string): DocumentStore => {
  const s = openSqliteStore({ file });
  opened.push(s);
  return s;
};
const raw = (file: string): Database.Database => {
  const db = new Database(file);
  opened.push(db);
  return db;
};
test.after.always(async () => {
  for (const s of opened) await Promise.resolve(s.close()).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

interface Item extends Doc {
  readonly [key: string]: unknown;
}

const INDEXES: IndexSpec[] = [
  { name: 'by_venue', fields: [['venue', 1], ['volume', -1]] },
  { name: 'by_end', fields: [['meta.end', 1]] },
];
const indexNames = (db: Database.Database, table: string): string[] =>
  (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name`).all(table) as Array<{ name: string }>).map((r) => r.name);
const tables = (db: Database.Database): string[] =>
  (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'live%' ORDER BY name`).all() as Array<{ name: string }>).map((r) => r.name);
const plan = (db: Database.Database, sql: string): string => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join('; ');

test('a collection prepared for a bulk load gets the indexed columns, filled by its writers as json_extract would, and no index', async (t) => {
  const file = join(dir, 'prepare.db');
  const store = open(file);
  const rebuild = store.collection<Item>('live_rebuild');
  await rebuild.prepareBulkLoad(INDEXES, { name: 'search', fields: [['title', 1]] });
  await rebuild.putMany([
    { _id: 'a', venue: 'polymarket', volume: 2.5, meta: { end: '2026-06-01' }, title: 'rain in paris' },
    { _id: 'b', venue: 'kalshi', volume: 7, title: 'snow' },
  ]);
  const db = raw(file);
  const columns = (db.prepare(`SELECT name FROM pragma_table_info('live_rebuild') ORDER BY cid`).all() as Array<{ name: string }>).map((r) => r.name);
  // By hand: _id, doc, then a value and a type column for each index path and the text field, in declaration order.
  t.deepEqual(columns, ['_id', 'doc', 'v$venue', 't$venue', 'v$volume', 't$volume', 'v$meta.end', 't$meta.end', 'v$title', 't$title']);
  t.deepEqual(indexNames(db, 'live_rebuild'), [], 'nothing is maintained during the load');
  const rows = db.prepare(`SELECT _id, "v$venue" AS venue, "t$volume" AS vt, "v$meta.end" AS e, "t$meta.end" AS et FROM live_rebuild ORDER BY _id`).all();
  t.deepEqual(rows, [
    { _id: 'a', venue: 'polymarket', vt: 'real', e: '2026-06-01', et: 'text' },
    { _id: 'b', venue: 'kalshi', vt: 'integer', e: null, et: 'missing' },
  ]);
});

test('replaceCollection with indexes builds them once under the live names inside the swap; the old indexes and the source go', async (t) => {
  const file = join(dir, 'swap.db');
  const store = open(file);
  const live = store.collection<Item>('live');
  await live.ensureIndexes(INDEXES);
  await live.putMany([{ _id: 'old', venue: 'kalshi', volume: 1 }]);
  const rebuild = store.collection<Item>('live_rebuild');
  await rebuild.prepareBulkLoad(INDEXES);
  await rebuild.putMany([
    { _id: 'n1', venue: 'kalshi', volume: 3, meta: { end: '2026-07-01' } },
    { _id: 'n2', venue: 'kalshi', volume: 9, meta: { end: '2026-05-01' } },
    { _id: 'n3', venue: 'manifold', volume: 4 },
  ]);
  await store.replaceCollection('live_rebuild', 'live', { indexes: INDEXES });

  const db = raw(file);
  t.deepEqual(tables(db), ['live']);
  t.deepEqual(indexNames(db, 'live'), ['live__by_end', 'live__by_venue']);
  t.true(plan(db, `SELECT _id FROM live WHERE "v$venue" = 'kalshi' ORDER BY "v$volume" DESC`).includes('live__by_venue'));
  const after = store.collection<Item>('live');
  t.deepEqual((await after.find({ venue: 'kalshi' }, { sort: [['volume', -1]] })).map((d) => d._id), ['n2', 'n1']);
  t.deepEqual((await after.find({ 'meta.end': { $gte: '2026-06-01' } })).map((d) => d._id), ['n1']);
  // A later ensureIndexes (a live projection starting) finds every index as declared and builds nothing.
  const before = db.prepare('PRAGMA schema_version').pluck().get();
  await after.ensureIndexes(INDEXES);
  t.is(db.prepare('PRAGMA schema_version').pluck().get(), before);
});

test('a reader sees the old collection or the new one whole: its snapshot across the swap, the new one with its indexes after', async (t) => {
  const file = join(dir, 'readers.db');
  const store = open(file);
  await store.collection<Item>('live').ensureIndexes(INDEXES);
  await store.collection<Item>('live').putMany([{ _id: 'o1', venue: 'kalshi', volume: 1 }, { _id: 'o2', venue: 'kalshi', volume: 2 }]);
  const rebuild = store.collection<Item>('live_rebuild');
  await rebuild.prepareBulkLoad(INDEXES);
  await rebuild.putMany([{ _id: 'n1', venue: 'kalshi', volume: 5 }]);

  const reader = raw(file);
  const ids = () => (reader.prepare(`SELECT _id FROM live ORDER BY _id`).all() as Array<{ _id: string }>).map((r) => r._id);
  reader.exec('BEGIN');
  t.deepEqual(ids(), ['o1', 'o2']);
  await store.replaceCollection('live_rebuild', 'live', { indexes: INDEXES });
  t.deepEqual(ids(), ['o1', 'o2'], 'a read transaction begun before the swap keeps the old collection, complete');
  t.deepEqual(indexNames(reader, 'live'), ['live__by_end', 'live__by_venue']);
  reader.exec('COMMIT');
  t.deepEqual(ids(), ['n1']);
  t.deepEqual(indexNames(reader, 'live'), ['live__by_end', 'live__by_venue'], 'the new collection is never seen without its indexes');
});

test('a swap whose index cannot be built changes nothing: the live collection, its indexes and the rebuilt source stay as they were', async (t) => {
  const file = join(dir, 'failed-swap.db');
  const store = open(file);
  const unique: IndexSpec[] = [...INDEXES, { name: 'by_ticker', fields: [['ticker', 1]], unique: true }];
  await store.collection<Item>('live').ensureIndexes(unique);
  await store.collection<Item>('live').putMany([{ _id: 'o1', ticker: 'A', venue: 'kalshi', volume: 1 }]);
  const rebuild = store.collection<Item>('live_rebuild');
  await rebuild.prepareBulkLoad(unique);
  // Two documents with one ticker: the unique index cannot be built at the swap.
  await rebuild.putMany([{ _id: 'n1', ticker: 'B' }, { _id: 'n2', ticker: 'B' }]);
  await t.throwsAsync(store.replaceCollection('live_rebuild', 'live', { indexes: unique }), { message: /cannot swap live_rebuild in as live: its indexes cannot be built \(UNIQUE constraint failed.*nothing was changed/ });

  const db = raw(file);
  t.deepEqual(tables(db), ['live', 'live_rebuild']);
  t.deepEqual(indexNames(db, 'live'), ['live__by_end', 'live__by_ticker', 'live__by_ticker__q', 'live__by_venue']);
  t.deepEqual(indexNames(db, 'live_rebuild'), []);
  t.deepEqual((await store.collection<Item>('live').find({})).map((d) => d._id), ['o1']);
  t.deepEqual((await store.collection<Item>('live').find({ ticker: 'A' })).map((d) => d._id), ['o1']);
  t.deepEqual((await store.collection<Item>('live_rebuild').find({})).map((d) => d._id).sort(), ['n1', 'n2']);
});
