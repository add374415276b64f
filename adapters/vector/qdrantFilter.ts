import type { VectorFilter } from '../../shared/ports/vectorIndex.ts';

type Condition =
  | { key: string; match: { value: string } }
  | { key: string; match: { any: string[] } }
  | { key: string; range: { gte?: number; lte?: number } };

export interface QdrantFilter {
  must?: Condition[];
  must_not?: Condition[];
}

/** Payload fields the adapter indexes, with Qdrant's index schema for each. */
export const INDEXED_FIELDS = [
  { field_name: 'venue', field_schema: 'keyword' },
  { field_name: 'category', field_schema: 'keyword' },
  { field_name: 'end_time_ms', field_schema: 'integer' },
] as const;

/**
 * Port filter -> Qdrant filter, with the same semantics as payloadMatches: a range condition does
 * not match a null or missing end_time_ms, so time bounds exclude undated markets.
 */
export function toQdrantFilter(filter: VectorFilter | undefined): QdrantFilter | undefined {
  if (!filter) return undefined;
  const must: Condition[] = [];
  const mustNot: Condition[] = [];
  if (filter.venue_ne !== undefined) mustNot.push({ key: 'venue', match: { value: filter.venue_ne } });
  if (filter.venues !== undefined) must.push({ key: 'venue', match: { any: [...filter.venues] } });
  if (filter.category !== undefined) must.push({ key: 'category', match: { value: filter.category } });
  if (filter.end_time_from_ms !== undefined || filter.end_time_to_ms !== undefined) {
    const range: { gte?: number; lte?: number } = {};
    if (filter.end_time_from_ms !== undefined) range.gte = filter.end_time_from_ms;
    if (filter.end_time_to_ms !== undefined) range.lte = filter.end_time_to_ms;
    must.push({ key: 'end_time_ms', range });
  }
  const out: QdrantFilter = {};
  if (must.length > 0) out.must = must;
  if (mustNot.length > 0) out.must_not = mustNot;
  return must.length + mustNot.length > 0 ? out : undefined;
}

/** Collection per embedding model and dimension, so switching models never mixes vector spaces. */
export function collectionName(modelId: string, dimension: number): string {
  const safe = modelId.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `markets_${safe || 'model'}_${dimension}`;
}
