import test from 'ava';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { columnPair, readColumns } from '../../adapters/store/sqliteColumns.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

const dir = mkdtempSync(join(tmpdir(), 'concord-sqlite-columns-'));
const opened: DocumentStore[] = [];
const open = (file: string): DocumentStore => {
  const s = openSqliteStore({ file });
  opened.push(s);
  return s;
};
test.after.always(async () => {
  for (const s of opened) await s.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

interface Item extends Doc {
  readonly [key: string]: unknown;
}

test('indexed columns hold what SQLite json_extract and json_type give for the stored JSON (SQLite as the oracle)', (t) => {
  const db = new Database(':memory:');
  const docs: Array<Record<string, unknown>> = [
    { a: 1, b: 1.5, c: -0, d: 1e21, e: 2 ** 60, f: 'x', g: '', h: 'é ✓ 😀' },
    { a: true, b: false, c: null, d: Number.NaN, e: Number.POSITIVE_INFINITY, f: undefined },
    { a: { b: { c: 7 } }, b: [1, 2], c: { x: [true, null] }, d: new Date(Date.UTC(2026, 0, 2)), e: { toJSON: () => 'custom' } },
    { a: [{ b: 1 }], b: { length: 3 }, c: [1, 2, 3], d: {}, e: () => 1, f: Symbol('s') },
  ];
  const paths = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'a.b', 'a.b.c', 'c.x', 'c.length', 'b.length', 'a.constructor', 'constructor', 'toString', 'z.y'];
  const oracle = db.prepare(`SELECT json_extract(?, ?) AS v, ifnull(json_type(?, ?), 'missing') AS t`);
  let compared = 0;
  for (const doc of docs) {
    const json = JSON.stringify(doc);
    for (const p of paths) {
      const want = oracle.get(json, `$.${p}`, json, `$.${p}`) as { v: unknown; t: string };
      t.deepEqual(columnPair(doc, p.split('.')), [want.v as string | number | null, want.t], `${json} at ${p}`);
      compared++;
    }
  }
  t.is(compared, docs.length * paths.length);
  db.close();
});

test('a writer opened before another handle declared an index fills the new columns (schema read per write)', async (t) => {
  const file = join(dir, 'two-handles.db');
  const writer = open(file);
  const early = writer.collection<Item>('items');
  await early.put({ _id: 'a', n: 3, tag: 'x' });
  const other = open(file);
  await other.collection<Item>('items').ensureIndexes([{ name: 'by_n', fields: [['n', 1]] }]);
  // The writer's collection object existed before the columns did.
  await early.putMany([{ _id: 'b', n: 1 }, { _id: 'c', n: 2, tag: 'y' }]);
  await early.put({ _id: 'd', tag: 'z' });
  const raw = new Database(file, { readonly: true });
  t.deepEqual(raw.prepare(`SELECT _id, "v$n" AS v, "t$n" AS t FROM items ORDER BY _id`).all(), [
    { _id: 'a', v: 3, t: 'integer' },
    { _id: 'b', v: 1, t: 'integer' },
    { _id: 'c', v: 2, t: 'integer' },
    { _id: 'd', v: null, t: 'missing' },
  ]);
  raw.close();
  // Missing sorts first ascending (MongoDB's order), then numbers; both handles answer alike.
  for (const c of [early, other.collection<Item>('items')]) {
    t.deepEqual((await c.find({}, { sort: [['n', 1]] })).map((d) => d._id), ['d', 'b', 'c', 'a']);
    t.deepEqual((await c.find({ n: { $gte: 2 } })).map((d) => d._id).sort(), ['a', 'c']);
    t.is(await c.count({ n: null }), 1);
  }
  // An update through the filter path rewrites the columns too.
  await early.updateOne({ _id: 'd' }, { $set: { n: 0 } });
  t.deepEqual((await early.find({}, { sort: [['n', -1]] })).map((d) => d._id), ['a', 'c', 'b', 'd']);
});

test('a database made before indexed columns is migrated: columns added and filled, indexes and text triggers rebuilt on them', async (t) => {
  const file = join(dir, 'old-layout.db');
  // The layout earlier versions wrote: documents only, expression indexes, FTS triggers that extract from the JSON.
  const old = new Database(file);
  old.exec(`CREATE TABLE "m" (_id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL) STRICT`);
  old.exec(`CREATE INDEX "m__by_v" ON "m" (json_extract(doc, '$.s.v') DESC, _id ASC)`);
  old.exec(`CREATE TABLE "concord$text_indexes" (collection TEXT PRIMARY KEY NOT NULL, spec TEXT NOT NULL) STRICT`);
  old.exec(`CREATE VIRTUAL TABLE "m$text" USING fts5(c0, tokenize = 'unicode61 remove_diacritics 2')`);
  const text = (row: string) => `CASE WHEN json_type(${row}.doc, '$.title') = 'text' THEN json_extract(${row}.doc, '$.title') END`;
  old.exec(`CREATE TRIGGER "m$text_ai" AFTER INSERT ON "m" BEGIN INSERT INTO "m$text" (rowid, c0) VALUES (new.rowid, ${text('new')}); END`);
  old.exec(`CREATE TRIGGER "m$text_ad" AFTER DELETE ON "m" BEGIN DELETE FROM "m$text" WHERE rowid = old.rowid; END`);
  old.exec(`CREATE TRIGGER "m$text_au" AFTER UPDATE OF doc ON "m" WHEN ${text('old')} IS NOT ${text('new')} BEGIN
    DELETE FROM "m$text" WHERE rowid = old.rowid; INSERT INTO "m$text" (rowid, c0) VALUES (new.rowid, ${text('new')}); END`);
  const spec = { name: 'search', fields: [['title', 1]] };
  old.prepare(`INSERT INTO "concord$text_indexes" VALUES ('m', ?)`).run(JSON.stringify(spec));
  const insert = old.prepare(`INSERT INTO "m" (_id, doc) VALUES (?, ?)`);
  insert.run('a', JSON.stringify({ _id: 'a', s: { v: 5 }, title: 'rain in paris' }));
  insert.run('b', JSON.stringify({ _id: 'b', s: { v: 9 }, title: 'snow in oslo' }));
  insert.run('c', JSON.stringify({ _id: 'c', s: { v: true }, title: 'rain in oslo' }));
  insert.run('d', JSON.stringify({ _id: 'd', title: 42 }));
  old.close();

  const store = open(file);
  const m = store.collection<Item>('m');
  await m.ensureIndexes([{ name: 'by_v', fields: [['s.v', -1], ['_id', 1]] }]);
  await m.ensureTextIndex({ name: 'search', fields: [['title', 1]] });

  const raw = new Database(file, { readonly: true });
  t.deepEqual(readColumns(raw, 'm').paths, ['s.v', 'title']);
  t.deepEqual(raw.prepare(`SELECT _id, "v$s.v" AS v, "t$s.v" AS t FROM m ORDER BY _id`).all(), [
    { _id: 'a', v: 5, t: 'integer' },
    { _id: 'b', v: 9, t: 'integer' },
    { _id: 'c', v: 1, t: 'true' },
    { _id: 'd', v: null, t: 'missing' },
  ]);
  t.regex((raw.prepare(`SELECT sql FROM sqlite_master WHERE name = 'm__by_v'`).get() as { sql: string }).sql, /"v\$s\.v" DESC, _id ASC, "t\$s\.v"/);
  t.notRegex((raw.prepare(`SELECT sql FROM sqlite_master WHERE name = 'm$text_ai'`).get() as { sql: string }).sql, /json_extract/);
  raw.close();

  // Numbers only (true is not a number), in descending order; missing last.
  t.deepEqual((await m.find({ 's.v': { $gt: 0 } }, { sort: [['s.v', -1]] })).map((d) => d._id), ['b', 'a']);
  t.is(await m.count({ 's.v': true }), 1);
  t.deepEqual((await m.find({ $text: 'oslo' }, { sort: [['_id', 1]] })).map((d) => d._id), ['b', 'c']);
  // After the migration, writes keep the text index in step through the new triggers.
  await m.put({ _id: 'a', s: { v: 6 }, title: 'sun in oslo' });
  await m.delete('b');
  t.deepEqual((await m.find({ $text: 'oslo' }, { sort: [['_id', 1]] })).map((d) => d._id), ['a', 'c']);
  t.deepEqual((await m.find({ $text: 'paris' })).map((d) => d._id), []);
  // A second start changes nothing.
  await m.ensureTextIndex({ name: 'search', fields: [['title', 1]] });
  t.deepEqual((await m.find({ $text: 'rain' })).map((d) => d._id), ['c']);
});

test('the text index follows replaceCollection: a rebuilt collection with its own index, or the target index rebuilt on the new rows', async (t) => {
  const store = open(join(dir, 'swap-text.db'));
  const spec = { name: 'search', fields: [['title', 1]] as Array<[string, number]> };
  const live = store.collection<Item>('live');
  await live.ensureTextIndex(spec);
  await live.putMany([{ _id: 'a', title: 'rain paris' }, { _id: 'b', title: 'snow oslo' }]);

  // A rebuild without a text index of its own: the target's declared index is rebuilt on the new rows.
  await store.collection<Item>('live_rebuild').putMany([{ _id: 'x', title: 'zebra oslo' }, { _id: 'a', title: 'rain paris' }]);
  await store.replaceCollection('live_rebuild', 'live');
  const swapped = store.collection<Item>('live');
  t.deepEqual((await swapped.find({ $text: 'oslo' })).map((d) => d._id), ['x']);
  t.deepEqual((await swapped.find({ $text: 'rain' })).map((d) => d._id), ['a']);

  // A rebuild with its own text index: its rows move with it, and later writes keep it in step.
  const rebuild = store.collection<Item>('live_rebuild');
  await rebuild.ensureTextIndex(spec);
  await rebuild.putMany([{ _id: 'p', title: 'sun lisbon' }, { _id: 'q', title: 'fog oslo' }]);
  await store.replaceCollection('live_rebuild', 'live');
  const again = store.collection<Item>('live');
  t.deepEqual((await again.find({ $text: 'oslo' })).map((d) => d._id), ['q']);
  await again.put({ _id: 'r', title: 'oslo storm' });
  await again.delete('q');
  t.deepEqual((await again.find({ $text: 'oslo' })).map((d) => d._id), ['r']);
  t.deepEqual((await again.find({ $text: 'zebra' })).map((d) => d._id), []);
  await t.throwsAsync(store.collection<Item>('live_rebuild').find({ $text: 'oslo' }), { message: /needs a text index/ });

  // Dropping a collection drops its text index: a new one of the same name starts without.
  await store.dropCollection('live');
  await t.throwsAsync(store.collection<Item>('live').find({ $text: 'oslo' }), { message: /needs a text index/ });
});
