/**
 * Latency histogram with log-spaced buckets (each 10% wider than the last), so p95 over any number of
 * requests needs a few hundred numbers at most and merges across hours by adding counts. A percentile
 * read from it is the upper edge of its bucket: at most 10% above the true value.
 */
const GROWTH = 1.1;
/** Bucket 0 holds everything up to 0.1 ms. */
const BASE_MS = 0.1;

export type Histogram = Readonly<Record<string, number>>;

export function bucketOf(ms: number): number {
  if (!(ms > BASE_MS)) return 0;
  return Math.ceil(Math.log(ms / BASE_MS) / Math.log(GROWTH));
}

export function upperEdgeMs(bucket: number): number {
  return BASE_MS * GROWTH ** bucket;
}

export function addSample(histogram: Histogram, ms: number): Histogram {
  const key = String(bucketOf(ms));
  return { ...histogram, [key]: (histogram[key] ?? 0) + 1 };
}

export function merge(into: Record<string, number>, from: Histogram): void {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

/** The q-quantile (0 < q ≤ 1) by nearest rank, as the upper edge of its bucket; 0 when empty. */
export function quantileMs(histogram: Histogram, q: number): number {
  const buckets = Object.entries(histogram)
    .map(([key, count]) => [Number(key), count] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return 0;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return upperEdgeMs(bucket);
  }
  return upperEdgeMs(buckets[buckets.length - 1]?.[0] ?? 0);
}
