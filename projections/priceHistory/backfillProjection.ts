import { z } from 'zod';
import type { MarketHistoryBackfilled } from '../../shared/events.ts';
import { VENUE_SLUGS, type VenueSlug } from '../../shared/venues/registry.ts';
import { encodePoints, type EncodedSeries, type Point } from '../../shared/history/series.ts';
import type { Projection } from '../projection.ts';

/**
 * Per venue market, the history its venue published when Concord first saw it (HISTORY stream). Kept apart
 * from the observed series so each is a deterministic function of its own stream; queries merge the two
 * (observed points win, backfill fills the time before the first observation).
 */
export interface PriceBackfillDoc {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly market_id: string;
  readonly platform_slug: VenueSlug;
  readonly fetched_at: string;
  readonly source: string;
  readonly points: EncodedSeries;
  readonly count: number;
}

const point = z.tuple([z.number().int().nonnegative(), z.number().min(0).max(1)]);
export const backfillEventSchema = z.object({
  type: z.literal('market_history_backfilled'),
  market_id: z.string().min(1),
  venue: z.enum(VENUE_SLUGS),
  platform_market_id: z.string(),
  fetched_at: z.string(),
  source: z.string(),
  points: z.array(point).max(20_000),
});

export function evolveBackfill(_doc: PriceBackfillDoc | null, event: MarketHistoryBackfilled): PriceBackfillDoc | null {
  // Points arrive ascending from the venue module; sort defensively so the stored form is canonical.
  const points = [...event.points].sort((a, b) => a[0] - b[0]) as Point[];
  return {
    _id: event.market_id,
    market_id: event.market_id,
    platform_slug: event.venue,
    fetched_at: event.fetched_at,
    source: event.source,
    points: encodePoints(points),
    count: points.length,
  };
}

export const priceBackfillProjection: Projection<MarketHistoryBackfilled, PriceBackfillDoc> = {
  name: 'price_backfill',
  collection: 'price_backfill',
  schemaVersion: 1,
  stream: 'history',
  indexes: [],
  decode: (value) => {
    const parsed = backfillEventSchema.safeParse(value);
    return parsed.success
      ? { ok: true, event: parsed.data as MarketHistoryBackfilled }
      : { ok: false, reason: `invalid history backfill event: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` };
  },
  canHandle: () => true,
  keyOf: (event) => event.market_id,
  evolve: evolveBackfill,
};
