import { z } from 'zod';
import { normalizedMarketSchema } from '../../../shared/types/marketSchema.ts';
import { countMeta, dataEnvelope, isoDateTime, uuid } from './common.ts';

/** A venue market as `marketView` serves it: the normalised market plus its venue and freshness. */
export const marketSchema = normalizedMarketSchema
  .extend({
    id: uuid,
    end_time: isoDateTime.nullable().meta({ description: 'null for perpetual or undated markets' }),
    created_at: isoDateTime.nullable(),
    quoted_at: isoDateTime.meta({ description: 'when the prices were observed' }),
    volume24h: z.number().nullable().meta({ description: "24-hour volume in the venue's currency; null when the venue does not publish it" }),
    volume_total: z.number().nullable(),
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
