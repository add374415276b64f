import type { VectorPayload } from '../../shared/ports/vectorIndex.ts';

export interface StoredEntry {
  readonly id: string;
  /** Key in the HNSW graph; changes on every replace so stale graph nodes never resolve. */
  readonly key: bigint;
  readonly payload: VectorPayload;
}

/**
 * Added to a bound before a row is dropped: a dot product of unit vectors summed in doubles is within ~1e-14 of
 * its exact value, so a row is only dropped when its whole sum could not have come out above the worst held.
 */
const BOUND_SLACK = 1e-9;

/** The norms of one row's dimensions (`v` from `base`, `dim` long) from each split to the end. */
function tailNorms(v: Float32Array, base: number, dim: number, splits: readonly number[]): Float64Array {
  const out = new Float64Array(splits.length);
  let sum = 0;
  let i = dim;
  for (let p = splits.length - 1; p >= 0; p--) {
    for (; i > splits[p]!; i--) sum += v[base + i - 1]! * v[base + i - 1]!;
    out[p] = Math.sqrt(sum);
  }
  return out;
}

/**
 * Unit vectors in one contiguous Float32Array (rows packed, removal swaps the last row in), so an
 * exact scan is a tight loop over memory and cosine similarity is a dot product.
 */
export class VectorMatrix {
  readonly dimension: number;
  #rows: Float32Array;
  /** Per row, the norm of its dimensions from each split on (`#splits.length` per row): the scan's bounds. */
  #tails: Float64Array;
  readonly #splits: readonly number[];
  #entries: StoredEntry[] = [];
  readonly #slotOf = new Map<string, number>();

  constructor(dimension: number, initialCapacity = 1024) {
    this.dimension = dimension;
    this.#rows = new Float32Array(initialCapacity * dimension);
    this.#splits = dimension >= 16 ? [dimension >> 2, dimension >> 1, (3 * dimension) >> 2] : [];
    this.#tails = new Float64Array(initialCapacity * this.#splits.length);
  }

  get size(): number {
    return this.#entries.length;
  }

  has(id: string): boolean {
    return this.#slotOf.has(id);
  }

  entry(id: string): StoredEntry | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#entries[slot];
  }

  entryAt(slot: number): StoredEntry {
    return this.#entries[slot]!;
  }

  row(id: string): Float32Array | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#rows.subarray(slot * this.dimension, (slot + 1) * this.dimension);
  }

  /** Every row, for bulk loading a graph; valid until the next write. */
  rowsView(): Float32Array {
    return this.#rows.subarray(0, this.size * this.dimension);
  }

  /** Stores a normalised copy of `vector`; returns the previous entry when replacing. */
  put(entry: StoredEntry, vector: Float32Array): StoredEntry | undefined {
    let slot = this.#slotOf.get(entry.id);
    const previous = slot === undefined ? undefined : this.#entries[slot];
    if (slot === undefined) {
      slot = this.#entries.length;
      this.#ensureCapacity(slot + 1);
      this.#entries.push(entry);
      this.#slotOf.set(entry.id, slot);
    } else {
      this.#entries[slot] = entry;
    }
    let norm = 0;
    for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
    const inv = 1 / Math.sqrt(norm);
    const base = slot * this.dimension;
    for (let i = 0; i < this.dimension; i++) this.#rows[base + i] = vector[i]! * inv;
    this.#tails.set(tailNorms(this.#rows, base, this.dimension, this.#splits), slot * this.#splits.length);
    return previous;
  }

  delete(id: string): StoredEntry | undefined {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return undefined;
    const removed = this.#entries[slot]!;
    const last = this.#entries.length - 1;
    if (slot !== last) {
      const moved = this.#entries[last]!;
      this.#entries[slot] = moved;
      this.#slotOf.set(moved.id, slot);
      this.#rows.copyWithin(slot * this.dimension, last * this.dimension, (last + 1) * this.dimension);
      const parts = this.#splits.length;
      this.#tails.copyWithin(slot * parts, last * parts, (last + 1) * parts);
    }
    this.#entries.pop();
    this.#slotOf.delete(id);
    return removed;
  }

  /**
   * Dot product of the (unit) query with every row passing `accept`; the best k, best first. Once k are held, a
   * row is dropped part-way when what is summed so far plus the most its other dimensions can add (the product of
   * the query's and the row's norms over them, Cauchy-Schwarz) cannot beat the worst held: such a row would have
   * been skipped after its whole sum too, and a row summed to the end is summed in the same order as always, so
   * the answer is the same numbers in the same order. `accept` is asked of every row, before its sum.
   */
  scan(query: Float32Array, k: number, accept: (entry: StoredEntry) => boolean): Array<{ entry: StoredEntry; score: number }> {
    const dim = this.dimension;
    const rows = this.#rows;
    const tails = this.#tails;
    const splits = this.#splits;
    const parts = splits.length;
    const queryTails = tailNorms(query, 0, dim, splits);
    const best: Array<{ entry: StoredEntry; score: number }> = [];
    let worst = -Infinity;
    const entries = this.#entries;
    rows: for (let slot = 0; slot < entries.length; slot++) {
      // A row the filter refuses is never held, so it is refused before its sum (most of a linker search's rows
      // are the market's own venue's): the rows summed, and their sums, are the ones held as before.
      const entry = entries[slot]!;
      if (!accept(entry)) continue;
      const base = slot * dim;
      let dot = 0;
      let i = 0;
      if (best.length >= k) {
        for (let p = 0; p < parts; p++) {
          const end = splits[p]!;
          for (; i < end; i++) dot += query[i]! * rows[base + i]!;
          if (dot + queryTails[p]! * tails[slot * parts + p]! + BOUND_SLACK <= worst) continue rows;
        }
      }
      for (; i < dim; i++) dot += query[i]! * rows[base + i]!;
      if (best.length >= k && dot <= worst) continue;
      best.push({ entry, score: dot });
      if (best.length > k) {
        best.sort((a, b) => b.score - a.score);
        best.length = k;
      }
      if (best.length >= k) worst = Math.min(...best.map((b) => b.score));
    }
    return best.sort((a, b) => b.score - a.score);
  }

  #ensureCapacity(rows: number): void {
    if (rows * this.dimension <= this.#rows.length) return;
    const capacity = Math.max(rows, (this.#rows.length / this.dimension) * 2);
    const grown = new Float32Array(capacity * this.dimension);
    grown.set(this.#rows);
    this.#rows = grown;
    const grownTails = new Float64Array(capacity * this.#splits.length);
    grownTails.set(this.#tails);
    this.#tails = grownTails;
  }
}
