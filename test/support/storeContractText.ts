import test from 'ava';
import { InvalidQueryError } from '../../shared/ports/documentStore.ts';
import type { Collection, Doc, Filter } from '../../shared/ports/documentStore.ts';
import { freshName, type StoreGetter } from './storeContractQueries.ts';

interface Market extends Doc {
  readonly title?: unknown;
  readonly labels?: unknown;
  readonly venue?: string;
  readonly volume?: number;
}

/** Titles as venues write them: accents, capitals, punctuation, a decomposed (NFD) accent, a non-string title. */
const MARKETS: Market[] = [
  { _id: 'btc150', title: 'Will Bitcoin reach $150,000 by December 31, 2026?', labels: 'Yes No', venue: 'polymarket', volume: 900 },
  { _id: 'btc100', title: 'Bitcoin above $100k on Dec 31?', labels: 'Yes No', venue: 'limitless', volume: 300 },
  { _id: 'eth', title: 'Will Ethereum reach $5,000?', labels: 'Yes No', venue: 'polymarket', volume: 500 },
  { _id: 'zurich', title: 'FC ZÜRICH to win the Swiss Super League?', labels: 'Yes No', venue: 'azuro', volume: 50 },
  { _id: 'nfd', title: 'Pokémon World Championship winner', labels: 'Jose\u0301 Ramírez', venue: 'manifold', volume: 10 },
  { _id: 'labelOnly', title: 'Who wins the 2028 election?', labels: 'Bitcoin maximalist', venue: 'manifold', volume: 2000 },
  { _id: 'bitter', title: 'Bitterness index above 5?', labels: 'Yes No', venue: 'drift', volume: 1 },
  { _id: 'number', title: 150000, labels: 'Bitcoin', venue: 'drift', volume: 7 },
];
const SPEC = { name: 'search', fields: [['title', 3], ['labels', 1]] as const };

