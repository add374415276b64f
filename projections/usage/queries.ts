import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { merge, quantileMs } from './latencyHistogram.ts';
import { periodRange, periodStart, shiftPeriod, type Granularity } from './periods.ts';
import { usageHourlyProjection, usageProjection, type RequestLogDoc, type UsageHourDoc } from './projection.ts';

/** One period of the console statistics (field names from the original product, gap-notes). */
export interface UsageStatsRecord {
  readonly period_start: string;
  readonly total_calls: number;
  readonly successful_calls: number;
  readonly error_calls: number;
  readonly avg_latency_ms: number;
  readonly p95_latency_ms: number;
  readonly unique_endpoints: number;
}

export interface UsageStatsQuery {
  readonly apiKeyId: string;
  readonly granularity: Granularity;
  /** Number of periods, 1-90. */
  readonly limit: number;
  readonly startMs?: number;
  readonly nowMs: number;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Consecutive periods, oldest first, periods without calls included as zeros. */
export async function usageStats(store: DocumentStore, q: UsageStatsQuery): Promise<UsageStatsRecord[]> {
  const starts = periodRange(q.granularity, q.limit, q.nowMs, q.startMs);
  const from = starts[0] ?? periodStart(q.nowMs, q.granularity);
  const until = shiftPeriod(starts[starts.length - 1] ?? from, q.granularity, 1);
  const hours = await store
    .collection<UsageHourDoc>(usageHourlyProjection.collection)
    .find({ api_key_id: q.apiKeyId, hour_ms: { $gte: from, $lt: until } }, { sort: [['hour_ms', 1]] });
  const byPeriod = new Map<number, UsageHourDoc[]>();
  for (const hour of hours) {
    const key = periodStart(hour.hour_ms, q.granularity);
    const list = byPeriod.get(key);
    if (list) list.push(hour);
    else byPeriod.set(key, [hour]);
  }
  return starts.map((start) => {
    const group = byPeriod.get(start) ?? [];
    const histogram: Record<string, number> = {};
    const endpoints = new Set<string>();
    let total = 0;
    let ok = 0;
    let failed = 0;
    let latency = 0;
    for (const h of group) {
      total += h.total_calls;
      ok += h.successful_calls;
      failed += h.error_calls;
      latency += h.latency_sum_ms;
      merge(histogram, h.latency_histogram);
      for (const e of h.endpoints) endpoints.add(e);
    }
    return {
      period_start: new Date(start).toISOString(),
      total_calls: total,
      successful_calls: ok,
      error_calls: failed,
      avg_latency_ms: total === 0 ? 0 : round2(latency / total),
      p95_latency_ms: round2(quantileMs(histogram, 0.95)),
      unique_endpoints: endpoints.size,
    };
  });
}

/** One request-log record as the console shows it. */
export interface RequestLogRecord {
  readonly id: string;
  readonly endpoint: string;
  readonly method: string;
  readonly status_code: number;
  readonly latency_ms: number;
  readonly timestamp: string;
}

export function requestLogView(doc: RequestLogDoc): RequestLogRecord {
  return { id: doc._id, endpoint: doc.endpoint, method: doc.method, status_code: doc.status, latency_ms: doc.duration_ms, timestamp: doc.at };
}

/** A page of the key's request log, newest first, with the number of records in total. */
export async function requestLogs(store: DocumentStore, q: { apiKeyId: string; limit: number; offset: number }): Promise<{ items: RequestLogRecord[]; total: number }> {
  const logs = store.collection<RequestLogDoc>(usageProjection.collection);
  const [docs, total] = await Promise.all([
    logs.find({ api_key_id: q.apiKeyId }, { sort: [['at_ms', -1], ['_id', 1]], skip: q.offset, limit: q.limit }),
    logs.count({ api_key_id: q.apiKeyId }),
  ]);
  return { items: docs.map(requestLogView), total };
}
