import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { applyBuffered } from '../../projections/applyBatch.ts';
import { metricReadsOf } from '../../projections/platformMetrics/apply.ts';
import { platformMetricsProjection } from '../../projections/platformMetrics/projection.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { market, snapshot } from '../support/marketEvents.ts';

/**
 * A CustomProjection's `readsOf` lets a batched run read its documents with one getMany per 500 ids
 * (bench/README.md finding 70): the work then sees, for a preloaded id, what a get would have returned, present
 * or absent, and its writes land as before; a run applied with the preload leaves what one without it leaves.
 */
interface Row extends Doc {
  readonly n: number;
}

function counting(store: DocumentStore): { store: DocumentStore; gets: () => number } {
  let gets = 0;
  const wrapped: DocumentStore = {
    ...store,
    collection: <T extends Doc>(name: string) => {
      const c = store.collection<T>(name);
      return { ...c, get: (id: string) => ((gets += 1), c.get(id)) };
    },
  };
  return { store: wrapped, gets: () => gets };
}

test('preloaded ids read as the store had them, with no get per id, and the writes land', async (t) => {
  const raw = openSqliteStore({ file: ':memory:' });
  t.teardown(() => raw.close());
  await raw.collection<Row>('rows').putMany([{ _id: 'a', n: 1 }]);
  const { store, gets } = counting(raw);
  const seen: Array<Row | null> = [];
  await applyBuffered(
    store,
    ['rows'],
    async (view) => {
      const rows = view.collection<Row>('rows');
      seen.push(await rows.get('a'), await rows.get('b'));
      await rows.put({ _id: 'b', n: 2 });
      seen.push(await rows.get('b'));
    },
    new Map([['rows', ['a', 'b']]]),
  );
  t.deepEqual(seen, [{ _id: 'a', n: 1 }, null, { _id: 'b', n: 2 }]);
  t.is(gets(), 0);
  t.deepEqual(await raw.collection<Row>('rows').find({}, { sort: [['_id', 1]] }), [
    { _id: 'a', n: 1 },
    { _id: 'b', n: 2 },
  ]);
});

test('platform metrics applied with their reads preloaded leave what they leave without', async (t) => {
  // Two polls of 60 markets over three venues: the second run's contributions are stored, the first's new.
  const events = [0, 1].flatMap((poll) =>
    Array.from({ length: 60 }, (_, i) =>
      snapshot(market(`m${i}`, { platform_slug: (['polymarket', 'kalshi', 'manifold'] as const)[i % 3], volume24h: 100 * i + poll * 7, volume_total: 1_000 * i + poll * 7 }), `2026-01-0${poll + 1}T00:00:00.000Z`),
    ),
  );
  const run = async (preload: boolean) => {
    const store = openSqliteStore({ file: ':memory:' });
    for (let r = 0; r < 2; r++) {
      const batch = events.slice(r * 60, (r + 1) * 60).map((event, i) => ({ event, seq: r * 60 + i + 1 }));
      const reads = new Map<string, string[]>();
      if (preload) for (const { event } of batch) metricReadsOf(event, (c, id) => reads.set(c, [...(reads.get(c) ?? []), id]));
      await applyBuffered(store, platformMetricsProjection.writeOrder, async (view) => {
        for (const { event, seq } of batch) await platformMetricsProjection.apply(view, event, seq);
      }, preload ? reads : undefined);
    }
    const out: Record<string, unknown> = {};
    for (const c of platformMetricsProjection.collections) out[c.name] = await store.collection(c.name).find({}, { sort: [['_id', 1]] });
    await store.close();
    return out;
  };
  const without = await run(false);
  t.true(Object.values(without).every((docs) => (docs as unknown[]).length > 0));
  t.deepEqual(await run(true), without);
});
