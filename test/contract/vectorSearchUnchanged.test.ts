/**
 * The embedded index's exact scan drops a row part-way once its partial sum plus the most the rest can add cannot
 * beat the worst of the k held, its graph search reads keys through EntriesByKey, and a filtered graph search
 * answers the counts up to expansionSearch from one walk (finding 63). Each must answer exactly what the code before
 * answered: the same ids, the same scores to the bit, in the same order, ties included (the catalogue's copies hold
 * equal vectors).
 */
import test from 'ava';
import { VectorMatrix, type StoredEntry } from '../../adapters/vector/vectorMatrix.ts';
import { EntriesByKey } from '../../adapters/vector/entriesByKey.ts';
import { DEFAULT_HNSW, HnswGraph } from '../../adapters/vector/hnswGraph.ts';
import { gauss, rng } from '../support/seededRandom.ts';


/** The scan as it was before the bounds: every row summed to the end. */
function plainScan(rows: ReadonlyArray<{ entry: StoredEntry; unit: Float32Array }>, query: Float32Array, k: number, accept: (e: StoredEntry) => boolean) {
  const best: Array<{ entry: StoredEntry; score: number }> = [];
  let worst = -Infinity;
  for (const { entry, unit } of rows) {
    let dot = 0;
    for (let i = 0; i < unit.length; i++) dot += query[i]! * unit[i]!;
    if (best.length >= k && dot <= worst) continue;
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

const unitOf = (v: Float32Array): Float32Array => {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  const inv = 1 / Math.sqrt(norm);
  return v.map((x) => x * inv);
};

for (const dim of [100, 64, 8]) {
  test(`the bounded scan answers exactly as the plain scan (${dim} dimensions, copies, replacements, removals)`, (t) => {
    const r = rng(dim);
    const centres = Array.from({ length: 12 }, () => Float32Array.from({ length: dim }, () => gauss(r)));
    const matrix = new VectorMatrix(dim, 16);
    const live = new Map<string, { entry: StoredEntry; unit: Float32Array }>();
    const order: string[] = [];
    let key = 1n;
    const put = (id: string, v: Float32Array, venue: string) => {
      const entry: StoredEntry = { id, key: key++, payload: { venue, category: 'crypto', end_time_ms: null } };
      matrix.put(entry, v);
      if (!live.has(id)) order.push(id);
      live.set(id, { entry, unit: unitOf(v) });
    };
    for (let i = 0; i < 1500; i++) {
      const c = centres[i % centres.length]!;
      const v = Float32Array.from(c, (x) => x + gauss(r) * (i % 3 === 0 ? 0.02 : 0.6));
      put(`m${i}`, v, ['a', 'b', 'c'][i % 3]!);
      // Exact copies (equal vectors, so equal scores) of some, under other ids and venues.
      if (i % 7 === 0) put(`copy${i}`, v, ['a', 'b', 'c'][(i + 1) % 3]!);
    }
    for (let i = 0; i < 200; i++) put(`m${i * 5}`, Float32Array.from({ length: dim }, () => gauss(r)), 'b');
    for (let i = 0; i < 150; i++) {
      const id = `m${i * 9 + 1}`;
      if (matrix.delete(id)) live.delete(id);
    }
    // The matrix's slot order after removals (the last row moves into the freed slot), as the plain scan must see it.
    const slots: Array<{ entry: StoredEntry; unit: Float32Array }> = [];
    for (let s = 0; s < matrix.size; s++) slots.push(live.get(matrix.entryAt(s).id)!);
    t.is(slots.length, live.size);
    let compared = 0;
    for (let q = 0; q < 120; q++) {
      const base = q % 2 === 0 ? centres[q % centres.length]! : slots[(q * 37) % slots.length]!.unit;
      const query = unitOf(Float32Array.from(base, (x) => x + gauss(r) * (q % 4 === 0 ? 0 : 0.1)));
      for (const k of [1, 5, 24]) {
        for (const accept of [() => true, (e: StoredEntry) => e.payload.venue !== 'a']) {
          const got = matrix.scan(query, k, accept).map((m) => [m.entry.id, m.score]);
          const want = plainScan(slots, query, k, accept).map((m) => [m.entry.id, m.score]);
          t.deepEqual(got, want);
          compared++;
        }
      }
    }
    t.is(compared, 720);
  });
}

test('EntriesByKey answers the live entry of each key in order, skips replaced and removed keys, and stops when told', (t) => {
  const byKey = new EntriesByKey();
  const entries = Array.from({ length: 10 }, (_, i): StoredEntry => ({ id: `e${i}`, key: BigInt(i + 1), payload: { venue: 'a', category: 'x', end_time_ms: null } }));
  for (const e of entries) byKey.set(e);
  byKey.delete(3n);
  byKey.delete(99n);
  const seen: string[] = [];
  byKey.forEach(BigUint64Array.from([5n, 3n, 1n, 0n, 2n ** 40n, 2n ** 63n + 1n, 10n, 11n]), (e) => (seen.push(e.id), true));
  t.deepEqual(seen, ['e4', 'e0', 'e9']);
  const firstTwo: string[] = [];
  byKey.forEach(BigUint64Array.from([1n, 2n, 4n, 5n]), (e) => (firstTwo.push(e.id), firstTwo.length < 2));
  t.deepEqual(firstTwo, ['e0', 'e1']);
});

test('usearch answers a count up to expansionSearch as the prefix of the walk asked for expansionSearch', (t) => {
  const dim = 32;
  const r = rng(7);
  const centres = Array.from({ length: 20 }, () => Float32Array.from({ length: dim }, () => gauss(r)));
  const n = 4000;
  const rows = new Float32Array(n * dim);
  for (let i = 0; i < n; i++) {
    const c = centres[i % centres.length]!;
    // Every fifth row repeats the one before (equal distances), as the catalogue's copies do.
    for (let d = 0; d < dim; d++) rows[i * dim + d] = i % 5 === 4 ? rows[(i - 1) * dim + d]! : c[d]! + gauss(r) * 0.3;
  }
  const graph = new HnswGraph(dim, DEFAULT_HNSW);
  graph.add(BigUint64Array.from({ length: n }, (_, i) => BigInt(i + 1)), rows);
  for (let i = 0; i < 40; i += 2) graph.remove(BigInt(i * 50 + 1));
  for (let q = 0; q < 60; q++) {
    const query = Float32Array.from(centres[q % centres.length]!, (x) => x + gauss(r) * 0.2);
    const walk = graph.nearest(query, DEFAULT_HNSW.expansionSearch);
    for (const count of [24, 96, 192, DEFAULT_HNSW.expansionSearch]) t.deepEqual([...graph.nearest(query, count)], [...walk.subarray(0, count)]);
  }
});
