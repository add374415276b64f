import test from 'ava';
import { DuplicateKeyError, InvalidQueryError } from '../../shared/ports/documentStore.ts';
import type { Doc } from '../../shared/ports/documentStore.ts';
import { freshName } from './storeContractQueries.ts';
import type { StoreGetter } from './storeContractQueries.ts';

interface Row extends Doc {
  readonly email?: string | null;
  readonly n?: number | string;
  readonly meta?: Record<string, unknown>;
  readonly [key: string]: unknown;
}

export function registerWriteContract(label: string, getStore: StoreGetter): void {
  const fresh = async () => (await getStore()).collection<Row>(freshName('w'));

  test(`${label}: insert rejects a repeated _id with DuplicateKeyError on index _id_; put replaces the whole document`, async (t) => {
    const c = await fresh();
    await c.insert({ _id: 'a', n: 1, meta: { x: 1 } });
    const err = await t.throwsAsync(c.insert({ _id: 'a', n: 2 }), { instanceOf: DuplicateKeyError });
    t.is(err?.index, '_id_');
    t.is(err?.collection, c.name);
    await c.put({ _id: 'a', email: 'e' });
    t.deepEqual(await c.get('a'), { _id: 'a', email: 'e' });
    await c.putMany([{ _id: 'b', n: 1 }, { _id: 'c', n: 2 }, { _id: 'b', n: 3 }]);
    t.deepEqual(await c.find({}, { sort: [['_id', 1]] }), [{ _id: 'a', email: 'e' }, { _id: 'b', n: 3 }, { _id: 'c', n: 2 }]);
    await t.throwsAsync(c.insert({ _id: '' } as Row), { instanceOf: InvalidQueryError });
  });

  test(`${label}: insertMany writes new documents through their indexes and rejects a stored _id without replacing it`, async (t) => {
    const c = await fresh();
    await c.ensureIndexes([{ name: 'n', fields: [['n', 1]] }]);
    await c.insertMany([]);
    await c.insertMany([{ _id: 'a', n: 1 }, { _id: 'b', n: 2, meta: { x: 1 } }, { _id: 'c', n: 2 }]);
    t.deepEqual(await c.find({ n: 2 }, { sort: [['_id', 1]] }), [{ _id: 'b', n: 2, meta: { x: 1 } }, { _id: 'c', n: 2 }]);
    const err = await t.throwsAsync(c.insertMany([{ _id: 'a', n: 9 }]), { instanceOf: DuplicateKeyError });
    t.is(err?.index, '_id_');
    t.deepEqual(await c.get('a'), { _id: 'a', n: 1 });
  });

  test(`${label}: a unique index rejects duplicates from insert, put and updateOne, and a missing field counts as null`, async (t) => {
    const c = await fresh();
    await c.ensureIndexes([{ name: 'email_u', fields: [['email', 1]], unique: true }, { name: 'n_idx', fields: [['n', -1]] }]);
    await c.ensureIndexes([{ name: 'email_u', fields: [['email', 1]], unique: true }]);
    await c.insert({ _id: '1', email: 'x@y.z' });
    await c.insert({ _id: '2', email: 'other' });
    const dup = await t.throwsAsync(c.insert({ _id: '3', email: 'x@y.z' }), { instanceOf: DuplicateKeyError });
    t.is(dup?.index, 'email_u');
    await t.throwsAsync(c.put({ _id: '2', email: 'x@y.z' }), { instanceOf: DuplicateKeyError });
    await t.throwsAsync(c.updateOne({ _id: '2' }, { $set: { email: 'x@y.z' } }), { instanceOf: DuplicateKeyError });
    t.is((await c.get('2'))?.email, 'other');
    await c.insert({ _id: '4' });
    await t.throwsAsync(c.insert({ _id: '5', email: null }), { instanceOf: DuplicateKeyError });
    await c.put({ _id: '4', email: 'now-set' });
    await c.insert({ _id: '5' });
    t.is(await c.count({ email: 'x@y.z' }), 1);
  });

  test(`${label}: unique indexes keep types apart, compound keys combine, and a redefined index is rebuilt`, async (t) => {
    const c = await fresh();
    await c.ensureIndexes([{ name: 'pair', fields: [['email', 1], ['n', 1]], unique: true }]);
    await c.putMany([{ _id: '1', email: 'a', n: 1 }, { _id: '2', email: 'a', n: '1' }, { _id: '3', email: 'b', n: 1 }]);
    await t.throwsAsync(c.insert({ _id: '4', email: 'a', n: 1 }), { instanceOf: DuplicateKeyError });
    await c.ensureIndexes([{ name: 'pair', fields: [['n', 1]] }]);
    await c.insert({ _id: '4', email: 'a', n: 1 });
    const err = await t.throwsAsync(c.ensureIndexes([{ name: 'pair', fields: [['n', 1]], unique: true }]), { instanceOf: DuplicateKeyError });
    t.is(err?.index, 'pair');
    await t.throwsAsync(c.ensureIndexes([{ name: 'bad name', fields: [['n', 1]] }]), { instanceOf: InvalidQueryError });
  });

  test(`${label}: a collection bulk-loaded without indexes gets them in replaceCollection: the swapped-in collection enforces and serves them`, async (t) => {
    const store = await getStore();
    const target = freshName('swap');
    const source = `${target}_rebuild`;
    const indexes = [
      { name: 'by_email', fields: [['email', 1]] as Array<[string, 1 | -1]>, unique: true },
      { name: 'by_n', fields: [['n', -1]] as Array<[string, 1 | -1]> },
    ];
    await store.collection<Row>(target).ensureIndexes(indexes);
    await store.collection<Row>(target).put({ _id: 'old', email: 'o@x', n: 1 });
    const loaded = store.collection<Row>(source);
    await loaded.prepareBulkLoad(indexes);
    await loaded.putMany([{ _id: 'a', email: 'a@x', n: 3 }, { _id: 'b', email: 'b@x', n: 9 }, { _id: 'c', email: 'c@x', n: 5 }]);
    await store.replaceCollection(source, target, { indexes });
    const swapped = store.collection<Row>(target);
    t.deepEqual((await swapped.find({ n: { $gte: 4 } }, { sort: [['n', -1]] })).map((d) => d._id), ['b', 'c']);
    t.is(await swapped.count(), 3);
    const dup = await t.throwsAsync(swapped.insert({ _id: 'd', email: 'a@x' }), { instanceOf: DuplicateKeyError });
    t.is(dup?.index, 'by_email');
    t.is(await store.collection<Row>(source).count(), 0, 'the source is gone');
  });

  test(`${label}: updateOne applies $set, $unset and $inc atomically and returns the document after`, async (t) => {
    const c = await fresh();
    await c.put({ _id: 'u', n: 1, meta: { keep: true, drop: 1 }, old: 'x' });
    const after = await c.updateOne({ _id: 'u' }, { $set: { zeta: 1, 'meta.added': 'y', alpha: [1] }, $unset: ['old', 'meta.drop', 'nothing.here'], $inc: { n: 2, 'counts.hits': 1 } });
    const expected = { _id: 'u', n: 3, meta: { keep: true, added: 'y' }, alpha: [1], counts: { hits: 1 }, zeta: 1 };
    t.is(JSON.stringify(after), JSON.stringify(expected), 'new fields are appended in path order, existing ones stay put');
    t.is(JSON.stringify(await c.get('u')), JSON.stringify(expected));
    t.is(await c.updateOne({ _id: 'none' }, { $set: { n: 1 } }), null);
    t.is((await c.updateOne({ n: 3 }, {}))?._id, 'u');
  });

  test(`${label}: updates that MongoDB refuses reject with InvalidQueryError and change nothing`, async (t) => {
    const c = await fresh();
    await c.put({ _id: 'u', n: 'text', s: 5, meta: { a: 1 } });
    const refused: Array<Parameters<typeof c.updateOne>[1]> = [
      { $inc: { n: 1 } },
      { $set: { 's.deeper': 1 } },
      { $set: { _id: 'other' } },
      { $set: { meta: {} }, $unset: ['meta.a'] },
      { $inc: { s: Number.NaN } },
      { $set: { 'bad path!': 1 } },
    ];
    for (const ops of refused) await t.throwsAsync(c.updateOne({ _id: 'u' }, ops), { instanceOf: InvalidQueryError }, JSON.stringify(ops));
    t.deepEqual(await c.get('u'), { _id: 'u', n: 'text', s: 5, meta: { a: 1 } });
  });

  test(`${label}: updateMany counts only documents it changed`, async (t) => {
    const c = await fresh();
    await c.putMany([{ _id: '1', n: 1 }, { _id: '2', n: 2 }, { _id: '3', n: 2 }, { _id: '4' }]);
    t.is(await c.updateMany({ n: { $gte: 1 } }, { $set: { n: 2 } }), 1);
    t.is(await c.updateMany({}, { $inc: { n: 10 } }), 4);
    t.deepEqual((await c.find({}, { sort: [['_id', 1]] })).map((d) => d.n), [12, 12, 12, 10]);
    t.is(await c.updateMany({ n: 99 }, { $set: { n: 1 } }), 0);
  });

  test(`${label}: takeOne deletes and returns one match; of 50 concurrent takes of one document exactly one wins`, async (t) => {
    const c = await fresh();
    await c.putMany([{ _id: 'tok', n: 1 }, { _id: 'other', n: 2 }]);
    const results = await Promise.all(Array.from({ length: 50 }, () => c.takeOne({ _id: 'tok', n: 1 })));
    t.deepEqual(results.filter((r) => r !== null), [{ _id: 'tok', n: 1 }]);
    t.is(await c.takeOne({ _id: 'tok' }), null);
    t.deepEqual(await c.find(), [{ _id: 'other', n: 2 }]);
  });

  test(`${label}: concurrent updateOne calls never lose an increment nor claim the same document twice`, async (t) => {
    const c = await fresh();
    await c.put({ _id: 'ctr', n: 0 });
    await Promise.all(Array.from({ length: 100 }, () => c.updateOne({ _id: 'ctr' }, { $inc: { n: 1 } })));
    t.is((await c.get('ctr'))?.n, 100);
    await c.putMany(Array.from({ length: 5 }, (_, i) => ({ _id: `job${i}`, state: 'queued' })));
    const claims = await Promise.all(Array.from({ length: 20 }, (_, w) => c.updateOne({ state: 'queued' }, { $set: { state: 'taken', by: w } })));
    const won = claims.filter((r) => r !== null).map((r) => r?._id).sort();
    t.deepEqual(won, ['job0', 'job1', 'job2', 'job3', 'job4']);
  });

  test(`${label}: delete, deleteMany and clear report what they removed`, async (t) => {
    const c = await fresh();
    await c.putMany(Array.from({ length: 6 }, (_, i) => ({ _id: `d${i}`, n: i })));
    t.true(await c.delete('d0'));
    t.false(await c.delete('d0'));
    t.is(await c.deleteMany({ n: { $gte: 4 } }), 2);
    t.is(await c.count(), 3);
    await c.clear();
    t.is(await c.count(), 0);
    await c.insert({ _id: 'd0' });
    t.is(await c.count(), 1);
  });

  test(`${label}: 10k upserts then a filtered, sorted page equals a plain array filter and sort`, async (t) => {
    const c = await fresh();
    await c.ensureIndexes([{ name: 'by_cat_score', fields: [['meta.cat', 1], ['n', -1]] }]);
    const docs: Row[] = Array.from({ length: 10_000 }, (_, i) => ({ _id: `m${i}`, n: i % 997, meta: { cat: `c${i % 7}` } }));
    for (const d of docs) await c.put(d);
    for (let i = 0; i < 10_000; i += 10) {
      docs[i] = { ...docs[i]!, touched: true };
      await c.put(docs[i]!);
    }
    t.is(await c.count(), 10_000);
    const page = await c.find({ 'meta.cat': 'c3', n: { $lt: 500 } }, { sort: [['n', -1]], skip: 5, limit: 20 });
    // The oracle never touches the store: the same documents in a plain array, filtered and sorted (ties by _id).
    const expected = docs
      .filter((d) => d.meta?.cat === 'c3' && (d.n as number) < 500)
      .sort((a, b) => (b.n as number) - (a.n as number) || (a._id < b._id ? -1 : 1))
      .slice(5, 25);
    t.is(expected.length, 20);
    t.deepEqual(page, expected);
  });
}
