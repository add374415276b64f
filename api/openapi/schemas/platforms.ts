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
