import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { Doc, IndexSpec } from '../../shared/ports/documentStore.ts';
import { InvalidQueryError } from '../../shared/ports/documentStore.ts';

/**
 * putMany reads the stored indexed columns of its whole batch up front (one statement per 512 ids, not one per
 * document; bench/README.md finding 70). The store must end exactly as one put per document leaves it: documents,
 * index order and text search, also when the batch names an id twice (the second put sees the first), mixes new
 * and stored documents, or is longer than one read.
 */
interface Row extends Doc {
  readonly v: number | string | null;
  readonly w?: number;
  readonly title: string;
}

const indexes: IndexSpec[] = [
  { name: 'by_v', fields: [['v', -1], ['_id', 1]] },
  { name: 'by_w', fields: [['w', 1], ['_id', 1]] },
];

async function state(puts: (c: ReturnType<typeof open>['c']) => Promise<void>) {
  const { store, c } = open();
  await puts(c);
  const docs = await c.find({}, { sort: [['_id', 1]] });
  const byV = (await c.find({}, { sort: [['v', -1], ['_id', 1]] })).map((d) => d._id);
  const byW = (await c.find({ w: { $gte: 3 } }, { sort: [['w', 1], ['_id', 1]] })).map((d) => d._id);
  const text = (await c.find({ $text: 'blue' })).map((d) => d._id).sort();
  await store.close();
  return { docs, byV, byW, text };
}

function open() {
  const store = openSqliteStore({ file: ':memory:' });
  const c = store.collection<Row>('rows');
  return { store, c };
}

const row = (i: number, round: number): Row => ({
  _id: `r${String(i % 700).padStart(4, '0')}`,
  v: i % 5 === 0 ? null : i % 7 === 0 ? `s${(i * round) % 11}` : ((i * 31 + round * 17) % 97) / (round === 2 ? 2 : 1),
  ...(i % 3 === 0 ? {} : { w: (i + round) % 9 }),
  title: `${i % 4 === 0 ? 'blue' : 'red'} market ${i} round ${round}`,
});

test('putMany with its batch read leaves what one put per document leaves', async (t) => {
  // 1,300 documents per round over 700 ids: every id twice or more within a batch, longer than one read,
  // the first round's documents new, the next ones' stored, some indexed values moved and some not.
  const rounds = [0, 1, 2].map((round) => Array.from({ length: 1_300 }, (_, i) => row(i, round)));
  const setup = async (c: ReturnType<typeof open>['c']) => {
    await c.ensureIndexes(indexes);
    await c.ensureTextIndex({ name: 'text', fields: [['title', 1]] });
  };
  const batched = await state(async (c) => {
    await setup(c);
    for (const docs of rounds) await c.putMany(docs);
  });
  const oneByOne = await state(async (c) => {
    await setup(c);
    for (const docs of rounds) for (const doc of docs) await c.put(doc);
  });
  t.is(batched.docs.length, 700);
  t.deepEqual(batched, oneByOne);
});

test('putMany refuses a batch holding a document without an id, and writes none of it', async (t) => {
  const { store, c } = open();
  await c.putMany([row(1, 0)]);
  await t.throwsAsync(c.putMany([row(2, 0), { v: 1, title: 'x' } as unknown as Row]), { instanceOf: InvalidQueryError });
  t.deepEqual((await c.find({})).map((d) => d._id), ['r0001']);
  await store.close();
});
