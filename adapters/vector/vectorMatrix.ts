import type { VectorPayload } from '../../shared/ports/vectorIndex.ts';

export interface StoredEntry {
  readonly id: string;
  /** Key in the HNSW graph; changes on every replace so stale graph nodes never resolve. */
  readonly key: bigint;
  readonly payload: VectorPayload;
}

/**
 * Unit vectors in one contiguous Float32Array (rows packed, removal swaps the last row in), so an
 * exact scan is a tight loop over memory and cosine similarity is a dot product.
 */
export class VectorMatrix {
  readonly dimension: number;
  #rows: Float32Array;
  #entries: StoredEntry[] = [];
  readonly #slotOf = new Map<string, number>();

  constructor(dimension: number, initialCapacity = 1024) {
    this.dimension = dimension;
    this.#rows = new Float32Array(initialCapacity * dimension);
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
    }
    this.#entries.pop();
    this.#slotOf.delete(id);
    return removed;
  }

  /** Dot product of the (unit) query with every row passing `accept`; the best k, best first. */
  scan(query: Float32Array, k: number, accept: (entry: StoredEntry) => boolean): Array<{ entry: StoredEntry; score: number }> {
    const dim = this.dimension;
    const rows = this.#rows;
    const best: Array<{ entry: StoredEntry; score: number }> = [];
    let worst = -Infinity;
    for (let slot = 0; slot < this.#entries.length; slot++) {
      const base = slot * dim;
      let dot = 0;
      for (let i = 0; i < dim; i++) dot += query[i]! * rows[base + i]!;
      if (best.length >= k && dot <= worst) continue;
      const entry = this.#entries[slot]!;
      if (!accept(entry)) continue;
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
    const grown = new Float32Array(Math.max(rows, (this.#rows.length / this.dimension) * 2) * this.dimension);
    grown.set(this.#rows);
    this.#rows = grown;
  }
}
