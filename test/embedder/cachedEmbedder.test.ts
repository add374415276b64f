import test from 'ava';
import { cachedEmbedder, embeddingCacheKey, normalizeTitle } from '../../adapters/embedder/cachedEmbedder.ts';
import type { Embedder, PersistentEmbeddingStore } from '../../shared/ports/embedder.ts';

/** A counting embedder: vector = [length of text, calls so far], so re-embedding is visible. */
function countingEmbedder() {
  const seen: string[][] = [];
  const embedder: Embedder = {
    modelId: 'counting',
    dimension: 2,
    async embed(texts) {
      seen.push([...texts]);
      return texts.map((t) => new Float32Array([t.length, seen.length]));
    },
    async close() {},
  };
  return { embedder, seen };
}

function mapStore() {
  const map = new Map<string, Float32Array>();
  const store: PersistentEmbeddingStore = {
    async getMany(keys) {
      return new Map(keys.flatMap((k) => (map.has(k) ? [[k, map.get(k)!] as const] : [])));
    },
    async setMany(entries) {
      for (const [k, v] of entries) map.set(k, v);
    },
  };
  return { store, map };
}

test('titles are normalised for the cache key: case, width and whitespace', (t) => {
  t.is(normalizeTitle('  Will  BTC\treach\n100k？ '), 'will btc reach 100k?');
  t.is(embeddingCacheKey('m', 'A  b'), embeddingCacheKey('m', 'a b'));
  t.not(embeddingCacheKey('m1', 'a'), embeddingCacheKey('m2', 'a'));
});

test('unchanged titles are never embedded twice', async (t) => {
  const { embedder, seen } = countingEmbedder();
  const cached = cachedEmbedder(embedder);
  const first = await cached.embed(['Bitcoin 100k', 'Trump wins']);
  const second = await cached.embed(['bitcoin   100K', 'Trump wins', 'Fed cuts']);
  t.deepEqual(seen, [['bitcoin 100k', 'trump wins'], ['fed cuts']]);
  t.deepEqual(Array.from(second[0]!), Array.from(first[0]!));
  t.deepEqual(Array.from(second[1]!), Array.from(first[1]!));
});

test('duplicates within one call are embedded once and returned in input order', async (t) => {
  const { embedder, seen } = countingEmbedder();
  const out = await cachedEmbedder(embedder).embed(['a', 'bb', 'A', 'a ']);
  t.deepEqual(seen, [['a', 'bb']]);
  t.deepEqual(out.map((v) => v[0]), [1, 2, 1, 1]);
});

test('the LRU evicts the least recently used title', async (t) => {
  const { embedder, seen } = countingEmbedder();
  const cached = cachedEmbedder(embedder, { maxEntries: 2 });
  await cached.embed(['a', 'b']);
  await cached.embed(['a']); // a is now most recent
  await cached.embed(['c']); // evicts b
  await cached.embed(['a', 'b']);
  t.deepEqual(seen, [['a', 'b'], ['c'], ['b']]);
});

test('the persistent store spares the model after a restart and receives new vectors', async (t) => {
  const { store, map } = mapStore();
  const one = countingEmbedder();
  await cachedEmbedder(one.embedder, { store }).embed(['Bitcoin 100k']);
  t.is(map.size, 1);
  const two = countingEmbedder(); // a fresh process: empty memory cache
  const out = await cachedEmbedder(two.embedder, { store }).embed(['bitcoin 100k', 'new title']);
  t.deepEqual(two.seen, [['new title']]);
  t.is(out[0]![0], 12);
  t.is(map.size, 2);
});

test('stored vectors of the wrong dimension are re-embedded', async (t) => {
  const { store, map } = mapStore();
  map.set(embeddingCacheKey('counting', 'x'), new Float32Array([1, 2, 3]));
  const { embedder, seen } = countingEmbedder();
  const [v] = await cachedEmbedder(embedder, { store }).embed(['x']);
  t.deepEqual(seen, [['x']]);
  t.is(v!.length, 2);
});
