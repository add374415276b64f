import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { Doc, DocumentStore } from '../../../shared/ports/documentStore.ts';
import type { Embedder, PersistentEmbeddingStore } from '../../../shared/ports/embedder.ts';
import type { WorkerPool } from '../../process/workerPool.ts';
import { vectorFromBase64, vectorToBase64 } from './state.ts';

/** An Embedder whose model runs in the embed worker pool, so the linker's thread stays free. */
export async function createPoolEmbedder(pool: WorkerPool, modelPath: string): Promise<Embedder> {
  const run = (texts: readonly string[]) => pool.run<Float32Array[]>({ texts: [...texts], modelPath });
  const [probe] = await run(['probe']);
  return {
    modelId: basename(modelPath),
    dimension: probe?.length ?? 0,
    embed: (texts) => run(texts),
    close: async () => {},
  };
}

interface CachedVector extends Doc {
  readonly _id: string;
  readonly v: string;
}

/** Embeddings kept in the DocumentStore, so a restart does not re-embed unchanged titles. */
export function storeEmbeddingCache(store: DocumentStore): PersistentEmbeddingStore {
  const coll = store.collection<CachedVector>('embedding_cache');
  const id = (key: string) => createHash('sha256').update(key).digest('hex');
  return {
    getMany: async (keys) => {
      const docs = await coll.getMany(keys.map(id));
      const byId = new Map(docs.map((d) => [d._id, d.v]));
      const out = new Map<string, Float32Array>();
      for (const key of keys) {
        const v = byId.get(id(key));
        if (v) out.set(key, vectorFromBase64(v));
      }
      return out;
    },
    setMany: async (entries) => {
      await coll.putMany(entries.map(([key, vector]) => ({ _id: id(key), v: vectorToBase64(vector) })));
    },
  };
}
