import type { MarketEvent } from '../../shared/events.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { marketsProjection } from '../markets/projection.ts';
import type { CustomProjection } from '../projection.ts';
import { applyPlatformMetrics, applyPlatformMetricsHeld, METRIC_MARKETS, metricReadsOf, PLATFORM_DAYS, PLATFORM_TOTALS } from './apply.ts';

/** Per-venue counts, volume totals and daily traded volume, from the MARKETS stream (docs/history.md). */
export const platformMetricsProjection: CustomProjection<MarketEvent> = {
  name: 'platform_metrics',
  stream: 'markets',
  collections: [
    { name: METRIC_MARKETS, indexes: [] },
    { name: PLATFORM_TOTALS, indexes: [] },
    { name: PLATFORM_DAYS, indexes: [{ name: 'by_platform_day', fields: [['platform_slug', 1], ['day', 1]] }] },
  ],
  writeOrder: [PLATFORM_TOTALS, PLATFORM_DAYS, METRIC_MARKETS],
  decode: marketsProjection.decode,
  apply: applyPlatformMetrics,
  applyHeld: applyPlatformMetricsHeld,
  readsOf: metricReadsOf,
};

/** Drops the read model so a replay rebuilds it (the durable must be deleted too). */
export async function resetPlatformMetrics(store: DocumentStore): Promise<void> {
  for (const c of platformMetricsProjection.collections) await store.collection(c.name).clear();
}
