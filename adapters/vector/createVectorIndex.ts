import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';
import type { VectorIndex } from '../../shared/ports/vectorIndex.ts';
import { createEmbeddedVectorIndex } from './embeddedVectorIndex.ts';
import { createQdrantVectorIndex } from './qdrantVectorIndex.ts';

export interface CreateVectorIndexOptions {
  readonly config: Pick<Config, 'QDRANT_URL' | 'QDRANT_API_KEY'>;
  /** The embedder's model id and dimension: Qdrant keeps one collection per pair. */
  readonly modelId: string;
  readonly dimension: number;
  readonly logger: Logger;
  /** Embedded only: vectors above which HNSW replaces the exact scan. */
  readonly hnswThreshold?: number;
}

/** Qdrant when QDRANT_URL is set; otherwise the in-process index (no server needed). */
export function createVectorIndex(options: CreateVectorIndexOptions): VectorIndex {
  const { config, logger, modelId, dimension } = options;
  if (config.QDRANT_URL) {
    logger.info({ url: config.QDRANT_URL, modelId, dimension }, 'vector index: Qdrant');
    return createQdrantVectorIndex({
      url: config.QDRANT_URL,
      modelId,
      dimension,
      logger,
      ...(config.QDRANT_API_KEY ? { apiKey: config.QDRANT_API_KEY } : {}),
    });
  }
  logger.info({ modelId, dimension }, 'vector index: embedded');
  return createEmbeddedVectorIndex({
    dimension,
    logger,
    ...(options.hnswThreshold !== undefined ? { hnswThreshold: options.hnswThreshold } : {}),
  });
}
