import { z } from 'zod';
import type { LinkEvent, MarketEvent, MarketNormalized } from '../../shared/events.ts';
import { questionsProjection } from '../questions/projection.ts';
import { marketYesPrice, questionIndexPrice, questionObservedAt } from '../../shared/watchedPrices.ts';
import type { Projection } from '../projection.ts';

/**
 * The last ~25 hours of prices per venue market (Yes price) and per canonical question (index
 * price), enough to answer "what was the price 24 hours ago" for watchlist snapshots. A stop-gap
 * until the price-history read model (issue 10) lands; then watchlists read that instead.
 *
 * Points are [epoch ms, price], one per 15-minute bucket (the bucket's last observation), oldest
 * first. Points 25 hours or more before the newest are dropped, except the newest of them (it is
 * the price that prevailed at the start of the window). Bound: at most 101 points per document
 * (100 buckets in the window and the one that opened it).
 */
export interface RecentPricesDoc {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly points: ReadonlyArray<readonly [number, number]>;
  /** Epoch ms of the first observation ever seen: before it the price is unknown, not "unchanged". */
  readonly first_at: number;
}

export const BUCKET_MS = 15 * 60_000;
export const WINDOW_MS = 25 * 3_600_000;

/** Adds one observation; pure. Observations older than the newest point's bucket only fill their own bucket. */
export function addPoint(doc: RecentPricesDoc | null, id: string, atMs: number, price: number): RecentPricesDoc {
  const bucket = Math.floor(atMs / BUCKET_MS);
  const points = [...(doc?.points ?? [])];
  const at = points.findIndex(([t]) => Math.floor(t / BUCKET_MS) === bucket);
  if (at >= 0) {
    if ((points[at] as readonly [number, number])[0] <= atMs) points[at] = [atMs, price];
  } else {
    points.push([atMs, price]);
    points.sort((a, b) => a[0] - b[0]);
  }
  const newest = (points[points.length - 1] as readonly [number, number])[0];
  const cutoff = newest - WINDOW_MS;
  let firstKept = points.findIndex(([t]) => t > cutoff);
  if (firstKept < 0) firstKept = points.length - 1;
  const kept = points.slice(Math.max(0, firstKept - 1));
  return { _id: id, points: kept, first_at: Math.min(doc?.first_at ?? atMs, atMs) };
}

/** The price that prevailed at `atMs`: the newest point at or before it; null when none is known. */
export function priceAt(doc: RecentPricesDoc | null, atMs: number): number | null {
  if (!doc || atMs < doc.first_at) return null;
  let found: number | null = null;
  for (const [t, p] of doc.points) {
    if (t > atMs) break;
    found = p;
  }
  return found;
}

/**
 * Only the fields this read model uses are checked: it runs on every MARKETS message beside the markets
 * projection, which validates (and dead-letters) whole snapshots already.
 */
const pricedSnapshot = z.looseObject({
  type: z.literal('market_normalized'),
  market: z.looseObject({
    id: z.string().min(1),
    outcomes: z.array(z.looseObject({ label: z.string(), price: z.number().min(0).max(1).nullable() })),
  }),
  source: z.looseObject({ fetched_at: z.string() }),
});

export const marketRecentPricesProjection: Projection<MarketEvent, RecentPricesDoc> = {
  name: 'market_recent_prices',
  collection: 'market_recent_prices',
  schemaVersion: 1,
  stream: 'markets',
  indexes: [],
  decode: (value) => {
    if ((value as { type?: unknown } | null)?.type === 'market_delisted') return { ok: true, event: value as MarketEvent };
    const parsed = pricedSnapshot.safeParse(value);
    return parsed.success
      ? { ok: true, event: parsed.data as unknown as MarketNormalized }
      : { ok: false, reason: `invalid market event: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` };
  },
  canHandle: (event) => event.type === 'market_normalized' && marketYesPrice(event.market) !== null && Number.isFinite(Date.parse(event.source.fetched_at)),
  keyOf: (event) => (event.type === 'market_normalized' ? event.market.id : event.market_id),
  evolve: (doc, event) => {
    if (event.type !== 'market_normalized') return doc;
    return addPoint(doc, event.market.id, Date.parse(event.source.fetched_at), marketYesPrice(event.market) as number);
  },
};

export const questionRecentPricesProjection: Projection<LinkEvent, RecentPricesDoc> = {
  name: 'question_recent_prices',
  collection: 'question_recent_prices',
  schemaVersion: 1,
  stream: 'links',
  indexes: [],
  decode: questionsProjection.decode,
  canHandle: (event) => {
    if (event.type === 'question_removed') return true;
    const at = questionObservedAt(event.question.members);
    return at !== null && Number.isFinite(Date.parse(at)) && questionIndexPrice(event.question.members) !== null;
  },
  keyOf: (event) => (event.type === 'question_removed' ? event.question_id : event.question.id),
  evolve: (doc, event) => {
    if (event.type === 'question_removed') return null;
    const members = event.question.members;
    return addPoint(doc, event.question.id, Date.parse(questionObservedAt(members) as string), questionIndexPrice(members) as number);
  },
};
