import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService } from '../support/service.ts';
import { startTestNats } from '../support/nats.ts';
import { deleteDurable } from '../../pipeline/streams/provision.ts';
import { projectionDurable } from '../../projections/runProjection.ts';
import { resetProjection } from '../../projections/applyEvent.ts';
import { priceHistoryProjection } from '../../projections/priceHistory/projection.ts';
import { priceBackfillProjection } from '../../projections/priceHistory/backfillProjection.ts';
import { questionHistoryProjection } from '../../projections/questionHistory/projection.ts';
import { platformMetricsProjection, resetPlatformMetrics } from '../../projections/platformMetrics/projection.ts';
import { marketsProjection, type MarketDoc } from '../../projections/markets/projection.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import type { MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import type { StreamConnection } from '../../pipeline/streams/connection.ts';

const ENV = { VENUES: 'limitless,predictfun' };
const COLLECTIONS = ['price_history', 'price_backfill', 'question_history', 'platform_metric_markets', 'platform_totals', 'platform_volume_days', 'markets'];

async function snapshotAll(store: DocumentStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of COLLECTIONS) out[name] = JSON.stringify(await store.collection<Doc>(name).find({}, { sort: [['_id', 1]] }));
  return out;
}

const FIELDS: ReadonlyArray<keyof NormalizedMarket> = [
  'id', 'platform_slug', 'platform_market_id', 'title', 'slug', 'description', 'url', 'category', 'status', 'end_time', 'created_at',
  'outcomes', 'group', 'volume24h', 'volume_total', 'liquidity', 'currency', 'play_money', 'fee', 'quoted_at',
];

/** Later poll cycles of the same markets: prices and lifetime volumes move, minutes to days apart. */
async function publishLaterSnapshots(conn: StreamConnection, docs: readonly MarketDoc[]): Promise<void> {
  const steps = [5, 65, 8 * 24 * 60];
  for (const doc of docs) {
    const base = Object.fromEntries(FIELDS.map((f) => [f, doc[f]])) as unknown as NormalizedMarket;
    for (const [i, minutes] of steps.entries()) {
      const fetched = new Date(Date.parse(doc.updated_at) + minutes * 60_000).toISOString();
      const yes = Math.min(0.95, Math.max(0.05, (base.outcomes[0]?.price ?? 0.5) + 0.01 * (i + 1)));
      const market: NormalizedMarket = {
        ...base,
        quoted_at: fetched,
        outcomes: base.outcomes.map((o, k) => ({ ...o, price: k === 0 ? yes : Math.round((1 - yes) * 1e4) / 1e4 })),
        volume_total: base.volume_total === null ? null : base.volume_total + 100 * (i + 1),
      };
      const event: MarketNormalized = { type: 'market_normalized', market, source: { item_id: doc.platform_market_id, content_hash: `later-${i}`, fetched_at: fetched } };
      await conn.js.publish(subjects.normalized(base.platform_slug), JSON.stringify(event));
    }
  }
}

test('price, index and platform history read models are byte-for-byte the same after redelivery and after a rebuild from the streams', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-history-replay-'));
  const durables = [
    { stream: 'markets' as const, name: priceHistoryProjection.name },
    { stream: 'history' as const, name: priceBackfillProjection.name },
    { stream: 'links' as const, name: questionHistoryProjection.name },
    { stream: 'markets' as const, name: platformMetricsProjection.name },
    { stream: 'markets' as const, name: marketsProjection.name },
  ];
  try {
    let svc = await startTestService(ENV, { nats, dataDir });
    await svc.service.ingestOnce();
    await svc.settle();
    const markets = await svc.service.store.collection<MarketDoc>('markets').find({}, { sort: [['_id', 1]], limit: 12 });
    await publishLaterSnapshots(nats.conn, markets);
    await svc.settle();
    const original = await snapshotAll(svc.service.store);
    const series = await svc.service.store.collection<{ _id: string; count: number }>('price_history').find({ count: { $gte: 3 } });
    t.true(series.length >= 6, `markets with multi-point series: ${series.length}`);
    t.true((await svc.service.store.collection('price_backfill').count()) >= 2, 'Limitless and Predict.fun captures were backfilled through the HISTORY stream');
    t.true((await svc.service.store.collection<{ _id: string; count: number }>('question_history').count({ count: { $gte: 2 } })) >= 1, 'an index series with several points');
    t.true((await svc.service.store.collection('platform_volume_days').count()) >= 1, 'daily volume from the later snapshots');
    await svc.close();

    // Redelivery: every history consumer starts over from the first message into the existing read models.
    for (const d of durables) await deleteDurable(nats.conn.jsm, d.stream, projectionDurable(d.name));
    svc = await startTestService(ENV, { nats, dataDir });
    await svc.settle();
    t.deepEqual(await snapshotAll(svc.service.store), original, 'replaying into the existing read models changes nothing');
    await svc.close();

    // Rebuild: drop the read models and their checkpoints, then replay MARKETS, HISTORY and LINKS.
    svc = await startTestService({ ...ENV, ROLE: 'api' }, { nats, dataDir });
    for (const p of [priceHistoryProjection, priceBackfillProjection, questionHistoryProjection, marketsProjection]) await resetProjection(svc.service.store, p as never);
    await resetPlatformMetrics(svc.service.store);
    t.is(await svc.service.store.collection('price_history').count(), 0);
    await svc.close();
    for (const d of durables) await deleteDurable(nats.conn.jsm, d.stream, projectionDurable(d.name));
    svc = await startTestService(ENV, { nats, dataDir });
    await svc.settle();
    t.deepEqual(await snapshotAll(svc.service.store), original, 'a rebuilt read model equals the original');
    await svc.close();
  } finally {
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