export function registerTextContract(label: string, getStore: StoreGetter): void {
  const seeded = async (docs: readonly Market[] = MARKETS): Promise<Collection<Market>> => {
    const c = (await getStore()).collection<Market>(freshName('t'));
    await c.putMany(docs);
    await c.ensureTextIndex({ name: SPEC.name, fields: SPEC.fields.map(([f, w]) => [f, w] as const) });
    return c;
  };
  const ids = async (c: Collection<Market>, filter: Filter): Promise<string[]> => (await c.find(filter)).map((d) => d._id).sort();

  test(`${label}: $text is case- and accent-insensitive, in both directions, on composed and decomposed text`, async (t) => {
    const c = await seeded();
    t.deepEqual(await ids(c, { $text: 'zurich' }), ['zurich']);
    t.deepEqual(await ids(c, { $text: 'ZÜRİCH super' }), ['zurich'], 'accented and capital query words fold too');
    t.deepEqual(await ids(c, { $text: 'pokemon' }), ['nfd']);
    t.deepEqual(await ids(c, { $text: 'jose ramirez' }), ['nfd'], 'NFD "Jose" + combining acute is the word jose');
  });

  test(`${label}: every word must occur as a whole word, only the last as a prefix`, async (t) => {
    const c = await seeded();
    t.deepEqual(await ids(c, { $text: 'bitc' }), ['btc100', 'btc150', 'labelOnly', 'number'], 'prefix of the last word, in any indexed field');
    t.deepEqual(await ids(c, { $text: 'bit' }), ['bitter', 'btc100', 'btc150', 'labelOnly', 'number']);
    t.deepEqual(await ids(c, { $text: 'bitc reach' }), [], 'a word that is not last must be whole: "bitc" is not a word');
    t.deepEqual(await ids(c, { $text: 'bitcoin reach' }), ['btc150'], 'all words must occur');
    t.deepEqual(await ids(c, { $text: '150' }), ['btc150'], '"$150,000" holds the word 150; a number field is not text');
    t.deepEqual(await ids(c, { $text: 'will' }), ['btc150', 'eth'], '"wins" does not start with "will"');
    t.is(await c.count({ $text: 'bitcoin' }), 4);
  });

  test(`${label}: relevance ranks whole-word title matches over prefixes and label-only matches, ties by the next sort key`, async (t) => {
    const c = await seeded();
    // Scores by hand (title weight 3, labels weight 1; whole word 2x weight, prefix 1x):
    // "bitcoin": btc150, btc100 title whole 6; labelOnly, number label whole 2.
    const ranked = await c.find({ $text: 'bitcoin' }, { sort: [['$score', -1], ['volume', -1]] });
    t.deepEqual(
      ranked.map((d) => d._id),
      ['btc150', 'btc100', 'labelOnly', 'number'],
    );
    // "bitc" (prefix only): title prefix 3 for btc150/btc100, label prefix 1 for labelOnly/number.
    t.deepEqual((await c.find({ $text: 'bitc', $score: { $gte: 3 } }, { sort: [['$score', -1], ['volume', -1]] })).map((d) => d._id), ['btc150', 'btc100']);
    // "yes bit": "yes" whole in labels (2) + "bit" prefix in title (3) = 5 for btc*/bitter; labelOnly has no "yes".
    const mixed = await c.find({ $text: 'yes bit' }, { sort: [['$score', -1], ['volume', 1]] });
    t.deepEqual(mixed.map((d) => d._id), ['bitter', 'btc100', 'btc150']);
    t.deepEqual((await c.find({ $text: 'yes bit', $score: 5 })).map((d) => d._id).sort(), ['bitter', 'btc100', 'btc150']);
  });

  test(`${label}: $text combines with any filter, sort, skip and limit, and $score with keyset conditions`, async (t) => {
    const c = await seeded();
    t.deepEqual(await ids(c, { $text: 'bitcoin', venue: 'polymarket' }), ['btc150']);
    t.deepEqual(await ids(c, { $text: 'bitcoin', volume: { $gte: 300 } }), ['btc100', 'btc150', 'labelOnly']);
    const byVolume = await c.find({ $text: 'bitc' }, { sort: [['volume', -1]], skip: 1, limit: 2 });
    t.deepEqual(byVolume.map((d) => d._id), ['btc150', 'btc100']);
    // Keyset after (score 6, volume 900): the next page under [$score desc, volume desc].
    const after = await c.find(
      { $text: 'bitcoin', $or: [{ $score: { $lt: 6 } }, { $score: 6, volume: { $lt: 900 } }] },
      { sort: [['$score', -1], ['volume', -1]] },
    );
    t.deepEqual(after.map((d) => d._id), ['btc100', 'labelOnly', 'number']);
    t.is((await c.findOne({ $text: 'ethereum' }))?._id, 'eth');
    t.is(await c.count({ $text: 'bitcoin', $score: { $gt: 2 } }), 2);
  });

  test(`${label}: the text index follows inserts, updates and deletes, and indexes documents stored before it`, async (t) => {
    const c = await seeded();
    await c.put({ _id: 'new', title: 'Will Solana flip Ethereum?', labels: 'Yes No', venue: 'drift', volume: 3 });
    t.deepEqual(await ids(c, { $text: 'solana' }), ['new']);
    await c.updateOne({ _id: 'new' }, { $set: { title: 'Will Cardano flip Ethereum?' } });
    t.deepEqual(await ids(c, { $text: 'solana' }), []);
    t.deepEqual(await ids(c, { $text: 'cardano' }), ['new']);
    await c.updateOne({ _id: 'new' }, { $set: { volume: 4 } });
    t.deepEqual(await ids(c, { $text: 'cardano' }), ['new'], 'an update that leaves the text alone keeps it found');
    await c.delete('new');
    t.deepEqual(await ids(c, { $text: 'cardano' }), []);
    await c.clear();
    t.deepEqual(await ids(c, { $text: 'bitcoin' }), []);
  });

  test(`${label}: a changed text index definition replaces the old one`, async (t) => {
    const c = await seeded();
    await c.ensureTextIndex({ name: 'search', fields: [['labels', 2]] });
    t.deepEqual(await ids(c, { $text: 'bitcoin' }), ['labelOnly', 'number'], 'titles are no longer indexed');
    await c.ensureTextIndex({ name: 'search', fields: [['labels', 2]] });
    t.deepEqual(await ids(c, { $text: 'maximalist' }), ['labelOnly']);
  });

  test(`${label}: $text and $score are refused where they cannot work`, async (t) => {
    const store = await getStore();
    const plain = store.collection<Market>(freshName('t'));
    await plain.put({ _id: 'a', title: 'Bitcoin' });
    await t.throwsAsync(plain.find({ $text: 'bitcoin' }), { instanceOf: InvalidQueryError, message: /text index/ });
    const c = await seeded();
    await t.throwsAsync(c.find({ $score: { $gt: 1 } }), { instanceOf: InvalidQueryError });
    await t.throwsAsync(c.find({ venue: 'drift' }, { sort: [['$score', -1]] }), { instanceOf: InvalidQueryError });
    await t.throwsAsync(c.find({ $text: '?!' }), { instanceOf: InvalidQueryError, message: /no words/ });
    await t.throwsAsync(c.updateMany({ $text: 'bitcoin' }, { $set: { x: 1 } }), { instanceOf: InvalidQueryError });
    await t.throwsAsync(c.find({ $or: [{ $text: 'bitcoin' } as Filter] }), { instanceOf: InvalidQueryError });
    await t.throwsAsync(c.ensureTextIndex({ name: 'bad', fields: [['title', 0]] }), { instanceOf: InvalidQueryError });
    await t.throwsAsync(c.ensureTextIndex({ name: 'bad', fields: [] }), { instanceOf: InvalidQueryError });
  });
}
