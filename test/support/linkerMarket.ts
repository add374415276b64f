import type { MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { marketId } from '../../shared/ids.ts';

/** An open binary crypto market ending at the close of 2026, the shape the linker tests feed it. */
export function linkerMarket(venue: VenueSlug, id: string, title: string, yes: number, volume24h = 1000): NormalizedMarket {
  return {
    id: marketId(venue, id),
    platform_slug: venue,
    platform_market_id: id,
    title,
    slug: id,
    description: null,
    url: null,
    category: 'crypto',
    status: 'open',
    end_time: '2026-12-31T23:59:00.000Z',
    created_at: null,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: yes },
      { label: 'No', outcome_index: 1, price: Math.round((1 - yes) * 100) / 100 },
    ],
    group: null,
    volume24h,
    volume_total: null,
    liquidity: null,
    currency: 'USDC',
    play_money: false,
    fee: { kind: 'unknown', reason: 'test' },
    quoted_at: '2026-11-01T00:00:00.000Z',
  };
}

/** The MARKETS event of a normalised market as the linker consumes it, fetched at `at`. */
export function linkerEvent(m: NormalizedMarket, at = '2026-11-01T00:00:00.000Z'): MarketNormalized {
  return { type: 'market_normalized', market: m, source: { item_id: m.platform_market_id, content_hash: 'h', fetched_at: at } };
}
