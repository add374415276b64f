import { z } from 'zod';
import { countMeta, dataEnvelope, isoDateTime, message, offsetPageMeta, uuid } from './common.ts';
import { GRANULARITIES } from '../../../projections/usage/periods.ts';

export const apiKeySchema = z
  .object({
    id: uuid,
    name: z.string(),
    key_prefix: z.string().meta({ description: 'first 12 characters of the key: all that is shown after creation' }),
    permissions: z.string().meta({ description: 'JSON-encoded array of scopes, e.g. ["read:markets"]' }),
    rate_limit: z.number().int().min(1).max(10_000).meta({ description: 'requests per minute for this key' }),
    last_used_at: isoDateTime.nullable(),
    created_at: isoDateTime,
    revoked_at: isoDateTime.nullable(),
  })
  .meta({ id: 'ApiKey' });

export const createdKeyResponse = dataEnvelope(
  apiKeySchema.extend({ key: z.string().meta({ description: 'the full key (svc_…): returned here only, never again' }) }),
  { message },
);
export const keyListResponse = dataEnvelope(z.array(apiKeySchema), { meta: countMeta });
export const revokedKeyResponse = dataEnvelope(apiKeySchema, { message });

export const usageStatsRecordSchema = z
  .object({
    period_start: isoDateTime,
    total_calls: z.number().int().min(0),
    successful_calls: z.number().int().min(0).meta({ description: '2xx responses' }),
    error_calls: z.number().int().min(0).meta({ description: '4xx and 5xx responses' }),
    avg_latency_ms: z.number().min(0),
    p95_latency_ms: z.number().min(0),
    unique_endpoints: z.number().int().min(0),
  })
  .meta({ id: 'UsageStatsRecord' });

export const usageStatsResponse = dataEnvelope(z.array(usageStatsRecordSchema), {
  meta: z.object({ granularity: z.enum(GRANULARITIES), count: z.number().int().min(0) }),
});

export const requestLogRecordSchema = z
  .object({
    id: z.string(),
    endpoint: z.string(),
    method: z.string(),
    status_code: z.number().int().min(100).max(599),
    latency_ms: z.number().min(0),
    timestamp: isoDateTime,
  })
  .meta({ id: 'RequestLogRecord' });

export const requestLogResponse = dataEnvelope(z.array(requestLogRecordSchema), { meta: offsetPageMeta });
