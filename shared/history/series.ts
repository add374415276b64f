import { parseDate } from '../time/utc.ts';

/**
 * A bounded price series: observations (time, price) downsampled by age relative to the series' own latest
 * observation, never to the wall clock, so the same observations in the same order always give the same series
 * (a replayed stream rebuilds it byte for byte).
 *
 * Tiers by age (latest observation time L minus the point's time):
 *   - up to 7 days:        one point per 5-minute bucket
 *   - 7 to 90 days:        one point per hour
 *   - beyond 90 days:      one point per UTC day, the most recent DAILY_POINTS_MAX kept
 * Each bucket keeps its close: the observation with the latest time in it. A point keeps its real observation time.
 * Bound per series: 2,017 + 1,993 + 1,000 = 5,010 points (see docs/history.md).
 */

export type Point = readonly [t: number, p: number];

export const MINUTE = 60;
export const HOUR = 3_600;
export const DAY = 86_400;

export interface Tier {
  readonly bucketSeconds: number;
  /** Points younger than or as old as this (seconds before the latest observation) belong to the tier. */
  readonly maxAgeSeconds: number;
}

export const TIERS: readonly Tier[] = [
  { bucketSeconds: 5 * MINUTE, maxAgeSeconds: 7 * DAY },
  { bucketSeconds: HOUR, maxAgeSeconds: 90 * DAY },
  { bucketSeconds: DAY, maxAgeSeconds: Number.POSITIVE_INFINITY },
];
export const DAILY_POINTS_MAX = 1_000;
/** Largest number of points a series can hold: a partial boundary bucket per tier plus the full ones. */
export const SERIES_POINTS_MAX = 7 * 288 + 1 + 83 * 24 + 1 + DAILY_POINTS_MAX;

/** Prices are kept to 4 decimal places (0.01 percentage points). */
export function roundPrice(p: number): number {
  return Math.round(p * 10_000) / 10_000;
}

const MAX_AGE_0 = (TIERS[0] as Tier).maxAgeSeconds;
const MAX_AGE_1 = (TIERS[1] as Tier).maxAgeSeconds;
const BUCKETS = TIERS.map((t) => t.bucketSeconds);
const FIRST_BUCKET = BUCKETS[0] as number;

function tierOf(age: number): number {
  return age <= MAX_AGE_0 ? 0 : age <= MAX_AGE_1 ? 1 : 2;
}

/**
 * Downsamples ascending points relative to `latest`: one point (the latest observation) per bucket of the
 * tier the point's age falls in, daily points capped at DAILY_POINTS_MAX (oldest dropped). Pure and idempotent.
 */
export function downsample(points: readonly Point[], latest: number): Point[] {
  return downsampleInPlace(points.slice(), latest);
}

/**
 * downsample() over an array the caller owns, in place: what it keeps is a prefix (each kept point lands at or
 * before where it was read). addObservation's series, held by a rebuild for every version, is then the array
 * insertPoint allocated at its size, not one grown by push (V8 grows an array from 0 to 17 slots) and copied.
 */
function downsampleInPlace(points: Point[], latest: number): Point[] {
  let lastTier = -1;
  let lastBucket = Number.NaN;
  let daily = 0;
  let n = 0;
  for (let i = 0; i < points.length; i++) {
    const pt = points[i] as Point;
    const tier = tierOf(latest - pt[0]);
    const bucket = Math.floor(pt[0] / (BUCKETS[tier] as number));
    // Ascending input: a later point of the same bucket replaces the earlier one (the bucket's close).
    if (tier === lastTier && bucket === lastBucket) {
      points[n - 1] = pt;
    } else {
      points[n++] = pt;
      if (tier === 2) daily++;
    }
    lastTier = tier;
    lastBucket = bucket;
  }
  points.length = n;
  return daily > DAILY_POINTS_MAX ? points.slice(daily - DAILY_POINTS_MAX) : points;
}

/** Inserts an observation into ascending points; an observation at an existing time replaces it. */
export function insertPoint(points: readonly Point[], pt: Point): Point[] {
  let i = points.length;
  while (i > 0 && (points[i - 1] as Point)[0] > pt[0]) i--;
  if (i > 0 && (points[i - 1] as Point)[0] === pt[0]) {
    const out = points.slice();
    out[i - 1] = pt;
    return out;
  }
  // Allocated at its size (a slice and a splice grew it past that).
  const out = new Array<Point>(points.length + 1);
  for (let j = 0; j < i; j++) out[j] = points[j] as Point;
  out[i] = pt;
  for (let j = i; j < points.length; j++) out[j + 1] = points[j] as Point;
  return out;
}

