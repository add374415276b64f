import { z } from 'zod';
import { normalizedMarketSchema } from '../../../shared/types/marketSchema.ts';
import { countMeta, dataEnvelope, isoDateTime, uuid } from './common.ts';

const windowVolume = z
  .object({
    volume: z.number().nullable().meta({ description: "volume in the venue's currency; null when the venue publishes none" }),
    complete: z.boolean().meta({ description: 'false while the kept snapshots do not reach back to the window start: the volume is then a lower bound' }),
  })
  .meta({ id: 'WindowVolume' });

/** Rolling window volumes of a market (docs/history.md, "Window volumes"). */
export const volumeWindowsSchema = z
  .object({
    basis: z.enum(['lifetime', 'rolling_24h', 'none']).meta({ description: 'what the venue reports and the windows are computed from' }),
    '24h': windowVolume,
    '7d': windowVolume,
    '30d': windowVolume,
    all: windowVolume,
    previous_24h: windowVolume, // the 24 hours before the last 24 hours
  })
  .meta({ id: 'VolumeWindows' });

/** A venue market as `marketView` serves it: the normalised market plus its venue and freshness. */
export const marketSchema = normalizedMarketSchema
  .extend({
    id: uuid,
    end_time: isoDateTime.nullable().meta({ description: 'null for perpetual or undated markets' }),
    created_at: isoDateTime.nullable(),
    quoted_at: isoDateTime.meta({ description: 'when the prices were observed' }),
    volume24h: z.number().nullable().meta({ description: "24-hour volume in the venue's currency; null when the venue does not publish it" }),
    volume_total: z.number().nullable(),
    volume_windows: volumeWindowsSchema.nullable().meta({ description: 'null only for markets stored before window volumes existed' }),
    liquidity: z.number().nullable(),
    platform_id: uuid,
    platform_name: z.string(),
    updated_at: isoDateTime.meta({ description: 'fetch time of the snapshot shown' }),
    delisted_at: isoDateTime.nullable().meta({ description: "when the venue's open listing stopped returning the market" }),
  })
  .meta({ id: 'Market' });

export const marketListResponse = dataEnvelope(z.array(marketSchema), {
  meta: countMeta.extend({
    limit: z.number().int().min(1).max(200),
    sort: z.string(),
    window: z.string(),
    next_cursor: z.string().nullable().meta({ description: 'pass as `cursor` for the next page; null on the last page' }),
  }),
});

export const marketResponse = dataEnvelope(marketSchema);

/** GET /markets/trending: markets with their rank (1 = highest 24-hour volume). */
export const trendingResponse = dataEnvelope(z.array(marketSchema.extend({ rank: z.number().int().min(1) })), {
  meta: countMeta.extend({ limit: z.number().int().min(1).max(200), ranking: z.literal('volume_24h') }),
});

/** GET /markets/sparklines: market id → Yes prices at fixed spacing, oldest first; null before the first known price. */
export const sparklinesResponse = dataEnvelope(
  z.record(uuid, z.array(z.number().min(0).max(1).nullable())).meta({ description: 'market UUID → `meta.points` Yes prices (0-1), `meta.spacing_seconds` apart, oldest first; null before the first observation' }),
  {
    meta: countMeta.extend({
      points: z.number().int().min(1),
      spacing_seconds: z.number().int().min(1),
      from: isoDateTime.meta({ description: 'time of the first point' }),
      to: isoDateTime.meta({ description: 'time of the last point (the latest 5-minute boundary)' }),
      unknown_ids: z.array(uuid).meta({ description: 'requested ids that name no market' }),
    }),
  },
);
