import type { Logger } from 'pino';
import {
  type SearchOptions, type VectorIndex, VectorIndexError, type VectorItem, type VectorMatch, payloadMatches,
} from '../../shared/ports/vectorIndex.ts';
import { DEFAULT_HNSW, HnswGraph, type HnswParams } from './hnswGraph.ts';
import { checkItems, checkSearch } from './validateVectorInput.ts';
import { VectorMatrix } from './vectorMatrix.ts';
import { EntriesByKey } from './entriesByKey.ts';

export interface EmbeddedVectorIndexOptions {
  readonly dimension: number;
  readonly logger: Logger;
  /** Above this many vectors searches go through an HNSW graph; at or below, an exact scan. */
  readonly hnswThreshold?: number;
  readonly hnsw?: Partial<HnswParams>;
  /** With a filter, ask the graph for k x this many neighbours before filtering (doubled until enough). */
  readonly overFetch?: number;
}

// Exact scans of 10k 100-d vectors take ~2-3 ms here and are never wrong; the graph pays off beyond.
export const DEFAULT_HNSW_THRESHOLD = 10_000;

export interface EmbeddedVectorIndex extends VectorIndex {
  /** How searches are answered right now (observability and tests). */
  readonly mode: 'exact' | 'hnsw';
}

/**
 * In-process VectorIndex. Small sets are scanned exactly (faster than a graph and never wrong);
 * past `hnswThreshold` a usearch HNSW graph is built from the stored rows and kept in step with
 * every write; it is dropped again when the set shrinks below half the threshold.
 */
export function createEmbeddedVectorIndex(options: EmbeddedVectorIndexOptions): EmbeddedVectorIndex {
  const { dimension } = options;
  if (!Number.isInteger(dimension) || dimension < 1) throw new VectorIndexError('INVALID_OPTIONS', `dimension must be a positive integer, got ${dimension}`);
  const log = options.logger.child({ component: 'vector-index', kind: 'embedded' });
  const threshold = options.hnswThreshold ?? DEFAULT_HNSW_THRESHOLD;
  const params: HnswParams = { ...DEFAULT_HNSW, ...options.hnsw };
  const overFetch = Math.max(1, options.overFetch ?? 4);
  const matrix = new VectorMatrix(dimension);
  const byKey = new EntriesByKey();
  let graph: HnswGraph | null = null;
  let nextKey = 1n;
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new VectorIndexError('CLOSED', 'vector index is closed');
  };

  function buildGraph(): void {
    const started = Date.now();
    const g = new HnswGraph(dimension, params);
    const keys = new BigUint64Array(matrix.size);
    for (let slot = 0; slot < matrix.size; slot++) keys[slot] = matrix.entryAt(slot).key;
    g.add(keys, matrix.rowsView());
    graph = g;
    log.info({ vectors: matrix.size, ms: Date.now() - started }, 'switched to HNSW search');
  }

  function adjustMode(): void {
    if (!graph && matrix.size > threshold) buildGraph();
    else if (graph && matrix.size < threshold / 2) {
      graph = null;
      log.info({ vectors: matrix.size }, 'switched to exact search');
    }
  }

  function toMatch(id: string, score: number): VectorMatch {
    return { id, score, payload: { ...matrix.entry(id)!.payload } };
  }

  function unit(vector: Float32Array): Float32Array {
    let norm = 0;
    for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
    const inv = 1 / Math.sqrt(norm);
    return vector.map((x) => x * inv);
  }

  function graphSearch(g: HnswGraph, query: Float32Array, options: SearchOptions): VectorMatch[] | null {
    const { k, filter } = options;
    let want = filter ? k * overFetch : k;
    // usearch walks the graph keeping max(count, expansionSearch) candidates and answers the nearest `count` of them,
    // so one walk asked for expansionSearch answers every smaller count: the same keys in the same order, a prefix.
    // A filter that leaves too few asks again with twice the count; up to expansionSearch that walk is not repeated.
    let walked: BigUint64Array | null = null;
    let walkedFor = 0;
    for (;;) {
      const count = Math.min(want, matrix.size);
      if (walked === null || count > walkedFor) {
        walkedFor = filter ? Math.max(count, params.expansionSearch) : count;
        walked = g.nearest(query, walkedFor);
      }
      const keys = walked.length > count ? walked.subarray(0, count) : walked;
      const out: VectorMatch[] = [];
      byKey.forEach(keys, (entry) => {
        if (payloadMatches(entry.payload, filter)) out.push(toMatch(entry.id, dot(query, matrix.row(entry.id)!)));
        return out.length < k;
      });
      if (out.length >= k || count >= matrix.size) return out.sort((a, b) => b.score - a.score);
      // A selective filter: widen a few times, then let the exact scan answer.
      if (want >= k * overFetch * 16) return null;
      want *= 2;
    }
  }

  return {
    kind: 'embedded',
    dimension,
    get mode() {
      return graph ? 'hnsw' : 'exact';
    },
    async upsert(items: readonly VectorItem[]) {
      assertOpen();
      checkItems(items, dimension);
      const added: Array<{ key: bigint; id: string }> = [];
      for (const item of items) {
        const key = nextKey++;
        const entry = { id: item.id, key, payload: { ...item.payload } };
        const previous = matrix.put(entry, item.vector);
        if (previous) {
          byKey.delete(previous.key);
          graph?.remove(previous.key);
        }
        byKey.set(entry);
        added.push({ key, id: item.id });
      }
      if (graph) {
        const keys = new BigUint64Array(added.map((a) => a.key));
        const rows = new Float32Array(added.length * dimension);
        added.forEach((a, i) => rows.set(matrix.row(a.id)!, i * dimension));
        graph.add(keys, rows);
      }
      adjustMode();
    },
    async remove(ids: readonly string[]) {
      assertOpen();
      for (const id of ids) {
        const removed = matrix.delete(id);
        if (!removed) continue;
        byKey.delete(removed.key);
        graph?.remove(removed.key);
      }
      adjustMode();
    },
    async search(vector: Float32Array, options: SearchOptions) {
      assertOpen();
      checkSearch(vector, options, dimension);
      const query = unit(vector);
      if (graph) {
        const viaGraph = graphSearch(graph, query, options);
        if (viaGraph) return viaGraph;
      }
      return matrix
        .scan(query, options.k, (entry) => payloadMatches(entry.payload, options.filter))
        .map(({ entry, score }) => ({ id: entry.id, score, payload: { ...entry.payload } }));
    },
    async count() {
      assertOpen();
      return matrix.size;
    },
    async close() {
      closed = true;
      graph = null;
    },
  };
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