/**
 * The stored form: times as deltas in seconds from the previous point (the first absolute), prices rounded.
 * About half the size of `[[t, p], ...]` in JSON, which matters because the document is rewritten per update.
 */
export interface EncodedSeries {
  readonly t: readonly number[];
  readonly p: readonly number[];
}

/**
 * The points an encoding made in this process was made from, under a symbol key of the encoding itself. A document
 * held in memory (a rebuild holds its documents across batches) hands its own encoding back with the next
 * observation: decoding it again would only rebuild the same points. Point arrays are never mutated (insertPoint and
 * downsample copy), so handing the same array out again is safe; a parsed document has no such key and is decoded.
 * A symbol key is invisible to JSON.stringify (the store, the API), for-in, Object.keys and structured clones; it
 * replaced a WeakMap, whose entry cost a few hundred ns per version in a rebuild (an ephemeron table the
 * collector must also walk) where a key of the literal costs nothing.
 */
const MADE_FROM: unique symbol = Symbol('points this encoding was made from');

export function encodePoints(points: readonly Point[]): EncodedSeries {
  const t = new Array<number>(points.length);
  const p = new Array<number>(points.length);
  let prev = 0;
  for (let i = 0; i < points.length; i++) {
    const pt = points[i] as Point;
    t[i] = pt[0] - prev;
    p[i] = pt[1];
    prev = pt[0];
  }
  return { t, p, [MADE_FROM]: points } as EncodedSeries;
}

/** The points of an encoding, read-only: the array may be the one the encoding was made from. */
export function decodePointsShared(encoded: EncodedSeries | undefined): readonly Point[] {
  return (encoded as { readonly [MADE_FROM]?: readonly Point[] } | undefined)?.[MADE_FROM] ?? decodePoints(encoded);
}

export function decodePoints(encoded: EncodedSeries | undefined): Point[] {
  if (!encoded) return [];
  const out: Point[] = [];
  let time = 0;
  for (let i = 0; i < encoded.t.length; i++) {
    time += encoded.t[i] as number;
    out.push([time, encoded.p[i] as number]);
  }
  return out;
}

export interface SeriesState {
  /** Latest observation time (unix seconds); null for an empty series. */
  readonly latest: number | null;
  readonly points: readonly Point[];
}

/**
 * Adds one observation and re-tiers the series relative to its new latest time. Returns the input object itself
 * when nothing changed (a repeated close, or the same price again within the last point's 5-minute bucket), so
 * callers can skip a write. The series is a step function: a price holds until the next point.
 */
export function addObservation(state: SeriesState, t: number, p: number): SeriesState {
  const price = roundPrice(p);
  // The same price again within the last point's 5-minute bucket adds nothing to a step series: no write.
  const last = state.points[state.points.length - 1];
  if (last && last[1] === price && t >= last[0] && Math.floor(t / FIRST_BUCKET) === Math.floor(last[0] / FIRST_BUCKET)) return state;
  const latest = state.latest === null ? t : Math.max(state.latest, t);
  const points = downsampleInPlace(insertPoint(state.points, [t, price]), latest);
  if (latest === state.latest && samePoints(points, state.points)) return state;
  return { latest, points };
}

function samePoints(a: readonly Point[], b: readonly Point[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Point;
    const y = b[i] as Point;
    if (x[0] !== y[0] || x[1] !== y[1]) return false;
  }
  return true;
}

/**
 * Backfilled points fill the time before the first live observation: live observations are what Concord saw
 * itself, so they win wherever both exist. The result is re-tiered relative to the latest of both.
 */
export function mergeBackfill(backfill: readonly Point[], live: readonly Point[]): Point[] {
  if (backfill.length === 0) return live.slice();
  const firstLive = live.length > 0 ? (live[0] as Point)[0] : Number.POSITIVE_INFINITY;
  const merged = [...backfill.filter(([t]) => t < firstLive), ...live];
  const latest = (merged[merged.length - 1] as Point)[0];
  return downsample(merged, latest);
}

/**
 * Samples a step series at `count` evenly spaced times ending at `end`: each value is the last known price at or
 * before that time (null before the first point).
 */
export function resample(points: readonly Point[], end: number, spacingSeconds: number, count: number): Array<number | null> {
  const out: Array<number | null> = [];
  let i = 0;
  let last: number | null = null;
  for (let k = count - 1; k >= 0; k--) {
    const at = end - k * spacingSeconds;
    while (i < points.length && (points[i] as Point)[0] <= at) {
      last = (points[i] as Point)[1];
      i++;
    }
    out.push(last);
  }
  return out;
}

/** ISO 8601 to unix seconds (floor); NaN for an unparseable time. */
export function isoToSeconds(iso: string): number {
  return Math.floor(parseDate(iso) / 1000);
}
