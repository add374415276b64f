import type { MarketEvent, MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { addObservation, decodePointsShared, encodePoints, isoToSeconds, type EncodedSeries } from '../../shared/history/series.ts';
import { marketsProjection } from '../markets/projection.ts';
import type { Projection } from '../projection.ts';

/**
 * Per venue market, its Yes-price series as Concord observed it on the MARKETS stream, bounded by the tiers of
 * shared/history/series.ts. Replaying the stream rebuilds it byte for byte: points are bucketed by the
 * snapshot's own time, never the wall clock.
 */
export interface PriceHistoryDoc {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly market_id: string;
  readonly platform_slug: VenueSlug;
  /** Latest observation (unix seconds). */
  readonly latest: number;
  readonly points: EncodedSeries;
  readonly count: number;
}

/** The Yes outcome's price: the outcome labelled Yes, else the first (binary markets are Yes-first). */
export function yesPriceOf(m: NormalizedMarket): number | null {
  const yes = m.outcomes.find((o) => /^yes$/i.test(o.label)) ?? m.outcomes[0];
  return yes?.price ?? null;
}

/** When a snapshot's price was observed: the venue's quote time, but never after it was fetched. */
export function observedAt(event: MarketNormalized): number {
  const quoted = isoToSeconds(event.market.quoted_at);
  const fetched = isoToSeconds(event.source.fetched_at);
  return Number.isFinite(quoted) ? Math.min(quoted, fetched) : fetched;
}

export function evolvePriceHistory(doc: PriceHistoryDoc | null, event: MarketEvent): PriceHistoryDoc | null {
  if (event.type !== 'market_normalized') return doc;
  const price = yesPriceOf(event.market);
  const t = observedAt(event);
  if (price === null || !Number.isFinite(t)) return doc;
  const state = { latest: doc?.latest ?? null, points: decodePointsShared(doc?.points) };
  const next = addObservation(state, t, price);
  if (doc && next === state) return doc;
  // The previous document's id string when it is the same: it is already old, the decoded event's copy dies young.
  const id = doc && doc._id === event.market.id ? doc._id : event.market.id;
  return {
    _id: id,
    market_id: doc && doc.market_id === id ? doc.market_id : id,
    platform_slug: event.market.platform_slug,
    latest: next.latest as number,
    points: encodePoints(next.points),
    count: next.points.length,
  };
}

export const priceHistoryProjection: Projection<MarketEvent, PriceHistoryDoc> = {
  name: 'price_history',
  collection: 'price_history',
  schemaVersion: 1,
  stream: 'markets',
  indexes: [],
  decode: marketsProjection.decode,
  canHandle: (event) => event.type === 'market_normalized',
  keyOf: (event) => (event.type === 'market_normalized' ? event.market.id : event.market_id),
  evolve: evolvePriceHistory,
};
