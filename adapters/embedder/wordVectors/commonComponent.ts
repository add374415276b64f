/**
 * The dominant direction shared by frequency-weighted word vectors (SIF's "common component").
 * Removing it from every row removes it from every mean-pooled sentence vector too, because
 * projection is linear; that is how it can be folded into a lookup table.
 */
export function dominantDirection(rows: Float32Array, dimension: number, rowWeights: Float64Array, iterations = 50): Float64Array {
  const n = rowWeights.length;
  let u = new Float64Array(dimension).fill(1 / Math.sqrt(dimension));
  for (let it = 0; it < iterations; it++) {
    const next = new Float64Array(dimension);
    for (let r = 0; r < n; r++) {
      const w = rowWeights[r]!;
      if (w === 0) continue;
      const base = r * dimension;
      let dot = 0;
      for (let d = 0; d < dimension; d++) dot += rows[base + d]! * u[d]!;
      const s = w * dot;
      for (let d = 0; d < dimension; d++) next[d]! += s * rows[base + d]!;
    }
    let norm = 0;
    for (let d = 0; d < dimension; d++) norm += next[d]! * next[d]!;
    norm = Math.sqrt(norm);
    if (norm === 0) return next;
    for (let d = 0; d < dimension; d++) next[d]! /= norm;
    u = next;
  }
  return u;
}

/** rows[i] -= (rows[i] . u) u for every row. */
export function removeDirection(rows: Float32Array, dimension: number, u: Float64Array): void {
  for (let base = 0; base < rows.length; base += dimension) {
    let dot = 0;
    for (let d = 0; d < dimension; d++) dot += rows[base + d]! * u[d]!;
    if (dot === 0) continue;
    for (let d = 0; d < dimension; d++) rows[base + d]! -= dot * u[d]!;
  }
}
