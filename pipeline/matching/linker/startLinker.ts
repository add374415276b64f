import type { Logger } from 'pino';
import type { Config } from '../../../shared/config.ts';
import type { DocumentStore } from '../../../shared/ports/documentStore.ts';
import type { StreamConnection } from '../../streams/connection.ts';
import type { Publisher } from '../../streams/publisher.ts';
import type { ConsumerLoop } from '../../streams/consume.ts';
import { provisionDurable } from '../../streams/provision.ts';
import { runOrderedBatches } from '../../streams/orderedBatches.ts';
import { STREAMS } from '../../../shared/streams/subjects.ts';
import { sharedEmbedPool } from './embedPool.ts';
import { extractOnPool, sharedPropositionPool } from './propositionPool.ts';
import { ensureEmbeddingModel } from '../../../adapters/embedder/createEmbedder.ts';
import { cachedEmbedder } from '../../../adapters/embedder/cachedEmbedder.ts';
import { createVectorIndex } from '../../../adapters/vector/createVectorIndex.ts';
import { marketsProjection } from '../../../projections/markets/projection.ts';
import { withFastPath } from '../../../projections/decodeFast.ts';
import { structuralVerifier } from './structuralVerifier.ts';
import { createLinker } from './linker.ts';
import { overrideSource } from './overrides.ts';
import { createPoolEmbedder, storeEmbeddingCache } from './poolEmbedder.ts';
import { linkerCheckpoint } from './checkpoint.ts';

export const LINKER_DURABLE = 'linker';

/** Markets linked as one run at most, and how many the server may have out unacknowledged (two runs). */
export const LINK_MAX_RUN = 500;
export const LINK_MAX_ACK_PENDING = 2 * LINK_MAX_RUN;
const ACK_WAIT_MS = 60_000;

/**
 * The link role. One durable consumer read as ordered batches (pipeline/streams/orderedBatches.ts): many
 * markets out per round trip, linked as runs of consecutive stream sequences that start right after the
 * linker's checkpoint, the checkpoint moved at the end of each run and its messages acked only then. However
 * many linker processes run, a run is applied only once everything before it is, so runs never overlap and
 * two equivalent new markets can never found two questions. Each run embeds its titles in one call to the
 * embed worker pool and writes once per collection (linker.handleRun); the verifier compares here, and reads the
 * run's propositions on a thread of its own (propositionPool.ts) while the run's first markets are placed.
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
  // The propositions' thread loads the verifier before the first run, so that run's first markets do not wait for it.
  const propositions = sharedPropositionPool(deps.config.LOG_LEVEL);
  await propositions.warmUp();
  const linker = createLinker({
    store: deps.store,
    index,
    embed: (texts) => embedder.embed(texts),
    extractElsewhere: extractOnPool(propositions),
    verifier: structuralVerifier,
    publish: deps.publish,
    overrides: overrideSource(deps.store),
    log,
  });
  const warmed = await linker.warmIndex();
  if (warmed > 0) log.info({ vectors: warmed }, 'vector index refilled from linker state');
  await provisionDurable(deps.conn.jsm, { stream: 'markets', durable: LINKER_DURABLE, maxAckPending: LINK_MAX_ACK_PENDING, ackWaitMs: ACK_WAIT_MS });
  const checkpoint = linkerCheckpoint(deps.store, async () => {
    // Before the first batched run: everything the consumer acked was linked (it was one at a time then).
    const info = await deps.conn.jsm.consumers.info(STREAMS.markets.name, LINKER_DURABLE);
    return info.ack_floor.stream_seq;
  });
  // A run that failed part-way may have published or filed part of its markets: its retry counts as redelivered.
  const attempted = new Set<number>();
  const loop = runOrderedBatches({
    conn: deps.conn,
    stream: 'markets',
    durable: LINKER_DURABLE,
    log,
    decode: withFastPath(marketsProjection),
    checkpoint: () => checkpoint.read(),
    applyRun: async (events, lastSeq) => {
      const items = events.map((e) => ({ event: e.event, redelivered: e.redelivered === true || attempted.has(e.seq) }));
      for (const e of events) attempted.add(e.seq);
      await linker.handleRun(items);
      await checkpoint.write(lastSeq);
      for (const e of events) attempted.delete(e.seq);
    },
    // A long run keeps its messages alive, so the server does not hand them to another linker meanwhile.
    gate: async (work, keepAlive) => {
      const timer = setInterval(keepAlive, ACK_WAIT_MS / 4);
      try {
        return await work();
      } finally {
        clearInterval(timer);
      }
    },
    maxRun: LINK_MAX_RUN,
  });
  return {
    loop,
    close: async () => {
      await loop.stop();
      await index.close();
    },
  };
}
