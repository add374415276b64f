import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { compareUtf8, createKeyIndex, KEYED_CANDIDATES, LINKER_KEYS } from '../../pipeline/matching/linker/keyIndex.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { rng } from '../support/seededRandom.ts';

/** The same SQLite store, seen as another kind: the key index then writes every filing at once, as it always did. */
const filedAtOnce = (store: DocumentStore): DocumentStore =>
  new Proxy(store, { get: (t, p, r) => (p === 'kind' ? 'mongodb' : (Reflect.get(t, p, r) as unknown)) });

const allRows = async (store: DocumentStore) => JSON.stringify(await store.collection<Doc>(LINKER_KEYS).find({}, { sort: [['_id', 1]] }));

test('compareUtf8 orders strings as their UTF-8 bytes do (SQLite BINARY)', (t) => {
  const pool = ['a', 'b', 'a b', 'ab', '\u241f', 'é', '\ue000', '\uffff', '\u{1f600}', '\u{10000}', 'z\u{1f600}', 'z\uff01', ''];
  for (const a of pool) {
    for (const b of pool) {
      t.is(Math.sign(compareUtf8(a, b)), Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))), `${a} / ${b}`);
    }
  }
});

test("a run's filings written at its end answer every lookup as filings written at once do", async (t) => {
  const next = rng(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  // Few keys and many markets, so lookups meet the KEYED_CANDIDATES limit, and re-filed markets hide rows past it.
  const keyPool = ['k:a', 'k:b', 'k:a b', 'k:\u00e9', 'k:\u{1f600}', 'k:\uff01', 'k:z', 'k:y'];
  const venues = ['polymarket', 'kalshi', 'manifold'];
  const markets = Array.from({ length: 400 }, (_, i) => ({ id: `m${(i * 7919) % 400}-${i % 3 === 0 ? '\u00e9' : 'x'}`, venue: pick(venues) }));
  const deferredStore = openSqliteStore({ file: ':memory:' });
  const onceStore = openSqliteStore({ file: ':memory:' });
  t.teardown(async () => {
    await deferredStore.close();
    await onceStore.close();
  });
  const deferred = createKeyIndex(deferredStore);
  const once = createKeyIndex(filedAtOnce(onceStore));
  let lookups = 0;
  let full = 0;
  // The store holds ~600 rows before the runs start, ~75 a key: most lookups meet the limit.
  for (const m of markets) {
    const own = Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(keyPool));
    await deferred.file(m.id, m.venue, own);
    await once.file(m.id, m.venue, own);
  }
  await deferred.flush();
  for (let run = 0; run < 12; run++) {
    for (let step = 0; step < 60; step++) {
      if (next() < 0.45) {
        const m = pick(markets);
        const own = Array.from({ length: Math.floor(next() * 4) }, () => pick(keyPool));
        await deferred.file(m.id, m.venue, own);
        await once.file(m.id, m.venue, own);
      } else {
        const probe = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(keyPool));
        const venue = pick(venues);
        const want = await once.lookup(probe, venue);
        t.deepEqual(await deferred.lookup(probe, venue), want, `run ${run} step ${step}`);
        lookups++;
        if (want.length >= KEYED_CANDIDATES / 2) full++;
      }
    }
    if (run === 5) deferred.discard();
    else await deferred.flush();
    // A discarded run wrote nothing: the store falls behind the other, so both are brought level by filing again.
    if (run === 5) {
      const rows = await onceStore.collection<{ _id: string; key: string; market_id: string; venue: string }>(LINKER_KEYS).find({});
      const byMarket = new Map<string, { venue: string; keys: string[] }>();
      for (const r of rows) {
        const e = byMarket.get(r.market_id) ?? { venue: r.venue, keys: [] };
        e.keys.push(r.key);
        byMarket.set(r.market_id, e);
      }
      for (const m of markets) await deferred.file(m.id, m.venue, byMarket.get(m.id)?.keys ?? []);
      await deferred.flush();
    }
    t.is(await allRows(deferredStore), await allRows(onceStore), `run ${run}`);
  }
  t.true(lookups > 300);
  t.true(full > 20, `lookups near the limit: ${full}`);
});
