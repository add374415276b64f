import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { marketYesPrice, questionObservedAt } from '../../shared/watchedPrices.ts';
import { marketsProjection, type MarketDoc } from '../../projections/markets/projection.ts';
import { questionsProjection, type QuestionDoc } from '../../projections/questions/projection.ts';
import { questionHistoryProjection, type QuestionHistoryDoc } from '../../projections/questionHistory/projection.ts';
import { marketSeries } from '../../projections/priceHistory/queries.ts';
import { decodePoints, type Point } from '../../shared/history/series.ts';
import type { ItemRefs, WatchlistItemDoc } from './repository.ts';

/**
 * The current snapshot of each watchlist item, joined from the read models in one batch per
 * collection. An item naming a market shows that market (its Yes price); an item naming only a
 * question shows the question (its index price).
 */
export interface ItemSnapshot {
  readonly kind: 'market' | 'question';
  readonly title: string;
  readonly price: number | null;
  /** The price that prevailed 24 hours ago; null when it is not known (too new, or no history yet). */
  readonly price_24h_ago: number | null;
  /** price − price_24h_ago in probability points (0.03 = three points); null when either is unknown. */
  readonly change_24h: number | null;
  readonly status: string | null;
  readonly platform_slug: string | null;
  readonly market_count: number | null;
  readonly updated_at: string | null;
}

export const DAY_MS = 24 * 3_600_000;

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The price that prevailed at `atSeconds` in a step series: its newest point at or before that time; null
 * before the first point (a market Concord and its venue know nothing of then is not "unchanged").
 */
export function priceAt(points: readonly Point[], atSeconds: number): number | null {
  let found: number | null = null;
  for (const [t, p] of points) {
    if (t > atSeconds) break;
    found = p;
  }
  return found;
}

/**
 * 24 hours ago is read from the price-history read models (docs/history.md): a market's observed Yes-price series
 * merged with what its venue published before Concord saw it, a question's index series. Both keep the last 7
 * days at one point per 5-minute bucket, so "24 hours ago" is exact to that bucket.
 */
function snapshot(base: Omit<ItemSnapshot, 'price_24h_ago' | 'change_24h'>, points: readonly Point[], nowMs: number): ItemSnapshot {
  const before = priceAt(points, Math.floor((nowMs - DAY_MS) / 1000));
  return { ...base, price_24h_ago: before, change_24h: before !== null && base.price !== null ? round6(base.price - before) : null };
}

/** Snapshots keyed by item id; a reference that no longer resolves gives null. */
export async function snapshotsFor(store: DocumentStore, items: readonly (ItemRefs & { readonly _id: string })[], nowMs: number): Promise<Map<string, ItemSnapshot | null>> {
  const marketIds = [...new Set(items.flatMap((i) => (i.market_id ? [i.market_id] : [])))];
  const questionIds = [...new Set(items.flatMap((i) => (!i.market_id && i.canonical_question_id ? [i.canonical_question_id] : [])))];
  const [markets, questions, marketHistory, questionHistory] = await Promise.all([
    store.collection<MarketDoc>(marketsProjection.collection).getMany(marketIds),
    store.collection<QuestionDoc>(questionsProjection.collection).getMany(questionIds),
    marketSeries(store, marketIds),
    store.collection<QuestionHistoryDoc>(questionHistoryProjection.collection).getMany(questionIds),
  ]);
  const byId = <T extends { _id: string }>(docs: readonly T[]) => new Map(docs.map((d) => [d._id, d]));
  const m = byId(markets);
  const q = byId(questions);
  const qh = byId(questionHistory);
  const out = new Map<string, ItemSnapshot | null>();
  for (const item of items) {
    if (item.market_id) {
      const market = m.get(item.market_id);
      out.set(
        item._id,
        market
          ? snapshot(
              { kind: 'market', title: market.title, price: marketYesPrice(market), status: market.status, platform_slug: market.platform_slug, market_count: null, updated_at: market.updated_at },
              marketHistory.get(item.market_id)?.points ?? [],
              nowMs,
            )
          : null,
      );
      continue;
    }
    const question = item.canonical_question_id ? q.get(item.canonical_question_id) : undefined;
    out.set(
      item._id,
      question
        ? snapshot(
            { kind: 'question', title: question.title, price: question.index.index_price, status: null, platform_slug: null, market_count: question.market_count, updated_at: questionObservedAt(question.members) },
            decodePoints(qh.get(question._id)?.points),
            nowMs,
          )
        : null,
    );
  }
  return out;
}

export function itemView(item: WatchlistItemDoc, snap: ItemSnapshot | null) {
  return {
    id: item._id,
    watchlist_id: item.watchlist_id,
    canonical_question_id: item.canonical_question_id,
    market_id: item.market_id,
    added_at: item.added_at,
    snapshot: snap,
  };
}
