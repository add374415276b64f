import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { marketYesPrice, questionObservedAt } from '../../shared/watchedPrices.ts';
import { marketsProjection, type MarketDoc } from '../../projections/markets/projection.ts';
import { questionsProjection, type QuestionDoc } from '../../projections/questions/projection.ts';
import { marketRecentPricesProjection, priceAt, questionRecentPricesProjection, type RecentPricesDoc } from '../../projections/recentPrices/projection.ts';
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

function snapshot(base: Omit<ItemSnapshot, 'price_24h_ago' | 'change_24h'>, history: RecentPricesDoc | undefined, nowMs: number): ItemSnapshot {
  const before = priceAt(history ?? null, nowMs - DAY_MS);
  return { ...base, price_24h_ago: before, change_24h: before !== null && base.price !== null ? round6(base.price - before) : null };
}

/** Snapshots keyed by item id; a reference that no longer resolves gives null. */
export async function snapshotsFor(store: DocumentStore, items: readonly (ItemRefs & { readonly _id: string })[], nowMs: number): Promise<Map<string, ItemSnapshot | null>> {
  const marketIds = [...new Set(items.flatMap((i) => (i.market_id ? [i.market_id] : [])))];
  const questionIds = [...new Set(items.flatMap((i) => (!i.market_id && i.canonical_question_id ? [i.canonical_question_id] : [])))];
  const [markets, questions, marketHistory, questionHistory] = await Promise.all([
    store.collection<MarketDoc>(marketsProjection.collection).getMany(marketIds),
    store.collection<QuestionDoc>(questionsProjection.collection).getMany(questionIds),
    store.collection<RecentPricesDoc>(marketRecentPricesProjection.collection).getMany(marketIds),
    store.collection<RecentPricesDoc>(questionRecentPricesProjection.collection).getMany(questionIds),
  ]);
  const byId = <T extends { _id: string }>(docs: readonly T[]) => new Map(docs.map((d) => [d._id, d]));
  const m = byId(markets);
  const q = byId(questions);
  const mh = byId(marketHistory);
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
              mh.get(item.market_id),
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
            qh.get(question._id),
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
