/**
 * VectorIndex port: nearest-neighbour search over market title embeddings, to propose candidate
 * pairs for the structural verifier. Adapters: in-process (exact scan, usearch HNSW when large) and
 * Qdrant. All pass test/contract/vectorIndex.test.ts.
 *
 * Scores are cosine similarities in [-1, 1], best first. Ids are market ids (UUIDs).
 */
export interface VectorPayload {
  readonly venue: string;
  readonly category: string;
  /** Market end time in epoch milliseconds, or null for undated markets. */
  readonly end_time_ms: number | null;
  /** Extra fields are stored and returned, never filtered on. */
  readonly [extra: string]: string | number | boolean | null;
}

export interface VectorItem {
  readonly id: string;
  readonly vector: Float32Array;
  readonly payload: VectorPayload;
}

export interface VectorFilter {
  /** Exclude this venue (a market's own venue when looking for cross-venue pairs). */
  readonly venue_ne?: string;
  /** Only these venues. */
  readonly venues?: readonly string[];
  readonly category?: string;
  /** Inclusive bounds on end_time_ms; a bound excludes undated (null) markets. */
  readonly end_time_from_ms?: number;
  readonly end_time_to_ms?: number;
}

export interface SearchOptions {
  readonly k: number;
  readonly filter?: VectorFilter;
}

export interface VectorMatch {
  readonly id: string;
  readonly score: number;
  readonly payload: VectorPayload;
}

export interface VectorIndex {
  readonly kind: 'embedded' | 'qdrant';
  readonly dimension: number;
  /** Inserts or replaces by id. */
  upsert(items: readonly VectorItem[]): Promise<void>;
  /** Removes ids; unknown ids are ignored. */
  remove(ids: readonly string[]): Promise<void>;
  search(vector: Float32Array, options: SearchOptions): Promise<VectorMatch[]>;
  count(): Promise<number>;
  close(): Promise<void>;
}

export type VectorIndexErrorCode = 'INVALID_VECTOR' | 'INVALID_ID' | 'INVALID_OPTIONS' | 'BACKEND_UNAVAILABLE' | 'BACKEND_ERROR' | 'CLOSED';

export class VectorIndexError extends Error {
  readonly code: VectorIndexErrorCode;
  constructor(code: VectorIndexErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'VectorIndexError';
    this.code = code;
  }
}

/** Whether a payload passes a filter; the reference semantics every adapter must match. */
export function payloadMatches(payload: VectorPayload, filter: VectorFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.venue_ne !== undefined && payload.venue === filter.venue_ne) return false;
  if (filter.venues !== undefined && !filter.venues.includes(payload.venue)) return false;
  if (filter.category !== undefined && payload.category !== filter.category) return false;
  const end = payload.end_time_ms;
  if (filter.end_time_from_ms !== undefined && (end === null || end < filter.end_time_from_ms)) return false;
  if (filter.end_time_to_ms !== undefined && (end === null || end > filter.end_time_to_ms)) return false;
  return true;
}
