import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import type { MarketEvent, MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { VENUES } from '../../shared/venues/registry.ts';
import { marketId } from '../../shared/ids.ts';
import { applyEvent } from '../../projections/applyEvent.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { priceHistoryProjection } from '../../projections/priceHistory/projection.ts';
import { applyPlatformMetrics } from '../../projections/platformMetrics/apply.ts';

/** A normalised binary market with sensible defaults; `key` names it (its venue id). */
export function market(key: string, overrides: Partial<NormalizedMarket> = {}): NormalizedMarket {
  const venue: VenueSlug = overrides.platform_slug ?? 'polymarket';
  const yes = 0.5;
  return {
    id: marketId(venue, key),
    platform_slug: venue,
    platform_market_id: key,
    title: `Market ${key}`,
    slug: key,
    description: null,
    url: null,
    category: 'politics',
    status: 'open',
    end_time: null,
    created_at: null,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: yes },
      { label: 'No', outcome_index: 1, price: 1 - yes },
    ],
    group: null,
    volume24h: null,
    volume_total: null,
    liquidity: null,
    currency: VENUES[venue].currency,
    play_money: VENUES[venue].playMoney,
    fee: { kind: 'unknown', reason: 'test' },
    quoted_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const snapshot = (m: NormalizedMarket, fetchedAt: string): MarketNormalized => ({
  type: 'market_normalized',
  market: { ...m, quoted_at: fetchedAt },
  source: { item_id: m.platform_market_id, content_hash: 'h', fetched_at: fetchedAt },
});

/**
 * Applies MARKETS events in order through the real read models (markets, price history, platform metrics),
 * numbering them like a stream from `firstSeq`.
 */
export function marketsFeed(store: DocumentStore, firstSeq = 1) {
  let seq = firstSeq;
  return {
    get seq() {
      return seq - 1;
    },
    async apply(...events: MarketEvent[]): Promise<void> {
      for (const e of events) {
        await applyEvent(store, marketsProjection, e, seq);
        await applyEvent(store, priceHistoryProjection, e, seq);
        await applyPlatformMetrics(store, e, seq);
        seq++;
      }
    },
  };
}
