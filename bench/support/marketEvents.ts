import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import type { MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { applyEndTimeRule } from '../../shared/markets/endTimeRule.ts';
import { normalizedMarketSchema } from '../../shared/types/marketSchema.ts';
import { buildCatalogue } from './catalogue.ts';

/** Distinct normalised markets of every venue, parsed from the recorded-shape catalogue by each venue's parser. */
export async function catalogueMarkets(count: number, fetchedAt = new Date().toISOString()): Promise<NormalizedMarket[]> {
  const cat = await buildCatalogue(count, fetchedAt);
  const out: NormalizedMarket[] = [];
  for (const t of cat.ticks) {
    for (const m of VENUE_MODULES[t.venue]!.parse({ id: t.item_id, payload: t.payload }, { fetchedAt }).markets) {
      const market = applyEndTimeRule(m, fetchedAt);
      if (normalizedMarketSchema.safeParse(market).success) out.push(market);
    }
  }
  return out.slice(0, count);
}

/** Round the price like a venue quote (4 decimals) within [0.01, 0.99]. */
const quote = (p: number): number => Math.round(Math.min(0.99, Math.max(0.01, p)) * 10_000) / 10_000;

/**
 * Snapshot `k` of a market, `stepMs` after the previous one: prices walk a little (deterministically), volumes
 * grow, as consecutive polls of a live venue would show.
 */
export function snapshotOf(m: NormalizedMarket, k: number, startMs: number, stepMs: number): MarketNormalized {
  const at = new Date(startMs + k * stepMs).toISOString();
  const drift = Math.sin(k * 0.7 + m.id.charCodeAt(0)) * 0.02;
  const outcomes = m.outcomes.map((o) => ({ ...o, price: o.price === null ? null : quote(o.price + drift) }));
  const grow = (v: number | null) => (v === null ? null : Math.round(v * (1 + k * 0.001) * 100) / 100);
  return {
    type: 'market_normalized',
    market: { ...m, outcomes, volume24h: grow(m.volume24h), volume_total: grow(m.volume_total), quoted_at: at },
    source: { item_id: m.platform_market_id, content_hash: `h${k}`, fetched_at: at },
  };
}
