import { isUuid } from '../../shared/ids.ts';
import { type SearchOptions, type VectorItem, VectorIndexError } from '../../shared/ports/vectorIndex.ts';

export const MAX_K = 1000;

/** Rejects what no index can store meaningfully: wrong length, NaN/Infinity, the zero vector. */
export function checkVector(vector: unknown, dimension: number, label: string): asserts vector is Float32Array {
  if (!(vector instanceof Float32Array)) throw new VectorIndexError('INVALID_VECTOR', `${label}: vector must be a Float32Array`);
  if (vector.length !== dimension) {
    throw new VectorIndexError('INVALID_VECTOR', `${label}: vector has ${vector.length} dimensions, index expects ${dimension}`);
  }
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    const x = vector[i]!;
    if (!Number.isFinite(x)) throw new VectorIndexError('INVALID_VECTOR', `${label}: vector holds a non-finite value at ${i}`);
    norm += x * x;
  }
  if (norm === 0) throw new VectorIndexError('INVALID_VECTOR', `${label}: zero vector has no direction (text with no known words?)`);
}

export function checkItems(items: readonly VectorItem[], dimension: number): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (!isUuid(item.id)) throw new VectorIndexError('INVALID_ID', `id "${String(item.id)}" is not a UUID (market ids are UUIDs)`);
    if (seen.has(item.id)) throw new VectorIndexError('INVALID_ID', `id ${item.id} appears twice in one upsert`);
    seen.add(item.id);
    checkVector(item.vector, dimension, `item ${item.id}`);
    const p = item.payload as unknown as Record<string, unknown> | undefined;
    if (!p || typeof p.venue !== 'string' || typeof p.category !== 'string') {
      throw new VectorIndexError('INVALID_OPTIONS', `item ${item.id}: payload needs string venue and category`);
    }
    if (p.end_time_ms !== null && !Number.isFinite(p.end_time_ms)) {
      throw new VectorIndexError('INVALID_OPTIONS', `item ${item.id}: payload end_time_ms must be epoch milliseconds or null`);
    }
  }
}

export function checkSearch(vector: Float32Array, options: SearchOptions, dimension: number): void {
  checkVector(vector, dimension, 'query');
  if (!Number.isInteger(options?.k) || options.k < 1 || options.k > MAX_K) {
    throw new VectorIndexError('INVALID_OPTIONS', `k must be an integer from 1 to ${MAX_K}, got ${String(options?.k)}`);
  }
  const f = options.filter;
  if (f?.venues !== undefined && !Array.isArray(f.venues)) throw new VectorIndexError('INVALID_OPTIONS', 'filter.venues must be an array');
  for (const key of ['end_time_from_ms', 'end_time_to_ms'] as const) {
    if (f?.[key] !== undefined && !Number.isFinite(f[key])) throw new VectorIndexError('INVALID_OPTIONS', `filter.${key} must be a number`);
  }
}
