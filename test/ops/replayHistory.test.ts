import test from 'ava';
import { startTestService } from '../support/service.ts';
import { silentLog } from '../support/nats.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import type { MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { MarketDoc } from '../../projections/markets/projection.ts';
import { replay } from '../../pipeline/ops/replay.ts';
import { holdProjections } from '../../pipeline/ops/projectionControl.ts';
import { allReplayables, rebuildName } from '../../pipeline/ops/replayables.ts';
import { platformMetricsProjection } from '../../projections/platformMetrics/projection.ts';
import { differingModels, liveRunOracle, READ_MODEL_COLLECTIONS, readModelCounts, readModelSnapshot } from './readModels.ts';

/**
 * The venues with both a history capability and order books: every history and arbitrage read model fills. The
 * scanner's timers are held off for the test's length: it scans when told, so ARB only moves when the test says.
 */
const ENV = { VENUES: 'polymarket,limitless,predictfun,kalshi', ARB_SCAN_INTERVAL_SECONDS: '3600', ARB_FULL_SCAN_SECONDS: '86400' };
const FIELDS: ReadonlyArray<keyof NormalizedMarket> = [
  'id', 'platform_slug', 'platform_market_id', 'title', 'slug', 'description', 'url', 'category', 'status', 'end_time', 'created_at',
  'outcomes', 'group', 'volume24h', 'volume_total', 'liquidity', 'currency', 'play_money', 'fee', 'quoted_at',
];

test('npm run replay rebuilds the history, platform-metrics and arbitrage read models beside the live ones, equal document by document', async (t) => {
  const svc = await startTestService(ENV);
  try {
    await svc.service.ingestOnce();
    await svc.settle();
    await svc.service.scanner!.scanNow(true);
    await svc.settle();
    // Later poll cycles of some markets (minutes to days apart): multi-point price series and daily volumes.
    const docs = await svc.service.store.collection<MarketDoc>('markets').find({}, { sort: [['_id', 1]], limit: 10 });
    for (const doc of docs) {
      const base = Object.fromEntries(FIELDS.map((f) => [f, doc[f]])) as unknown as NormalizedMarket;
      for (const [i, minutes] of [7, 70, 3 * 24 * 60].entries()) {
        const fetched = new Date(Date.parse(doc.updated_at) + minutes * 60_000).toISOString();
        const yes = Math.min(0.95, Math.max(0.05, (base.outcomes[0]?.price ?? 0.5) - 0.02 * (i + 1)));
        const market: NormalizedMarket = {
          ...base,
          quoted_at: fetched,
          outcomes: base.outcomes.map((o, k) => ({ ...o, price: k === 0 ? yes : Math.round((1 - yes) * 1e4) / 1e4 })),
          volume_total: base.volume_total === null ? null : base.volume_total + 50 * (i + 1),
        };
        const event: MarketNormalized = { type: 'market_normalized', market, source: { item_id: doc.platform_market_id, content_hash: `replay-${i}`, fetched_at: fetched } };
        await svc.nats.conn.js.publish(subjects.normalized(base.platform_slug), JSON.stringify(event));
      }
    }
    await svc.settle();

    const live = await readModelSnapshot(svc.service.store);
    const counts = await readModelCounts(svc.service.store);
    for (const name of ['price_history', 'question_history', 'platform_metric_markets', 'platform_totals', 'platform_volume_days', 'arbitrage_opportunities', 'arbitrage_stats']) {
      t.true((counts[name] ?? 0) > 0, `${name} has documents: ${JSON.stringify(counts)}`);
    }
    t.true((counts.price_backfill ?? 0) >= 4, `venue histories backfilled through HISTORY (Polymarket, Limitless, Predict.fun, Kalshi): ${counts.price_backfill}`);
    t.true((await svc.service.store.collection('price_history').count({ count: { $gte: 3 } })) >= 5, 'several multi-point series');
    const oracle = await liveRunOracle(svc.nats.conn);
    t.deepEqual(differingModels(await readModelSnapshot(oracle), live), {}, 'the live service and the one-at-a-time oracle agree to begin with');

    // Replay pauses a read model's live writers for the swap: the multi-document platform metrics answer too.
    const hold = await holdProjections(svc.nats.conn.nc, [platformMetricsProjection.name], 'replayHistory test');
    t.is(hold.confirmed.get(platformMetricsProjection.name), 1, 'the running service paused its platform-metrics consumer');
    await hold.release();

    const replayables = allReplayables();
    t.true(replayables.some((r) => r.name === platformMetricsProjection.name), 'the multi-document platform metrics are replayable');
    const summary = await replay({ conn: svc.nats.conn, log: silentLog, replayables, store: svc.service.store, start: null, dryRun: false, live: true });
    t.true(summary.projections.every((p) => p.swapped), 'every read model was swapped in');
    const metrics = summary.projections.find((p) => p.name === platformMetricsProjection.name);
    t.deepEqual(metrics?.collections, platformMetricsProjection.collections.map((c) => `${rebuildName(c.name)} -> ${c.name}`));
    t.true((metrics?.applied ?? 0) > 0);
    t.true(summary.streams.filter((s) => ['MARKETS', 'LINKS', 'HISTORY', 'ARB'].includes(s.stream)).every((s) => s.paused_processes === 1), 'the running service paused for each swap');
    t.deepEqual(differingModels(await readModelSnapshot(svc.service.store), live), {}, 'rebuilt read models equal the live ones, series by series');
    for (const name of READ_MODEL_COLLECTIONS) t.is(await svc.service.store.collection(rebuildName(name)).count(), 0, `${rebuildName(name)} is gone after the swap`);

    // The live projections, platform metrics among them, carry on after the swap.
    const doc = docs[0] as MarketDoc;
    const later = new Date(Date.parse(doc.updated_at) + 4 * 24 * 3_600_000).toISOString();
    const base = Object.fromEntries(FIELDS.map((f) => [f, doc[f]])) as unknown as NormalizedMarket;
    const event: MarketNormalized = {
      type: 'market_normalized',
      market: { ...base, quoted_at: later, volume_total: base.volume_total === null ? null : base.volume_total + 1_000 },
      source: { item_id: doc.platform_market_id, content_hash: 'after-replay', fetched_at: later },
    };
    await svc.nats.conn.js.publish(subjects.normalized(base.platform_slug), JSON.stringify(event));
    await svc.settle();
    t.deepEqual(differingModels(await readModelSnapshot(svc.service.store), await readModelSnapshot(await liveRunOracle(svc.nats.conn))), {});
    await oracle.close();
  } finally {
    await svc.close();
  }
});
