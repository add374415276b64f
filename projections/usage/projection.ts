import type { ApiRequestLogged } from '../../shared/events.ts';
import type { Projection } from '../projection.ts';
import { decodeUsageMessage, type UsageMessage } from './event.ts';
import { addSample, type Histogram } from './latencyHistogram.ts';

/** One captured request of an API key (the console's request log). */
export interface RequestLogDoc {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly api_key_id: string;
  readonly account_id: string;
  readonly method: string;
  readonly endpoint: string;
  readonly status: number;
  readonly duration_ms: number;
  readonly at: string;
  /** `at` in ms since the epoch: numeric sort and range key. */
  readonly at_ms: number;
}

export const usageProjection: Projection<ApiRequestLogged, RequestLogDoc, UsageMessage> = {
  name: 'usage_request_logs',
  collection: 'api_request_logs',
  schemaVersion: 1,
  stream: 'usage',
  indexes: [{ name: 'by_key_time', fields: [['api_key_id', 1], ['at_ms', -1], ['_id', 1]] }],
  decode: decodeUsageMessage,
  eventsOf: (message) => message,
  canHandle: () => true,
  keyOf: (event) => event.id,
  evolve: (_doc, e) => ({
    _id: e.id,
    api_key_id: e.api_key_id,
    account_id: e.account_id,
    method: e.method,
    endpoint: e.endpoint,
    status: e.status,
    duration_ms: e.duration_ms,
    at: e.at,
    at_ms: Date.parse(e.at),
  }),
};

/** Per key and UTC hour: the counts the statistics endpoint adds up into hours, days or months. */
export interface UsageHourDoc {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly api_key_id: string;
  /** Start of the hour, ms since the epoch. */
  readonly hour_ms: number;
  readonly total_calls: number;
  readonly successful_calls: number;
  readonly error_calls: number;
  readonly latency_sum_ms: number;
  readonly latency_histogram: Histogram;
  /** Distinct endpoint paths called in this hour, sorted. */
  readonly endpoints: readonly string[];
}

const HOUR_MS = 3_600_000;
/** Distinct endpoints kept per key-hour; beyond it unique_endpoints undercounts (docs/auth.md). */
export const MAX_ENDPOINTS_PER_HOUR = 1_000;

export function hourOf(atMs: number): number {
  return Math.floor(atMs / HOUR_MS) * HOUR_MS;
}

export function evolveUsageHour(doc: UsageHourDoc | null, e: ApiRequestLogged): UsageHourDoc {
  const hour = hourOf(Date.parse(e.at));
  const base: UsageHourDoc = doc ?? {
    _id: `${e.api_key_id}:${hour}`,
    api_key_id: e.api_key_id,
    hour_ms: hour,
    total_calls: 0,
    successful_calls: 0,
    error_calls: 0,
    latency_sum_ms: 0,
    latency_histogram: {},
    endpoints: [],
  };
  return {
    ...base,
    total_calls: base.total_calls + 1,
    successful_calls: base.successful_calls + (e.status >= 200 && e.status < 300 ? 1 : 0),
    error_calls: base.error_calls + (e.status >= 400 ? 1 : 0),
    latency_sum_ms: base.latency_sum_ms + e.duration_ms,
    latency_histogram: addSample(base.latency_histogram, e.duration_ms),
    endpoints:
      base.endpoints.includes(e.endpoint) || base.endpoints.length >= MAX_ENDPOINTS_PER_HOUR ? base.endpoints : [...base.endpoints, e.endpoint].sort(),
  };
}

export const usageHourlyProjection: Projection<ApiRequestLogged, UsageHourDoc, UsageMessage> = {
  name: 'usage_hourly',
  collection: 'api_usage_hourly',
  schemaVersion: 1,
  stream: 'usage',
  indexes: [{ name: 'by_key_hour', fields: [['api_key_id', 1], ['hour_ms', 1]] }],
  decode: decodeUsageMessage,
  eventsOf: (message) => message,
  canHandle: () => true,
  keyOf: (event) => `${event.api_key_id}:${hourOf(Date.parse(event.at))}`,
  evolve: evolveUsageHour,
};
