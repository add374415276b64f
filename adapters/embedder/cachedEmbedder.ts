import type { Embedder, PersistentEmbeddingStore } from '../../shared/ports/embedder.ts';
import { LruCache } from './lruCache.ts';

export interface EmbeddingCacheOptions {
  /** In-memory entries kept (most recently used). */
  readonly maxEntries?: number;
  /** Optional durable layer consulted on a memory miss and written after embedding. */
  readonly store?: PersistentEmbeddingStore;
}

/**
 * Titles are compared after Unicode compatibility folding, lowercasing and whitespace collapsing:
 * venues re-publish the same question with cosmetic differences, and none of these change meaning.
 */
export function normalizeTitle(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function embeddingCacheKey(modelId: string, text: string): string {
  return `${modelId}\u0000${normalizeTitle(text)}`;
}

/**
 * Wraps an embedder so unchanged titles are never embedded twice: memory LRU, then the optional
 * store, then the model for what is left (each distinct title once per call).
 */
export function cachedEmbedder(embedder: Embedder, options: EmbeddingCacheOptions = {}): Embedder {
  const memory = new LruCache<string, Float32Array>(options.maxEntries ?? 50_000);
  const store = options.store;

  async function embed(texts: readonly string[]): Promise<Float32Array[]> {
    const keys = texts.map((t) => embeddingCacheKey(embedder.modelId, t));
    const found = new Map<string, Float32Array>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const hit = memory.get(key);
      if (hit) found.set(key, hit);
      else missing.push(key);
    }
    if (store && missing.length > 0) {
      const stored = await store.getMany(missing);
      for (const [key, vector] of stored) {
        if (vector.length !== embedder.dimension) continue; // written by another model build; re-embed
        found.set(key, vector);
        memory.set(key, vector);
      }
    }
    const toEmbed = missing.filter((key) => !found.has(key));
    if (toEmbed.length > 0) {
      const textOf = new Map<string, string>();
      keys.forEach((key, i) => textOf.set(key, normalizeTitle(texts[i]!)));
      const vectors = await embedder.embed(toEmbed.map((key) => textOf.get(key)!));
      // Copies detach each vector from its batch buffer so the cache holds 4*dim bytes per entry.
      const fresh = toEmbed.map((key, i) => [key, Float32Array.from(vectors[i]!)] as const);
      for (const [key, vector] of fresh) {
        found.set(key, vector);
        memory.set(key, vector);
      }
      if (store) await store.setMany(fresh);
    }
    return keys.map((key) => found.get(key)!);
  }

  return {
    modelId: embedder.modelId,
    dimension: embedder.dimension,
    embed,
    close: () => embedder.close(),
  };
}
