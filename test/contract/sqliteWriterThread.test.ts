import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { DuplicateKeyError, type Doc, type DocumentStore } from '../../shared/ports/documentStore.ts';

/**
 * A store with `writerThread` commits put and putMany on a thread of its own (adapters/store/sqliteWriter.ts).
 * What its callers see must be what one connection gives: a write awaited is read back by the store, the text
 * index and the indexes answer for it, the store's writes commit in the order they were asked for (also when a
 * caller does not await one before the next, across the two connections), errors are the port's, and close()
 * commits what was sent.
 */
const dir = mkdtempSync(join(tmpdir(), 'concord-sqlite-writer-'));
test.after.always(() => rmSync(dir, { recursive: true, force: true }));

interface Market extends Doc {
  readonly title: string;
  readonly venue: string;
  readonly liquidity: number;
  readonly n?: number;
}

const market = (i: number, venue = i % 2 === 0 ? 'alpha' : 'beta'): Market => ({ _id: `m${i}`, title: `Will team ${i} win the cup`, venue, liquidity: (i * 37) % 101 });

let files = 0;
async function open(writerThread: boolean): Promise<{ store: DocumentStore; file: string }> {
  const file = join(dir, `store-${files++}.db`);
  const store = openSqliteStore({ file, writerThread });
  const c = store.collection<Market>('markets');
  await c.ensureIndexes([{ name: 'venue_liquidity', fields: [['venue', 1], ['liquidity', -1]] }]);
  await c.ensureTextIndex({ name: 'text', fields: [['title', 1]] });
  return { store, file };
}

const snapshot = async (store: DocumentStore) => {
  const c = store.collection<Market>('markets');
  return {
    all: await c.find({}, { sort: [['_id', 1]] }),
    byVenue: (await c.find({ venue: 'alpha' }, { sort: [['liquidity', -1], ['_id', 1]], limit: 20 })).map((d) => d._id),
    text: (await c.find({ $text: 'team 7' }, { sort: [['_id', 1]] })).map((d) => d._id),
  };
};

test('documents put on the writer thread are read back, indexed and searchable once the put resolves', async (t) => {
  const { store } = await open(true);
  const c = store.collection<Market>('markets');
  await c.putMany(Array.from({ length: 300 }, (_, i) => market(i)));
  await c.put({ ...market(7), title: 'Will team 7 win the league' });
  t.is(await c.count(), 300);
  t.is((await c.get('m7'))?.title, 'Will team 7 win the league');
  t.deepEqual((await c.find({ $text: 'league' })).map((d) => d._id), ['m7']);
  t.is((await snapshot(store)).byVenue.length, 20);
  await store.close();
});

test('the store writes in the order asked for across its two connections, awaited or not, as one connection does', async (t) => {
  const run = async (writerThread: boolean) => {
    const { store } = await open(writerThread);
    const c = store.collection<Market>('markets');
    const writes: Array<Promise<unknown>> = [];
    // A deterministic mix of thread writes (put, putMany) and this connection's (delete, updateOne, deleteMany,
    // insert), none awaited before the next is asked for.
    for (let round = 0; round < 40; round++) {
      writes.push(c.putMany(Array.from({ length: 25 }, (_, k) => market(round * 7 + k))));
      writes.push(c.delete(`m${round * 3}`));
      writes.push(c.put({ ...market(round * 3), title: `Will team ${round} be back` }));
      writes.push(c.updateOne({ _id: `m${round * 5 + 1}` }, { $inc: { n: 1 } }));
      if (round % 10 === 9) writes.push(c.deleteMany({ venue: 'beta', liquidity: { $lt: 20 } }));
      if (round % 8 === 0) writes.push(c.insert(market(10_000 + round)).catch(() => undefined));
    }
    await Promise.all(writes);
    const s = await snapshot(store);
    await store.close();
    return s;
  };
  const alone = await run(false);
  const threaded = await run(true);
  t.true(alone.all.length > 100);
  t.deepEqual(threaded, alone);
});

test('a unique index violated on the writer thread rejects with the port DuplicateKeyError and writes none of the batch', async (t) => {
  const { store } = await open(true);
  const c = store.collection<Market>('markets');
  await c.ensureIndexes([{ name: 'title_unique', fields: [['title', 1]], unique: true }]);
  await c.put(market(1));
  const err = await t.throwsAsync(c.putMany([market(2), { ...market(3), title: market(1).title }]));
  t.true(err instanceof DuplicateKeyError);
  t.is((err as DuplicateKeyError).index, 'title_unique');
  t.is(await c.count(), 1);
  // The thread goes on writing after a refused batch.
  await c.put(market(4));
  t.is(await c.count(), 2);
  await store.close();
});

test('close() commits what was sent to the writer thread before the store closes', async (t) => {
  const { store, file } = await open(true);
  const c = store.collection<Market>('markets');
  const pending = c.putMany(Array.from({ length: 500 }, (_, i) => market(i)));
  await store.close();
  await pending;
  const again = openSqliteStore({ file });
  t.is(await again.collection<Market>('markets').count(), 500);
  t.deepEqual((await again.collection<Market>('markets').find({ $text: 'team 499' })).map((d) => d._id), ['m499']);
  await again.close();
});
