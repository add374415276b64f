import test from 'ava';
import { addSample, quantileMs, upperEdgeMs, bucketOf, type Histogram } from '../../projections/usage/latencyHistogram.ts';
import { periodRange } from '../../projections/usage/periods.ts';
import { evolveUsageHour } from '../../projections/usage/projection.ts';
import type { ApiRequestLogged } from '../../shared/events.ts';

test('p95 from the histogram is within 10% above the exact nearest-rank value', (t) => {
  const samples = Array.from({ length: 1000 }, (_, i) => 1 + ((i * 37) % 500) * 0.7);
  let h: Histogram = {};
  for (const s of samples) h = addSample(h, s);
  const exact = [...samples].sort((a, b) => a - b)[Math.ceil(0.95 * samples.length) - 1] ?? 0;
  const approx = quantileMs(h, 0.95);
  t.true(approx >= exact && approx <= exact * 1.1, `${approx} vs ${exact}`);
  t.is(quantileMs({}, 0.95), 0);
  t.true(upperEdgeMs(bucketOf(0.05)) >= 0.05);
});

test('periods: without start the last one holds now; with start the first holds start; months roll over years', (t) => {
  const now = Date.UTC(2026, 0, 15, 13, 30);
  t.deepEqual(periodRange('daily', 3, now).map((ms) => new Date(ms).toISOString().slice(0, 10)), ['2026-01-13', '2026-01-14', '2026-01-15']);
  t.deepEqual(periodRange('monthly', 3, now).map((ms) => new Date(ms).toISOString().slice(0, 7)), ['2025-11', '2025-12', '2026-01']);
  t.deepEqual(periodRange('hourly', 2, now, Date.UTC(2026, 0, 1, 23, 59)).map((ms) => new Date(ms).toISOString()), ['2026-01-01T23:00:00.000Z', '2026-01-02T00:00:00.000Z']);
});

test('an hour bucket counts 2xx as successful, 4xx/5xx as errors, and endpoints once', (t) => {
  const at = '2026-01-15T13:10:00.000Z';
  const event = (status: number, endpoint: string, duration_ms: number): ApiRequestLogged => ({
    type: 'api_request', id: `${status}${endpoint}`, api_key_id: 'k', account_id: 'a', method: 'GET', endpoint, status, duration_ms, at,
  });
  let doc = evolveUsageHour(null, event(200, '/a', 10));
  doc = evolveUsageHour(doc, event(304, '/a', 2));
  doc = evolveUsageHour(doc, event(503, '/b', 30));
  t.like(doc, { total_calls: 3, successful_calls: 1, error_calls: 1, latency_sum_ms: 42, hour_ms: Date.UTC(2026, 0, 15, 13) });
  t.deepEqual(doc.endpoints, ['/a', '/b']);
});
