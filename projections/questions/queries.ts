import type { DocumentStore, Filter } from '../../shared/ports/documentStore.ts';
import type { Category } from '../../shared/types/market.ts';
import { questionsProjection, type QuestionDoc } from './projection.ts';

/** Discover lists questions that more than one venue lists: that is what cross-venue discovery is for. */
export const DISCOVER_MIN_VENUES = 2;

export interface DiscoverQuery {
  readonly category?: Category;
  readonly limit: number;
  readonly offset: number;
}

export async function discoverQuestions(store: DocumentStore, q: DiscoverQuery): Promise<{ items: QuestionDoc[]; total: number }> {
  const filter: Filter = { market_count: { $gte: DISCOVER_MIN_VENUES }, ...(q.category ? { category: q.category } : {}) };
  const coll = store.collection<QuestionDoc>(questionsProjection.collection);
  const [items, total] = await Promise.all([
    coll.find(filter, { sort: [['market_count', -1], ['_sort.volume24h', -1], ['_id', 1]], skip: q.offset, limit: q.limit }),
    coll.count(filter),
  ]);
  return { items, total };
}

export async function getQuestion(store: DocumentStore, id: string): Promise<QuestionDoc | null> {
  return store.collection<QuestionDoc>(questionsProjection.collection).get(id);
}

/**
 * A question's stored JSON text, for readers that parse it themselves (getQuestion's document is
 * `JSON.parse` of it); undefined where the store does not keep documents as text (then use getQuestion).
 */
export function getQuestionText(store: DocumentStore, id: string): Promise<string | null> | undefined {
  const questions = store.collection<QuestionDoc>(questionsProjection.collection);
  return questions.getText?.(id);
}
