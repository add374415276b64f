import { z } from 'zod';
import type { MarketEvent, MarketNormalized } from '../../shared/events.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { normalizedMarketSchema } from '../../shared/types/marketSchema.ts';
import { VENUES } from '../../shared/venues/registry.ts';
import type { Projection } from '../projection.ts';

/** Sort keys kept numeric and non-null so keyset pagination is total. */
export interface MarketSortKeys {
  readonly volume_24h: number;
  readonly volume_all: number;
  readonly liquidity: number;
  readonly newest: number;
  readonly ending_soon: number;
}

/** The markets read model: the normalised market plus platform info and first-seen time. */
export interface MarketDoc extends NormalizedMarket {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly platform_id: string;
  readonly platform_name: string;
  /** Fetch time of the first snapshot seen for this market. */
  readonly first_seen_at: string;
  /** Fetch time of the snapshot this document reflects. */
  readonly updated_at: string;
  readonly _sort: MarketSortKeys;
  /** When the venue's open listing stopped returning the market (it then reads as closed). */
  readonly delisted_at?: string;
}

/** Far-future stand-in so undated markets sort last by ending_soon. */
export const NO_END = 8.64e15;

const eventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('market_normalized'),
    market: normalizedMarketSchema,
    source: z.object({ item_id: z.string(), content_hash: z.string(), fetched_at: z.string() }),
  }),
  z.object({ type: z.literal('market_delisted'), market_id: z.string(), venue: z.enum(VENUE_SLUGS), item_id: z.string(), at: z.string() }),
]);

/** Applies any MARKETS event: a snapshot, or the venue no longer listing the market. */
export function evolveMarketEvent(doc: MarketDoc | null, event: MarketEvent): MarketDoc | null {
  if (event.type === 'market_normalized') return evolveMarket(doc, event);
  if (!doc || event.at < doc.updated_at) return doc;
  return { ...doc, status: doc.status === 'open' ? 'closed' : doc.status, delisted_at: event.at, updated_at: event.at };
}

export function evolveMarket(doc: MarketDoc | null, event: MarketNormalized): MarketDoc {
  // Workers publish in parallel, so under a backlog an older snapshot can land after a newer one.
  if (doc && event.source.fetched_at < doc.updated_at) return doc;
  const m = event.market;
  const venue = VENUES[m.platform_slug];
  const firstSeen = doc?.first_seen_at ?? event.source.fetched_at;
  return {
    ...m,
    _id: m.id,
    platform_id: venue.id,
    platform_name: venue.name,
    first_seen_at: firstSeen,
    updated_at: event.source.fetched_at,
    _sort: {
      volume_24h: m.volume24h ?? -1,
      volume_all: m.volume_total ?? -1,
      liquidity: m.liquidity ?? -1,
      newest: Date.parse(m.created_at ?? firstSeen),
      ending_soon: m.end_time ? Date.parse(m.end_time) : NO_END,
    },
  };
}

export const marketsProjection: Projection<MarketEvent, MarketDoc> = {
  name: 'markets',
  collection: 'markets',
  schemaVersion: 1,
  stream: 'markets',
  indexes: [
    { name: 'by_volume', fields: [['_sort.volume_24h', -1], ['_id', 1]] },
    { name: 'by_platform_volume', fields: [['platform_slug', 1], ['_sort.volume_24h', -1], ['_id', 1]] },
    { name: 'by_category_volume', fields: [['category', 1], ['_sort.volume_24h', -1], ['_id', 1]] },
    { name: 'by_liquidity', fields: [['_sort.liquidity', -1], ['_id', 1]] },
    { name: 'by_newest', fields: [['_sort.newest', -1], ['_id', 1]] },
    { name: 'by_ending', fields: [['_sort.ending_soon', 1], ['_id', 1]] },
  ],
  decode: (value) => {
    const parsed = eventSchema.safeParse(value);
    return parsed.success
      ? { ok: true, event: parsed.data as MarketEvent }
      : { ok: false, reason: `invalid market_normalized event: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` };
  },
  canHandle: () => true,
  keyOf: (event) => (event.type === 'market_normalized' ? event.market.id : event.market_id),
  evolve: evolveMarketEvent,
};
