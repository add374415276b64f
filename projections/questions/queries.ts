import type { DocumentStore, Filter, FindOptions, SortSpec } from '../../shared/ports/documentStore.ts';
import type { Category } from '../../shared/types/market.ts';
import { questionsProjection, type QuestionDoc } from './projection.ts';

/** Discover lists questions that more than one venue lists: that is what cross-venue discovery is for. */
export const DISCOVER_MIN_VENUES = 2;

export interface DiscoverQuery {
  readonly category?: Category;
  readonly limit: number;
  readonly offset: number;
}

const discoverFilter = (q: DiscoverQuery): Filter => ({ market_count: { $gte: DISCOVER_MIN_VENUES }, ...(q.category ? { category: q.category } : {}) });
const DISCOVER_SORT: SortSpec = [['market_count', -1], ['_sort.volume24h', -1], ['_id', 1]];
const discoverPage = (q: DiscoverQuery): FindOptions => ({ sort: DISCOVER_SORT, skip: q.offset, limit: q.limit });

export async function discoverQuestions(store: DocumentStore, q: DiscoverQuery): Promise<{ items: QuestionDoc[]; total: number }> {
  const filter = discoverFilter(q);
  const coll = store.collection<QuestionDoc>(questionsProjection.collection);
  const [items, total] = await Promise.all([coll.find(filter, discoverPage(q)), coll.count(filter)]);
  return { items, total };
}

/**
 * A discover page as one string, for readers that keep what they built from it (ViewBodyCache.getFromText):
 * a JSON array of the total, then each listed question's stored JSON text as it is. undefined where the store
 * does not keep documents as text (then use discoverQuestions). `parseDiscoverPageText` gives what
 * discoverQuestions would have; what is built from a page is a function of this string alone.
 */
export function discoverPageText(store: DocumentStore, q: DiscoverQuery): Promise<string> | undefined {
  const coll = store.collection<QuestionDoc>(questionsProjection.collection);
  if (!coll.findText) return undefined;
  const filter = discoverFilter(q);
  return Promise.all([coll.findText(filter, discoverPage(q)), coll.count(filter)]).then(([texts, total]) => `[${[String(total), ...texts].join(',')}]`);
}

export function parseDiscoverPageText(text: string): { items: QuestionDoc[]; total: number } {
  const [total, ...items] = JSON.parse(text) as [number, ...QuestionDoc[]];
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
