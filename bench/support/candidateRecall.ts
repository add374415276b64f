/**
 * The oracle for the vector index's candidate recall: an exact cosine scan over every vector the index was given,
 * written apart from the index (no shared code), so HNSW's approximate neighbours are measured against the true ones.
 */
export class ExactNeighbours {
  readonly #ids: string[] = [];
  readonly #venues: string[] = [];
  readonly #rows: Float32Array[] = [];
  readonly #slot = new Map<string, number>();

  add(id: string, vector: Float32Array, venue: string): void {
    const row = unit(vector);
    const at = this.#slot.get(id);
    if (at !== undefined) {
      this.#rows[at] = row;
      this.#venues[at] = venue;
      return;
    }
    this.#slot.set(id, this.#ids.length);
    this.#ids.push(id);
    this.#venues.push(venue);
    this.#rows.push(row);
  }

  get size(): number {
    return this.#ids.length;
  }

  /** Cosine similarity of a stored vector with `query`, or -Infinity for an unknown id. */
  similarity(id: string, query: Float32Array): number {
    const at = this.#slot.get(id);
    return at === undefined ? Number.NEGATIVE_INFINITY : dot(this.#rows[at]!, unit(query));
  }

  /** The `k` most similar vectors of venues other than `excludeVenue`, best first, with their similarity. */
  top(query: Float32Array, k: number, excludeVenue: string): Array<{ id: string; score: number }> {
    const q = unit(query);
    const best: Array<{ id: string; score: number }> = [];
    for (let i = 0; i < this.#rows.length; i++) {
      if (this.#venues[i] === excludeVenue) continue;
      const score = dot(this.#rows[i]!, q);
      if (best.length === k && score <= best[k - 1]!.score) continue;
      let j = best.length === k ? k - 1 : best.length;
      if (best.length < k) best.push({ id: '', score: 0 });
      while (j > 0 && best[j - 1]!.score < score) {
        best[j] = best[j - 1]!;
        j--;
      }
      best[j] = { id: this.#ids[i]!, score };
    }
    return best;
  }
}

/**
 * Recall of `found` against the exact `truth` (best first): the share of the truth's first `n` that `found` holds.
 * A found id as similar as the n-th true neighbour (a tie at the boundary) counts as one of them.
 */
export function recallOf(found: readonly { id: string; score: number }[], truth: readonly { id: string; score: number }[], n: number): number {
  const want = truth.slice(0, n);
  if (want.length === 0) return 1;
  const floor = want[want.length - 1]!.score - 1e-6;
  const wanted = new Set(want.map((t) => t.id));
  let hit = 0;
  for (const f of found) if (wanted.has(f.id) || f.score >= floor) hit++;
  return Math.min(1, hit / want.length);
}

function unit(v: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * inv;
  return out;
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
