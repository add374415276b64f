import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readFile } from 'node:fs/promises';
import { BSON, MongoClient } from 'mongodb';
import pino from 'pino';
import { createDocumentStore } from '../../adapters/store/createStore.ts';
import { toMongoFilter, toMongoSort, toMongoUpdate } from '../../adapters/store/mongoQuery.ts';
import { openMongoStore } from '../../adapters/store/mongoStore.ts';
import { parseFilter, parseSort, parseUpdate } from '../../adapters/store/queryModel.ts';
import { compileCondition, orderBy } from '../../adapters/store/sqliteQuery.ts';
import { readColumns } from '../../adapters/store/sqliteColumns.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { DuplicateKeyError, InvalidQueryError } from '../../shared/ports/documentStore.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { registerStoreContract } from '../support/storeContract.ts';
import { reportContractNotRun } from '../support/notRun.ts';
import { startMongoReplay } from '../support/mongoWire.ts';

const dir = mkdtempSync(join(tmpdir(), 'concord-store-'));
const opened: DocumentStore[] = [];
const open = (file: string): DocumentStore => {
  const store = openSqliteStore({ file });
  opened.push(store);
  return store;
};
const fileStore = open(join(dir, 'contract.db'));
const memoryStore = open(':memory:');

test.after.always(async () => {
  for (const s of opened) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

registerStoreContract('sqlite file', async () => fileStore);
registerStoreContract('sqlite in-memory', async () => memoryStore);

interface Account extends Doc {
  readonly email?: string;
  readonly n?: number;
}

test('sqlite file: documents, indexes and uniqueness survive close and reopen', async (t) => {
  const file = join(dir, 'reopen.db');
  const first = open(file);
  const c = first.collection<Account>('accounts');
  await c.ensureIndexes([{ name: 'email_u', fields: [['email', 1]], unique: true }]);
  await c.putMany([{ _id: 'a', email: 'a@x', n: 1 }, { _id: 'b', email: 'b@x', n: 2 }]);
  await first.close();
  await t.throwsAsync(first.ping());
  await t.throwsAsync(c.get('a'));

  const second = open(file);
  const again = second.collection<Account>('accounts');
  t.deepEqual(await again.find({}, { sort: [['n', -1]] }), [{ _id: 'b', email: 'b@x', n: 2 }, { _id: 'a', email: 'a@x', n: 1 }]);
  await t.throwsAsync(again.insert({ _id: 'c', email: 'a@x' }), { instanceOf: DuplicateKeyError });
  await second.ping();
  t.is(second.kind, 'sqlite');
});

test('sqlite file: declared indexes serve equality, range and sort on dotted paths (query plan)', async (t) => {
  const file = join(dir, 'plan.db');
  const store = open(file);
  const c = store.collection<Account>('markets');
  await c.ensureIndexes([{ name: 'cat_n', fields: [['meta.cat', 1], ['n', -1]] }, { name: 'email_u', fields: [['email', 1]], unique: true }]);
  await c.putMany(Array.from({ length: 500 }, (_, i) => ({ _id: `m${i}`, n: i, email: `e${i}`, meta: { cat: `c${i % 7}` } })));
  const db = new Database(file, { readonly: true });
  // Indexed paths are kept in columns, which the query compiler reads instead of the JSON (sqliteColumns.ts).
  const cols = readColumns(db, 'markets');
  const plan = (filter: Parameters<typeof parseFilter>[0], sort?: Parameters<typeof parseSort>[0]): string => {
    const w = compileCondition(parseFilter(filter), cols);
    const sql = `EXPLAIN QUERY PLAN SELECT doc FROM "markets" WHERE ${w.sql}${orderBy(parseSort(sort), cols)} LIMIT 20`;
    return (db.prepare(sql).all(...w.params) as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
  };
  t.regex(plan({ 'meta.cat': 'c3', n: { $lt: 100 } }, [['n', -1]]), /^SEARCH markets USING INDEX markets__cat_n \(v\$meta\.cat=\? AND v\$n<\?\)$/);
  t.regex(plan({ email: 'e5' }), /USING INDEX markets__email_u__q/);
  db.close();
});

test('createDocumentStore opens SQLite under DATA_DIR (creating it) when MONGODB_URI is unset', async (t) => {
  const dataDir = join(dir, 'nested', 'data');
  const store = await createDocumentStore({ MONGODB_DB: 'concord', DATA_DIR: dataDir }, pino({ level: 'silent' }));
  opened.push(store);
  t.is(store.kind, 'sqlite');
  await store.collection<Account>('probe').put({ _id: 'p' });
  await store.close();
  const reopened = open(join(dataDir, 'concord.db'));
  t.deepEqual(await reopened.collection<Account>('probe').get('p'), { _id: 'p' });
});

test('mongodb translation: $exists becomes a null comparison and combined conditions become $and', (t) => {
  const filter = toMongoFilter(parseFilter({ a: { $exists: true, $ne: 1 }, $or: [{ b: null }, { 'c.d': { $in: [null, 'x'] } }] }));
  t.deepEqual(filter, {
    $and: [{ a: { $ne: null } }, { a: { $ne: 1 } }, { $or: [{ b: { $eq: null } }, { 'c.d': { $in: [null, 'x'] } }] }],
  });
  t.deepEqual(toMongoFilter(parseFilter({})), {});
  t.deepEqual(toMongoFilter(parseFilter({ a: { $exists: false } })), { a: { $eq: null } });
  t.deepEqual(toMongoUpdate(parseUpdate({ $set: { x: 1, y: undefined }, $unset: ['z'], $inc: { n: 2 } })), { $set: { x: 1 }, $unset: { z: '' }, $inc: { n: 2 } });
  t.is(toMongoUpdate(parseUpdate({ $set: {} })), null);
  t.deepEqual(Object.entries(toMongoSort(parseSort([['b', -1], ['a', 1]]) ?? [])), [['b', -1], ['a', 1], ['_id', 1]]);
});

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  const dbName = `concord_contract_${process.pid}_${Date.now()}`;
  const mongo = openMongoStore({ uri: mongoUri, dbName });
  // Reported by every contract test that awaits it, instead of crashing the file as an unhandled rejection.
  mongo.catch(() => undefined);
  registerStoreContract('mongodb', () => mongo);
  test('mongodb: ping answers and a closed store rejects', async (t) => {
    const store = await openMongoStore({ uri: mongoUri, dbName });
    t.is(store.kind, 'mongodb');
    await store.ping();
    await store.close();
    await t.throwsAsync(store.ping(), { message: /closed/ });
  });
  test.after.always(async () => {
    await (await mongo).close();
    const client = new MongoClient(mongoUri);
    await client.db(dbName).dropDatabase();
    await client.close();
  });
} else {
  reportContractNotRun('MongoDB', 'MONGODB_URI', 'mongodb://localhost:27017');
}

test('mongodb: openMongoStore rejects with the redacted URI when no server answers', async (t) => {
  const err = await t.throwsAsync(openMongoStore({ uri: 'mongodb://user:s3cret@127.0.0.1:1/', dbName: 'x', serverSelectionTimeoutMS: 300 }));
  t.regex(err?.message ?? '', /cannot reach MongoDB at mongodb:\/\/\*\*\*@127\.0\.0\.1:1/);
  t.notRegex(err?.message ?? '', /s3cret/);
});

// ---- MongoDB adapter against recorded wire exchanges --------------------------------------------

interface MongoExchange {
  readonly call: string;
  readonly request: Record<string, unknown>;
  readonly reply: Record<string, unknown>;
}

test('mongodb (recorded wire exchanges): commands sent for insert, get, updateOne, count and takeOne, and the replies turned into port results and errors', async (t) => {
  const fixture = JSON.parse(await readFile(new URL('../fixtures/mongodb/commands.json', import.meta.url), 'utf8')) as { exchanges: MongoExchange[] };
  const exchanges = fixture.exchanges.map((e) => ({ request: e.request, reply: BSON.EJSON.deserialize(e.reply, { relaxed: false }) }));
  const server = await startMongoReplay(exchanges);
  const store = await openMongoStore({ uri: server.uri, dbName: 'concord', serverSelectionTimeoutMS: 5_000 });
  try {
    const c = store.collection<Account>('accounts');
    const dup = await t.throwsAsync(c.insert({ _id: 'a', email: 'x@y.z' }), { instanceOf: DuplicateKeyError });
    t.is(dup?.index, 'email_u', 'the index is read from the server message');
    t.is(dup?.collection, 'accounts');
    t.deepEqual(await c.get('b'), { _id: 'b', email: 'b@x', n: 2 });
    t.deepEqual(await c.updateOne({ _id: 'b' }, { $inc: { n: 1 } }), { _id: 'b', email: 'b@x', n: 3 });
    await t.throwsAsync(c.updateOne({ _id: 'b' }, { $inc: { email: 1 } }), { instanceOf: InvalidQueryError, message: /non-numeric/ });
    t.is(await c.count({ n: { $gte: 1 } }), 2);
    t.deepEqual(await c.takeOne({ _id: 'b' }), { _id: 'b', email: 'b@x', n: 3 });
  } finally {
    await store.close();
    await server.close();
  }
  t.deepEqual(server.received, fixture.exchanges.map((e) => e.request), 'each command as the fixture records it');
});
