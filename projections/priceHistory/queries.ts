import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { DAY, decodePoints, downsample, mergeBackfill, type Point } from '../../shared/history/series.ts';
import { priceHistoryProjection, type PriceHistoryDoc } from './projection.ts';
import { priceBackfillProjection, type PriceBackfillDoc } from './backfillProjection.ts';
import { questionHistoryProjection, type QuestionHistoryDoc } from '../questionHistory/projection.ts';

export interface MarketSeries {
  readonly points: readonly Point[];
  /** First point Concord observed itself (unix seconds), null when none. */
  readonly observed_from: number | null;
  /** First backfilled point used, null when none. */
  readonly backfill_from: number | null;
}

/** Observed and backfilled points merged (observations win; backfill covers the time before them). */
export function mergeSeries(live: PriceHistoryDoc | null, backfill: PriceBackfillDoc | null): MarketSeries {
  const observed = decodePoints(live?.points);
  const filled = decodePoints(backfill?.points);
  const points = mergeBackfill(filled, observed);
  const firstObserved = observed[0]?.[0] ?? null;
  const firstFilled = filled[0]?.[0] ?? null;
  return {
    points,
    observed_from: firstObserved,
    backfill_from: firstFilled !== null && (firstObserved === null || firstFilled < firstObserved) ? firstFilled : null,
  };
}

/** Series of several markets (ids without any history are absent from the map). */
export async function marketSeries(store: DocumentStore, ids: readonly string[]): Promise<Map<string, MarketSeries>> {
  const [live, filled] = await Promise.all([
    store.collection<PriceHistoryDoc>(priceHistoryProjection.collection).getMany(ids),
    store.collection<PriceBackfillDoc>(priceBackfillProjection.collection).getMany(ids),
  ]);
  const liveById = new Map(live.map((d) => [d._id, d]));
  const filledById = new Map(filled.map((d) => [d._id, d]));
  const out = new Map<string, MarketSeries>();
  for (const id of ids) {
    const l = liveById.get(id) ?? null;
    const f = filledById.get(id) ?? null;
    if (l || f) out.set(id, mergeSeries(l, f));
  }
  return out;
}

export async function questionSeries(store: DocumentStore, id: string): Promise<QuestionHistoryDoc | null> {
  return store.collection<QuestionHistoryDoc>(questionHistoryProjection.collection).get(id);
}

/** History ranges a client can ask for, in seconds (null: everything kept). */
export const HISTORY_RANGES = { '1d': DAY, '7d': 7 * DAY, '30d': 30 * DAY, '90d': 90 * DAY, '1y': 365 * DAY, all: null } as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;

/** Points within the range before `end` (re-tiered relative to the series' own latest point). */
export function pointsInRange(points: readonly Point[], range: HistoryRange, end: number): Point[] {
  const seconds = HISTORY_RANGES[range];
  const latest = points[points.length - 1]?.[0];
  const tiered = latest === undefined ? [] : downsample(points, latest);
  return seconds === null ? tiered : tiered.filter(([t]) => t > end - seconds);
}
