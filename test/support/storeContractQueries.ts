import test from 'ava';
import { InvalidQueryError } from '../../shared/ports/documentStore.ts';
import type { Doc, DocumentStore, Filter } from '../../shared/ports/documentStore.ts';

/** Gives each test its own collection so the tests of one store can run concurrently. */
export type StoreGetter = () => Promise<DocumentStore>;
let counter = 0;
export const freshName = (prefix: string): string => `${prefix}_${process.pid}_${++counter}`;

interface Item extends Doc {
  readonly a?: unknown;
  readonly n?: unknown;
  readonly meta?: { readonly score?: number; readonly tag?: string };
}

const ids = (docs: readonly Doc[]): string[] => docs.map((d) => d._id).sort();

/** A spread of values that MongoDB types apart: the classic traps of a JSON-in-SQL store. */
const TYPED: Item[] = [
  { _id: 'null', a: null },
  { _id: 'missing' },
  { _id: 'one', a: 1 },
  { _id: 'oneFloat', a: 1.5 },
  { _id: 'oneText', a: '1' },
  { _id: 'true', a: true },
  { _id: 'zero', a: 0 },
  { _id: 'false', a: false },
  { _id: 'object', a: { x: 1 } },
  { _id: 'objectText', a: '{"x":1}' },
];

