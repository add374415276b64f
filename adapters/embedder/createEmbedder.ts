import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';
import type { Embedder, PersistentEmbeddingStore } from '../../shared/ports/embedder.ts';
import { cachedEmbedder } from './cachedEmbedder.ts';
import { createTransformersEmbedder } from './transformersEmbedder.ts';
import { WINK_MODEL_NAME } from './wordVectors/buildWinkModel.ts';
import { buildWinkModelOffThread } from './wordVectors/buildOffThread.ts';
import { isModelFolderComplete } from './wordVectors/modelFolder.ts';

export type EmbedderConfig = Pick<Config, 'EMBEDDING_MODEL' | 'DATA_DIR'>;

export interface CreateEmbedderOptions {
  readonly config: EmbedderConfig;
  readonly logger: Logger;
  /** Memory LRU size and optional durable layer; `false` returns the bare model. */
  readonly cache?: false | { readonly maxEntries?: number; readonly store?: PersistentEmbeddingStore };
  readonly batchSize?: number;
}

export function defaultModelFolder(config: Pick<Config, 'DATA_DIR'>): string {
  return resolve(join(config.DATA_DIR, 'models', WINK_MODEL_NAME));
}

/**
 * The model to load, as transformers.js understands it: EMBEDDING_MODEL when set (hub name or
 * folder), otherwise the offline wink folder under DATA_DIR, built on first use (~20 s, logged) on a worker
 * thread, so a starting service keeps answering /health and the ops ping meanwhile.
 * Hand the result to embed workers as `modelPath`.
 */
export async function ensureEmbeddingModel(config: EmbedderConfig, logger: Logger): Promise<string> {
  const configured = config.EMBEDDING_MODEL?.trim();
  if (configured) return configured;
  const folder = defaultModelFolder(config);
  if (!(await isModelFolderComplete(folder))) await buildWinkModelOffThread({ outDir: folder, logger });
  return folder;
}

export async function createEmbedder(options: CreateEmbedderOptions): Promise<Embedder> {
  const model = await ensureEmbeddingModel(options.config, options.logger);
  const embedder = await createTransformersEmbedder({
    model,
    logger: options.logger,
    cacheDir: resolve(join(options.config.DATA_DIR, 'models', '.hub-cache')),
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
  if (options.cache === false) return embedder;
  return cachedEmbedder(embedder, options.cache ?? {});
}
