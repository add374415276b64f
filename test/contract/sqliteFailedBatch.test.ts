import test from 'ava';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { DuplicateKeyError, type Collection, type Doc, type DocumentStore } from '../../shared/ports/documentStore.ts';

/**
 * The SQLite collection's writes are OR FAIL statements (no statement journal: adapters/store/sqliteCollection.ts,
 * putOne). A write that fails part-way through a batch must still leave nothing of the batch: not the documents
 * before it, not their index entries, not their text-index rows, nothing marked for the text index.
 */
interface Row extends Doc {
  readonly title: string;
  readonly email: string;
  readonly n: number;
}

async function open(t: { teardown: (fn: () => void) => void }): Promise<{ store: DocumentStore; c: Collection<Row>; raw: Database.Database }> {
  const dir = mkdtempSync(join(tmpdir(), 'concord-failed-batch-'));
  const file = join(dir, 'store.db');
  const store = openSqliteStore({ file });
  const c = store.collection<Row>('rows');
  await c.ensureIndexes([
    { name: 'by_email', fields: [['email', 1]], unique: true },
    { name: 'by_n', fields: [['n', -1], ['_id', 1]] },
  ]);
  await c.ensureTextIndex({ name: 'search', fields: [['title', 1]] });
  const raw = new Database(file, { readonly: true });
  t.teardown(() => {
    raw.close();
    void store.close().then(() => rmSync(dir, { recursive: true, force: true }));
  });
  await c.putMany([
    { _id: 'x', title: 'Bitcoin above 100k', email: 'x@example.com', n: 1 },
    { _id: 'y', title: 'Ethereum above 5k', email: 'y@example.com', n: 2 },
  ]);
  return { store, c, raw };
}

/** Everything a reader can see: documents, an index's order, the text index's answers and rows, the pending marks. */
async function state(c: Collection<Row>, raw: Database.Database): Promise<unknown> {
  return {
    docs: await c.find({}, { sort: [['_id', 1]] }),
    byN: (await c.find({ n: { $gte: 0 } }, { sort: [['n', -1], ['_id', 1]] })).map((d) => d._id),
    search: {
      bitcoin: (await c.find({ $text: 'bitcoin' })).map((d) => d._id),
      solana: (await c.find({ $text: 'solana' })).map((d) => d._id),
      cardano: (await c.find({ $text: 'cardano' })).map((d) => d._id),
    },
    fts: raw.prepare('SELECT count(*) AS n FROM "rows$text"').get(),
    pending: raw.prepare('SELECT count(*) AS n FROM "rows$text_pending"').get(),
  };
}

test('a putMany whose last insert breaks a unique index leaves nothing of the batch', async (t) => {
  const { c, raw } = await open(t);
  const before = await state(c, raw);
  await t.throwsAsync(
    c.putMany([
      { _id: 'a', title: 'Solana flips Ethereum', email: 'a@example.com', n: 7 },
      { _id: 'x', title: 'Cardano above 1', email: 'x@example.com', n: 9 },
      { _id: 'b', title: 'Solana above 300', email: 'y@example.com', n: 8 },
    ]),
    { instanceOf: DuplicateKeyError },
  );
  t.deepEqual(await state(c, raw), before);
});

test('a putMany whose update breaks a unique index leaves the documents before it as they were', async (t) => {
  const { c, raw } = await open(t);
  const before = await state(c, raw);
  await t.throwsAsync(
    c.putMany([
      { _id: 'x', title: 'Cardano above 1', email: 'x@example.com', n: 9 },
      { _id: 'y', title: 'Solana above 300', email: 'x@example.com', n: 8 },
    ]),
    { instanceOf: DuplicateKeyError },
  );
  t.deepEqual(await state(c, raw), before);
});

test('an insertMany with an id already stored leaves nothing of the batch, and the next write goes through', async (t) => {
  const { c, raw } = await open(t);
  const before = await state(c, raw);
  await t.throwsAsync(
    c.insertMany([
      { _id: 'a', title: 'Solana flips Ethereum', email: 'a@example.com', n: 7 },
      { _id: 'y', title: 'Cardano above 1', email: 'c@example.com', n: 9 },
    ]),
    { instanceOf: DuplicateKeyError },
  );
  t.deepEqual(await state(c, raw), before);
  await c.insertMany([{ _id: 'a', title: 'Solana flips Ethereum', email: 'a@example.com', n: 7 }]);
  t.deepEqual((await c.find({ $text: 'solana' })).map((d) => d._id), ['a']);
  t.deepEqual((await c.find({ n: { $gte: 0 } }, { sort: [['n', -1], ['_id', 1]] })).map((d) => d._id), ['a', 'y', 'x']);
});
