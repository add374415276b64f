import { z } from 'zod';
import { VENUE_SLUGS } from '../../../shared/venues/registry.ts';
import { countMeta, dataEnvelope, isoDateTime, uuid } from './common.ts';

const nullableCount = z.number().int().min(0).nullable();

export const platformStatusSchema = z
  .object({
    id: uuid,
    slug: z.enum(VENUE_SLUGS),
    name: z.string(),
    state: z.enum(['ok', 'degraded', 'failing', 'disabled', 'never_synced']),
    last_synced_at: isoDateTime.nullable(),
    last_success_at: isoDateTime.nullable(),
    markets_count: z.number().int().min(0),
    open_markets_count: z.number().int().min(0),
    last_fetch: z.object({ item_count: nullableCount, changed_count: nullableCount, duration_ms: z.number().min(0).nullable() }),
    last_error: z.object({ at: isoDateTime, code: z.string(), message: z.string(), retryable: z.boolean() }).nullable(),
    consecutive_failures: z.number().int().min(0),
    disabled_reason: z.string().nullable(),
    skipped_items_total: z.number().int().min(0),
    schema_drift_warnings: z.array(
      z.object({
        at: isoDateTime,
        item_id: z.string(),
        platform_market_id: z.string(),
        reason: z.string(),
        drift: z.array(z.object({ field: z.string(), expected: z.string(), got: z.string() })),
      }),
    ),
  })
  .meta({ id: 'PlatformStatus' });

export const platformStatusResponse = dataEnvelope(z.array(platformStatusSchema), { meta: countMeta });

const currency = z.enum(['USDC', 'USDT', 'USD', 'MANA', 'WETH']);
const amount = (what: string) => z.number().min(0).nullable().meta({ description: `${what}, in the venue's currency; null when no market reports it` });

/** GET /platforms/{slug}/stats (docs/history.md, "Endpoints"). */
export const platformStatsSchema = z
  .object({
    platform: z.object({ id: uuid, slug: z.enum(VENUE_SLUGS), name: z.string() }),
    currency,
    play_money: z.boolean(),
    markets: z.object({
      total: z.number().int().min(0),
      open: z.number().int().min(0),
      closed: z.number().int().min(0),
      resolved: z.number().int().min(0),
    }),
    volume: z.object({ total: amount('lifetime volume of all markets'), volume_24h: amount('24-hour volume of open markets') }),
    open_markets: z.object({
      count: z.number().int().min(0),
      volume_24h: amount('24-hour volume'),
      volume_total: amount('lifetime volume'),
      liquidity: amount('summed liquidity'),
      average_liquidity: amount('liquidity per reporting market'),
      reporting: z
        .object({ volume_24h: z.number().int().min(0), volume_total: z.number().int().min(0), liquidity: z.number().int().min(0) })
        .meta({ description: 'open markets reporting each figure' }),
    }),
    linked_questions: z.number().int().min(0).meta({ description: 'canonical questions with an open market here and on at least one other venue' }),
    last_synced_at: isoDateTime.nullable(),
    state: platformStatusSchema.shape.state,
    as_of: isoDateTime.nullable().meta({ description: 'fetch time of the latest snapshot counted' }),
  })
  .meta({ id: 'PlatformStats' });

export const platformStatsResponse = dataEnvelope(platformStatsSchema);

/** GET /platforms/{slug}/charts: one point per UTC day, oldest first, ending today. */
export const platformChartsResponse = dataEnvelope(
  z.array(
    z.object({
      date: z.string().meta({ format: 'date' }),
      volume: z.number().min(0).nullable().meta({ description: 'volume traded that UTC day; 0 where Concord watched and nothing traded; null before it first saw the venue and for a venue that publishes no volume' }),
    }),
  ),
  {
    meta: countMeta.extend({
      platform: z.enum(VENUE_SLUGS),
      currency,
      days: z.number().int().min(1),
      from: z.string().meta({ format: 'date' }).nullable(),
      to: z.string().meta({ format: 'date' }).nullable(),
      observed_since: z.string().meta({ format: 'date' }).nullable().meta({ description: 'first day Concord recorded volume for this venue' }),
    }),
  },
);
