import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { withAvailability } from '../../adapters/store/availability.ts';
import type { Doc, Filter, FindOptions } from '../../shared/ports/documentStore.ts';

/**
 * Collection.findText (SQLite): the stored texts of exactly the documents find() returns, in its order, each
 * parsing to find()'s document; through the availability guard it is a read like find().
 */

interface Item extends Doc {
  readonly n: number;
  readonly tag: string;
  readonly nested: { readonly v: number | null };
  readonly note?: string;
}

const items: Item[] = Array.from({ length: 40 }, (_, i) => ({
  _id: `id-${String(i).padStart(2, '0')}`,
  n: (i * 7) % 13,
  tag: ['a', 'b', 'c'][i % 3]!,
  nested: { v: i % 5 === 0 ? null : i },
  ...(i % 4 === 0 ? { note: `line one\nline "two" ${i} é` } : {}),
}));

const cases: Array<[Filter | undefined, FindOptions | undefined]> = [
  [undefined, undefined],
  [{ tag: 'b' }, undefined],
  [{ n: { $gte: 5 } }, { sort: [['n', -1], ['_id', 1]], limit: 7 }],
  [{ n: { $gte: 5 } }, { sort: [['n', -1], ['_id', 1]], skip: 7, limit: 7 }],
  [{ tag: { $in: ['a', 'c'] } }, { sort: [['nested.v', 1], ['_id', -1]], skip: 3 }],
  [{}, { limit: 0 }],
  [{ tag: 'none' }, { sort: [['n', 1]] }],
];

for (const indexed of [false, true]) {
  test(`findText is find() as stored text, in the same order (${indexed ? 'indexed' : 'no index'})`, async (t) => {
    const store = withAvailability(openSqliteStore({ file: ':memory:' }));
    try {
      const coll = store.collection<Item>('items');
      if (indexed) await coll.ensureIndexes([{ name: 'n_id', fields: [['n', -1], ['_id', 1]] }, { name: 'tag', fields: [['tag', 1]] }]);
      await coll.putMany(items);
      t.is(typeof coll.findText, 'function');
      for (const [filter, options] of cases) {
        const docs = await coll.find(filter, options);
        const texts = await coll.findText!(filter, options);
        t.deepEqual(texts.map((text) => JSON.parse(text) as Item), docs, JSON.stringify([filter, options]));
        t.deepEqual(texts, await Promise.all(docs.map(async (d) => (await coll.getText!(d._id))!)), 'the stored text itself');
      }
    } finally {
      await store.close();
    }
  });
}
