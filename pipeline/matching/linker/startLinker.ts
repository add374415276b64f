import type { Logger } from 'pino';
import type { Config } from '../../../shared/config.ts';
import type { DocumentStore } from '../../../shared/ports/documentStore.ts';
import type { StreamConnection } from '../../streams/connection.ts';
import type { Publisher } from '../../streams/publisher.ts';
import { runConsumer, decodeMessage, ACK, type ConsumerLoop } from '../../streams/consume.ts';
import { provisionDurable } from '../../streams/provision.ts';
import { sharedEmbedPool } from './embedPool.ts';
import { ensureEmbeddingModel } from '../../../adapters/embedder/createEmbedder.ts';
import { cachedEmbedder } from '../../../adapters/embedder/cachedEmbedder.ts';
import { createVectorIndex } from '../../../adapters/vector/createVectorIndex.ts';
import { marketsProjection } from '../../../projections/markets/projection.ts';
import { structuralVerifier } from './structuralVerifier.ts';
import { createLinker } from './linker.ts';
import { overrideSource } from './overrides.ts';
import { createPoolEmbedder, storeEmbeddingCache } from './poolEmbedder.ts';

export const LINKER_DURABLE = 'linker';

/**
 * The link role. One durable consumer with max_ack_pending 1: however many linker processes
 * run, one market is being linked at a time, so two equivalent new markets can never found two
 * questions. Embedding runs in a worker pool; the verifier is cheap and runs here.
 */
export async function startLinker(deps: {
  config: Config;
  conn: StreamConnection;
  store: DocumentStore;
  publish: Publisher;
  log: Logger;
}): Promise<{ loop: ConsumerLoop; close(): Promise<void> }> {
  const log = deps.log.child({ role: 'link' });
  const modelPath = await ensureEmbeddingModel(deps.config, log);
  const pool = sharedEmbedPool(modelPath, deps.config.LOG_LEVEL);
  const embedder = cachedEmbedder(await createPoolEmbedder(pool, modelPath), { store: storeEmbeddingCache(deps.store) });
  const index = createVectorIndex({ config: deps.config, modelId: embedder.modelId, dimension: embedder.dimension, logger: log });
  const linker = createLinker({
    store: deps.store,
    index,
    embed: (texts) => embedder.embed(texts),
    verifier: structuralVerifier,
    publish: deps.publish,
    overrides: overrideSource(deps.store),
    log,
  });
  const warmed = await linker.warmIndex();
  if (warmed > 0) log.info({ vectors: warmed }, 'vector index refilled from linker state');
  await provisionDurable(deps.conn.jsm, { stream: 'markets', durable: LINKER_DURABLE, maxAckPending: 1, ackWaitMs: 60_000 });
  const loop = runConsumer({
    conn: deps.conn,
    stream: 'markets',
    durable: LINKER_DURABLE,
    log,
    concurrency: 1,
    handle: async (data, meta) => {
      const decoded = decodeMessage(data, marketsProjection.decode);
      if (!decoded.ok) return { kind: 'poison', reason: decoded.reason };
      await linker.handle(decoded.event, meta.deliveryCount > 1);
      return ACK;
    },
  });
  return {
    loop,
    close: async () => {
      await loop.stop();
      await index.close();
    },
  };
}
