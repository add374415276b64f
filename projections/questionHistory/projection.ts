import type { LinkEvent, QuestionSnapshot } from '../../shared/events.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { computeIndex } from '../../shared/questions/indexMath.ts';
import { addObservation, decodePoints, encodePoints, isoToSeconds, type EncodedSeries } from '../../shared/history/series.ts';
import { questionsProjection } from '../questions/projection.ts';
import type { Projection } from '../projection.ts';

/**
 * Per canonical question, its index-price series from the LINKS stream's snapshots (the same index the questions
 * read model shows, shared/questions/indexMath.ts), plus which venues list it with an open market, so platform
 * statistics can count linked questions.
 */
export interface QuestionHistoryDoc {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly question_id: string;
  /** Latest observation (unix seconds); null until a snapshot had an index price. */
  readonly latest: number | null;
  readonly points: EncodedSeries;
  readonly count: number;
  /** Venues with an open market in the question (slug -> true), for per-venue counts. */
  readonly venues: Readonly<Partial<Record<VenueSlug, true>>>;
  /** Number of such venues (a question is "linked" across venues at 2 or more). */
  readonly market_count: number;
}

/**
 * A snapshot's time: the latest quote among the open priced members it was computed from (the index cannot be
 * newer than its newest input). Snapshots carry no fetch time, so this is the event's own clock.
 */
export function snapshotTime(event: QuestionSnapshot): number {
  let latest = Number.NEGATIVE_INFINITY;
  for (const m of event.question.members) {
    if (m.status !== 'open' || m.yes_price === null) continue;
    const t = isoToSeconds(m.quoted_at);
    if (Number.isFinite(t) && t > latest) latest = t;
  }
  return latest;
}

export function evolveQuestionHistory(doc: QuestionHistoryDoc | null, event: LinkEvent): QuestionHistoryDoc | null {
  if (event.type === 'question_removed') return null;
  const open = event.question.members.filter((m) => m.status === 'open');
  const venues: Partial<Record<VenueSlug, true>> = {};
  for (const slug of [...new Set(open.map((m) => m.platform_slug))].sort()) venues[slug] = true;
  const index = computeIndex(open).index_price;
  const t = snapshotTime(event);
  const state = { latest: doc?.latest ?? null, points: decodePoints(doc?.points) };
  const next = index !== null && Number.isFinite(t) ? addObservation(state, t, index) : state;
  const sameVenues = doc !== null && JSON.stringify(doc.venues) === JSON.stringify(venues);
  if (doc && next === state && sameVenues) return doc;
  return {
    _id: event.question.id,
    question_id: event.question.id,
    latest: next.latest,
    points: encodePoints(next.points),
    count: next.points.length,
    venues,
    market_count: Object.keys(venues).length,
  };
}

export const questionHistoryProjection: Projection<LinkEvent, QuestionHistoryDoc> = {
  name: 'question_history',
  collection: 'question_history',
  schemaVersion: 1,
  stream: 'links',
  indexes: [{ name: 'by_reach', fields: [['market_count', -1]] }],
  decode: questionsProjection.decode,
  canHandle: () => true,
  keyOf: questionsProjection.keyOf,
  evolve: evolveQuestionHistory,
};