export function registerQueryContract(label: string, getStore: StoreGetter): void {
  const seeded = async (docs: readonly Item[] = TYPED) => {
    const c = (await getStore()).collection<Item>(freshName('q'));
    await c.putMany(docs);
    return c;
  };
  const match = async (filter: Filter, docs?: readonly Item[]) => ids(await (await seeded(docs)).find(filter));

  test(`${label}: $contains matches a case-insensitive substring of string fields only, with pattern characters literal`, async (t) => {
    const docs: Item[] = [
      { _id: 'btc', a: 'Will Bitcoin reach $150,000?' },
      { _id: 'eth', a: 'Will ETHEREUM reach $5,000?' },
      { _id: 'regexy', a: 'a.*b (c)' },
      { _id: 'num', a: 150000 },
      { _id: 'nested', meta: { tag: 'Bitcoin halving' } },
    ];
    t.deepEqual(await match({ a: { $contains: 'bitcoin' } }, docs), ['btc']);
    t.deepEqual(await match({ a: { $contains: 'Ethereum' } }, docs), ['eth']);
    t.deepEqual(await match({ a: { $contains: '$150' } }, docs), ['btc']);
    t.deepEqual(await match({ a: { $contains: '.*b (' } }, docs), ['regexy']);
    t.deepEqual(await match({ a: { $contains: '.*z' } }, docs), []);
    t.deepEqual(await match({ 'meta.tag': { $contains: 'HALVING' } }, docs), ['nested']);
    t.deepEqual(await match({ $and: [{ a: { $contains: 'will' } }, { a: { $contains: 'reach' } }] }, docs), ['btc', 'eth']);
    const c = await seeded(docs);
    await t.throwsAsync(c.find({ a: { $contains: '' } }), { instanceOf: InvalidQueryError });
  });

  test(`${label}: get returns the stored document exactly, with _id first and key order kept`, async (t) => {
    const c = (await getStore()).collection<Item>(freshName('q'));
    const doc = { z: 1, _id: 'd1', a: 'héllo 🎲 "q" \\ \n', nested: { b: [1, 'x', null, { c: true }], e: -0.25 }, big: 2 ** 53 - 1 };
    await c.put(doc);
    const got = await c.get('d1');
    t.is(JSON.stringify(got), JSON.stringify({ _id: 'd1', z: 1, a: doc.a, nested: doc.nested, big: doc.big }));
    t.is(await c.get('nope'), null);
  });

  test(`${label}: getMany keeps the order of the ids and skips missing and repeated ones`, async (t) => {
    const c = await seeded();
    t.deepEqual((await c.getMany(['zero', 'nope', 'one', 'zero', 'null'])).map((d) => d._id), ['zero', 'one', 'null']);
    t.deepEqual(await c.getMany([]), []);
  });

  test(`${label}: equality is typed and a missing field equals null`, async (t) => {
    t.deepEqual(await match({ a: null }), ['missing', 'null']);
    t.deepEqual(await match({ a: 1 }), ['one']);
    t.deepEqual(await match({ a: true }), ['true']);
    t.deepEqual(await match({ a: 0 }), ['zero']);
    t.deepEqual(await match({ a: false }), ['false']);
    t.deepEqual(await match({ a: '1' }), ['oneText']);
    t.deepEqual(await match({ a: '{"x":1}' }), ['objectText']);
    t.deepEqual(await match({ a: { $eq: 1.5 } }), ['oneFloat']);
    t.deepEqual(await match({ _id: 'one' }), ['one']);
  });

  test(`${label}: $ne matches missing fields, and $ne null means present and not null`, async (t) => {
    t.deepEqual(await match({ a: { $ne: 1 } }), ids(TYPED.filter((d) => d._id !== 'one')));
    t.deepEqual(await match({ a: { $ne: null } }), ids(TYPED.filter((d) => d._id !== 'missing' && d._id !== 'null')));
    t.deepEqual(await match({ a: { $ne: true } }), ids(TYPED.filter((d) => d._id !== 'true')));
  });

  test(`${label}: $in matches by type, null in the list matches missing, and an empty list matches nothing`, async (t) => {
    t.deepEqual(await match({ a: { $in: [1, '1', false] } }), ['false', 'one', 'oneText']);
    t.deepEqual(await match({ a: { $in: [null, 0] } }), ['missing', 'null', 'zero']);
    t.deepEqual(await match({ a: { $in: [] } }), []);
    t.deepEqual(await match({ _id: { $in: ['one', 'zero', 'nope'] } }), ['one', 'zero']);
  });

  test(`${label}: range operators compare numbers with numbers and strings with strings only`, async (t) => {
    t.deepEqual(await match({ a: { $gt: 0 } }), ['one', 'oneFloat']);
    t.deepEqual(await match({ a: { $gte: 0 } }), ['one', 'oneFloat', 'zero']);
    t.deepEqual(await match({ a: { $lt: 1.5 } }), ['one', 'zero']);
    t.deepEqual(await match({ a: { $lte: 1.5, $gt: 0 } }), ['one', 'oneFloat']);
    t.deepEqual(await match({ a: { $gte: '' } }), ['objectText', 'oneText']);
    t.deepEqual(await match({ a: { $lt: '2' } }), ['oneText']);
    t.deepEqual(await match({ _id: { $gte: 'one', $lt: 'oneZ' } }), ['one', 'oneFloat', 'oneText']);
  });

  test(`${label}: $exists true means present and not null, false means missing or null`, async (t) => {
    t.deepEqual(await match({ a: { $exists: false } }), ['missing', 'null']);
    t.deepEqual(await match({ a: { $exists: true } }), ids(TYPED.filter((d) => d._id !== 'missing' && d._id !== 'null')));
    t.deepEqual(await match({ a: { $exists: true, $ne: 1 } }), ids(TYPED.filter((d) => !['missing', 'null', 'one'].includes(d._id))));
  });

  test(`${label}: $or and $and combine nested filters`, async (t) => {
    t.deepEqual(await match({ $or: [{ a: 1 }, { a: true }, { _id: 'zero' }] }), ['one', 'true', 'zero']);
    t.deepEqual(await match({ $and: [{ a: { $gte: 0 } }, { $or: [{ a: 0 }, { a: 1.5 }] }] }), ['oneFloat', 'zero']);
    t.deepEqual(await match({ a: { $gt: 0 }, $or: [{ _id: 'one' }, { _id: 'zero' }] }), ['one']);
  });

  test(`${label}: dotted paths filter and sort on nested fields`, async (t) => {
    const docs: Item[] = [
      { _id: 'x', meta: { score: 3, tag: 'b' } },
      { _id: 'y', meta: { score: 1, tag: 'a' } },
      { _id: 'z', meta: {} },
      { _id: 'w' },
    ];
    const c = await seeded(docs);
    t.deepEqual(ids(await c.find({ 'meta.score': { $gte: 1 } })), ['x', 'y']);
    t.deepEqual(ids(await c.find({ 'meta.tag': null })), ['w', 'z']);
    t.deepEqual((await c.find({}, { sort: [['meta.score', -1]] })).map((d) => d._id), ['x', 'y', 'w', 'z']);
  });

  test(`${label}: sort orders missing/null first, numbers numerically, then strings by UTF-8 bytes, ties by _id`, async (t) => {
    const values: unknown[] = [10, 9, 2.5, -1, 100, 1e21, 'b', 'a', 'B', 'é', '10', null, undefined, 9];
    const docs = values.map((n, i) => ({ _id: `d${String(i).padStart(2, '0')}`, ...(n === undefined ? {} : { n }) }));
    const c = await seeded(docs);
    const asc = await c.find({}, { sort: [['n', 1]] });
    t.deepEqual(asc.map((d) => d.n ?? null), [null, null, -1, 2.5, 9, 9, 10, 100, 1e21, '10', 'B', 'a', 'b', 'é']);
    t.deepEqual(asc.map((d) => d._id).slice(0, 6), ['d11', 'd12', 'd03', 'd02', 'd01', 'd13']);
    const desc = (await c.find({}, { sort: [['n', -1]] })).map((d) => d._id);
    t.deepEqual(desc, ['d09', 'd06', 'd07', 'd08', 'd10', 'd05', 'd04', 'd00', 'd01', 'd13', 'd02', 'd03', 'd11', 'd12']);
    const twoKeys = await c.find({ n: { $in: [9, 10, 'a'] } }, { sort: [['n', 1], ['_id', -1]] });
    t.deepEqual(twoKeys.map((d) => d._id), ['d13', 'd01', 'd00', 'd07']);
  });

  test(`${label}: skip and limit page through a sorted result; limit 0 returns nothing`, async (t) => {
    const c = await seeded(Array.from({ length: 25 }, (_, i) => ({ _id: `p${String(i).padStart(2, '0')}`, n: i % 5 })));
    const all = (await c.find({}, { sort: [['n', 1]] })).map((d) => d._id);
    const pages: string[] = [];
    for (let skip = 0; skip < 25; skip += 10) pages.push(...(await c.find({}, { sort: [['n', 1]], skip, limit: 10 })).map((d) => d._id));
    t.deepEqual(pages, all);
    t.deepEqual(all.slice(0, 5), ['p00', 'p05', 'p10', 'p15', 'p20']);
    t.deepEqual(await c.find({}, { limit: 0 }), []);
    t.is((await c.find({}, { skip: 20 })).length, 5);
    t.is((await c.findOne({ n: 4 }, { sort: [['_id', -1]] }))?._id, 'p24');
    t.is(await c.findOne({ n: 99 }), null);
  });

  test(`${label}: count and distinct apply the filter; distinct leaves out missing fields and sorts like MongoDB`, async (t) => {
    const c = await seeded();
    t.is(await c.count(), TYPED.length);
    t.is(await c.count({ a: { $gte: 0 } }), 3);
    t.deepEqual(await c.distinct('a'), [null, 0, 1, 1.5, '1', '{"x":1}', false, true]);
    t.deepEqual(await c.distinct('a', { a: { $in: [0, 1, true] } }), [0, 1, true]);
    t.deepEqual(await c.distinct('_id', { a: null }), ['missing', 'null']);
  });

  test(`${label}: injection-shaped values are stored and matched as plain data`, async (t) => {
    const nasty = ["' OR 1=1 --", '"); DROP TABLE x; --', "$.a') OR ('1'='1", '$gt', '%', '_', '\u0000zero'];
    const c = await seeded(nasty.map((a, i) => ({ _id: `n${i}`, a })));
    for (const [i, a] of nasty.entries()) {
      t.deepEqual(ids(await c.find({ a })), [`n${i}`], a);
      t.is((await c.get(`n${i}`))?.a, a);
    }
    t.is(await c.count(), nasty.length);
    t.is(await c.get("n0' OR '1'='1"), null);
  });

  test(`${label}: unsafe names and unsupported operators reject with InvalidQueryError`, async (t) => {
    const store = await getStore();
    t.throws(() => store.collection("x; DROP TABLE y"), { instanceOf: InvalidQueryError });
    const c = await seeded();
    const bad: unknown[] = [
      { "a') OR 1=1 --": 1 },
      { a: { $regex: '.*' } },
      { $where: 'true' },
      { a: { x: 1 } },
      { a: [1] },
      { $or: [] },
      { a: { $gt: null } },
      { a: { $in: 'x' } },
      { 'a.0': 1 },
    ];
    for (const f of bad) await t.throwsAsync(c.find(f as Filter), { instanceOf: InvalidQueryError }, JSON.stringify(f));
    await t.throwsAsync(c.find({}, { sort: [['a; DROP', 1]] }), { instanceOf: InvalidQueryError });
    await t.throwsAsync(c.find({}, { limit: -1 }), { instanceOf: InvalidQueryError });
    await t.throwsAsync(c.distinct('a)'), { instanceOf: InvalidQueryError });
    t.is(await c.count(), TYPED.length);
  });
}
