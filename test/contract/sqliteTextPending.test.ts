import test from 'ava';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

/**
 * The SQLite text index is brought up to date once per writing transaction from the rows its triggers marked
 * (adapters/store/sqliteText.ts). These tests check the invariant a search relies on from a second connection,
 * as another process sees the file: after every write, the FTS table holds exactly one row per document, with
 * the document's current text, and nothing is left marked.
 */
interface Market extends Doc {
  readonly title: string;
  readonly n?: number;
}
const SPEC = { name: 'search', fields: [['title', 1]] as Array<readonly [string, number]> };

async function open(t: { teardown: (fn: () => void) => void }): Promise<{ store: DocumentStore; c: Collection<Market>; raw: Database.Database; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'concord-text-pending-'));
  const file = join(dir, 'store.db');
  const store = openSqliteStore({ file });
  const c = store.collection<Market>('markets');
  await c.ensureTextIndex(SPEC);
  const raw = new Database(file, { readonly: true });
  t.teardown(() => {
    raw.close();
    void store.close().then(() => rmSync(dir, { recursive: true, force: true }));
  });
  return { store, c, raw, file };
}

/** What the FTS table holds, by document id, read straight from the file. */
function indexed(raw: Database.Database): Record<string, string> {
  const rows = raw.prepare('SELECT m._id AS id, f.c0 AS text FROM "markets$text" f LEFT JOIN "markets" m ON m.rowid = f.rowid ORDER BY m._id').all() as Array<{ id: string | null; text: string }>;
  return Object.fromEntries(rows.map((r) => [r.id ?? '(orphan)', r.text]));
}
const pendingLeft = (raw: Database.Database): number => (raw.prepare('SELECT count(*) AS n FROM "markets$text_pending"').get() as { n: number }).n;
const found = async (c: Collection<Market>, text: string): Promise<string[]> => (await c.find({ $text: text })).map((d) => d._id).sort();

test('one putMany that writes the same document twice leaves one FTS row with the last title', async (t) => {
  const { c, raw } = await open(t);
  await c.putMany([
    { _id: 'a', title: 'Will Solana flip Ethereum?' },
    { _id: 'b', title: 'Bitcoin above 100k?' },
    { _id: 'a', title: 'Will Cardano flip Ethereum?' },
  ]);
  t.deepEqual(indexed(raw), { a: 'Will Cardano flip Ethereum?', b: 'Bitcoin above 100k?' });
  t.is(pendingLeft(raw), 0);
  t.deepEqual(await found(c, 'solana'), []);
  t.deepEqual(await found(c, 'ethereum'), ['a']);
});

test('updates rewrite the FTS row only with the text; untouched text stays indexed', async (t) => {
  const { c, raw } = await open(t);
  await c.putMany([{ _id: 'a', title: 'Fed cuts in March?', n: 1 }]);
  await c.updateOne({ _id: 'a' }, { $set: { n: 2 } });
  t.deepEqual(indexed(raw), { a: 'Fed cuts in March?' });
  await c.updateMany({ n: 2 }, { $set: { title: 'Fed holds in March?' } });
  t.deepEqual(indexed(raw), { a: 'Fed holds in March?' });
  await c.put({ _id: 'a', title: 'Fed hikes in March?', n: 3 });
  t.deepEqual(indexed(raw), { a: 'Fed hikes in March?' });
  t.deepEqual(await found(c, 'hikes'), ['a']);
  t.deepEqual(await found(c, 'holds'), []);
  t.is(pendingLeft(raw), 0);
});

test('every kind of delete removes the FTS row, and a re-inserted id is indexed with its new text', async (t) => {
  const { c, raw } = await open(t);
  await c.putMany([
    { _id: 'a', title: 'alpha market', n: 1 },
    { _id: 'b', title: 'beta market', n: 2 },
    { _id: 'c', title: 'gamma market', n: 2 },
    { _id: 'd', title: 'delta market', n: 3 },
  ]);
  t.true(await c.delete('a'));
  t.deepEqual(Object.keys(indexed(raw)), ['b', 'c', 'd']);
  t.is((await c.takeOne({ _id: 'd' }))?._id, 'd');
  t.deepEqual(Object.keys(indexed(raw)), ['b', 'c']);
  t.is(await c.deleteMany({ n: 2 }), 2);
  t.deepEqual(indexed(raw), {});
  // The highest rowid was deleted, so SQLite hands the same rowid to the next insert.
  await c.insert({ _id: 'd', title: 'epsilon market' });
  t.deepEqual(indexed(raw), { d: 'epsilon market' });
  t.deepEqual(await found(c, 'delta'), []);
  await c.clear();
  t.deepEqual(indexed(raw), {});
  t.is(pendingLeft(raw), 0);
});

test('a database whose text index was kept by FTS-writing triggers gets the pending-row triggers on ensureTextIndex', async (t) => {
  const { store, c, file } = await open(t);
  await c.putMany([{ _id: 'a', title: 'old style row' }]);
  // Rewrite the triggers the way databases made before this change had them.
  const w = new Database(file);
  w.exec('DROP TRIGGER "markets$text_ai"; DROP TRIGGER "markets$text_ad"; DROP TRIGGER "markets$text_au"; DROP TABLE "markets$text_pending";');
  w.exec(`CREATE TRIGGER "markets$text_ai" AFTER INSERT ON "markets" BEGIN INSERT INTO "markets$text" (rowid, c0) VALUES (new.rowid, json_extract(new.doc, '$.title')); END`);
  w.exec(`CREATE TRIGGER "markets$text_ad" AFTER DELETE ON "markets" BEGIN DELETE FROM "markets$text" WHERE rowid = old.rowid; END`);
  w.exec(`CREATE TRIGGER "markets$text_au" AFTER UPDATE ON "markets" BEGIN DELETE FROM "markets$text" WHERE rowid = old.rowid; INSERT INTO "markets$text" (rowid, c0) VALUES (new.rowid, json_extract(new.doc, '$.title')); END`);
  w.close();
  const again = store.collection<Market>('markets');
  await again.ensureTextIndex(SPEC);
  await again.put({ _id: 'b', title: 'new style row' });
  const raw = new Database(file, { readonly: true });
  t.teardown(() => raw.close());
  t.deepEqual(indexed(raw), { a: 'old style row', b: 'new style row' });
  t.is(pendingLeft(raw), 0);
  const trigger = raw.prepare(`SELECT sql FROM sqlite_master WHERE name = 'markets$text_ai'`).get() as { sql: string };
  t.regex(trigger.sql, /markets\$text_pending/);
});
