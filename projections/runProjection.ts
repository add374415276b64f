import type { Logger } from 'pino';
import { isStoreUnavailable, type Doc, type DocumentStore } from '../shared/ports/documentStore.ts';
import type { StreamConnection } from '../pipeline/streams/connection.ts';
import { runConsumer, decodeMessage, ACK, type ConsumerLoop } from '../pipeline/streams/consume.ts';
import { provisionDurable } from '../pipeline/streams/provision.ts';
import type { CustomProjection, Projection } from './projection.ts';
import { applyEvent, CHECKPOINTS } from './applyEvent.ts';
import { applyBatch, applyBuffered } from './applyBatch.ts';
import { runOrderedBatches } from '../pipeline/streams/orderedBatches.ts';
import { sharedDecodes } from '../pipeline/streams/sharedDecodes.ts';
import { projectionGate, type ProjectionGate } from '../pipeline/ops/projectionControl.ts';
import { STREAMS } from '../shared/streams/subjects.ts';
import { withFastPath } from './decodeFast.ts';

export const projectionDurable = (name: string): string => `proj-${name}`;

/** Messages applied as one batch at most, and how many the server may have out unacknowledged (two batches). */
export const BATCHED_MAX_RUN = 500;
export const BATCHED_MAX_ACK_PENDING = 2 * BATCHED_MAX_RUN;
/**
 * How long a short run waits for more messages before it is applied. Each run is a store transaction with a
 * fixed cost (commit, and for markets an FTS5 segment); a projection that keeps up with a trickle otherwise
 * commits a few messages at a time. A read model then trails its stream by this much more at most.
 */
export const BATCHED_LINGER_MS = 100;

/** The loop, whose stop first closes its operator gate (a pause in force is lifted, so it cannot hold the stop). */
function closingGate(loop: ConsumerLoop, gate: ProjectionGate): ConsumerLoop {
  return {
    done: loop.done,
    stop: async () => {
      gate.close();
      await loop.stop();
    },
  };
}

/**
 * Runs one projection as a single durable consumer, in stream order. Invalid messages are
 * dead-lettered; store failures are retried (nak with delay) and never acked early.
 */
export async function startProjection<E, D extends Doc, M = E>(
  conn: StreamConnection,
  store: DocumentStore,
  projection: Projection<E, D, M>,
  log: Logger,
): Promise<ConsumerLoop> {
  await store.collection<D>(projection.collection).ensureIndexes(projection.indexes);
  if (projection.textIndex) await store.collection<D>(projection.collection).ensureTextIndex(projection.textIndex);
  const durable = projectionDurable(projection.name);
  // A whole stream has consecutive sequences, so the batch consumer can see a missing one and wait for it
  // (pipeline/streams/orderedBatches.ts): many messages in flight, applied in batches, none acked unapplied.
  const batched = !projection.filterSubject;
  await provisionDurable(conn.jsm, {
    stream: projection.stream,
    durable,
    ...(projection.filterSubject ? { filterSubject: projection.filterSubject } : {}),
    // One at a time otherwise: the checkpoint skips every sequence at or below it, so a message redelivered
    // after a later one was applied (a nak, or one left unacked by a stopped process) would be lost. With one
    // unacknowledged message at most, the server never delivers past it.
    maxAckPending: batched ? BATCHED_MAX_ACK_PENDING : 1,
  });
  // An operator tool (replay) may pause this projection to be the read model's only writer for a while.
  const gate = await projectionGate(conn.nc, projection.name, log);
  const decode = withFastPath(projection);
  if (batched) {
    const checkpoints = store.collection<Doc & { lastSeq: number }>(CHECKPOINTS);
    const loop = runOrderedBatches<M>({
      conn,
      stream: projection.stream,
      durable,
      log,
      decode,
      checkpoint: async () => (await checkpoints.get(projection.name))?.lastSeq ?? 0,
      applyRun: async (events, lastSeq) => {
        await applyBatch(store, projection, events);
        // Trailing poison or other consumers' retry copies: move the checkpoint past them, never back (a replay
        // may have swapped in a rebuild with a later checkpoint while this run waited at the gate).
        if (events.length === 0 || events[events.length - 1]!.seq < lastSeq) {
          const current = (await checkpoints.get(projection.name))?.lastSeq ?? 0;
          if (current < lastSeq) await checkpoints.put({ _id: projection.name, lastSeq });
        }
      },
      gate: (work, keepAlive) => gate.run(work, keepAlive),
      maxRun: BATCHED_MAX_RUN,
      lingerMs: BATCHED_LINGER_MS,
      // MARKETS feeds three read models with one decoder: each message is parsed and validated once.
      sharedDecodes: sharedDecodes(STREAMS[projection.stream].name),
    });
    return closingGate(loop, gate);
  }
  const loop = runConsumer({
    conn,
    stream: projection.stream,
    durable,
    log,
    concurrency: 1,
    handle: async (data, meta) => {
      const decoded = decodeMessage(data, decode);
      if (!decoded.ok) return { kind: 'poison', reason: decoded.reason };
      try {
        await gate.run(() => applyEvent(store, projection, decoded.event, meta.streamSeq), meta.working);
        return ACK;
      } catch (err) {
        // The consumer loop holds the message while the store is down; anything else is retried.
        if (isStoreUnavailable(err)) throw err;
        return { kind: 'retry', delayMs: 1_000, reason: err instanceof Error ? err.message : String(err) };
      }
    },
  });
  return closingGate(loop, gate);
}

/**
 * Runs a multi-document projection as one durable consumer, applying the messages it holds in batches, in
 * sequence order: each batch through an in-memory overlay, written one collection at a time in the
 * projection's writeOrder, then acked. Its documents record what they applied, so a redelivery is harmless.
 */
export async function startCustomProjection<E>(conn: StreamConnection, store: DocumentStore, projection: CustomProjection<E>, log: Logger): Promise<ConsumerLoop> {
  for (const c of projection.collections) await store.collection(c.name).ensureIndexes(c.indexes);
  const durable = projectionDurable(projection.name);
  await provisionDurable(conn.jsm, {
    stream: projection.stream,
    durable,
    ...(projection.filterSubject ? { filterSubject: projection.filterSubject } : {}),
    maxAckPending: BATCHED_MAX_ACK_PENDING,
  });
  // Replay pauses it too while it swaps rebuilt collections in (a write to the old ones then would be lost).
  const gate = await projectionGate(conn.nc, projection.name, log);
  // Its documents keep high-water sequences (a venue's totals record the last event they absorbed), so a
  // message applied after a later one would be skipped there but recorded elsewhere: the read model must see
  // the stream in order. It has no checkpoint of its own; the consumer's ack floor is one (nothing is acked
  // before it was applied), kept with what this process applied since. Over a whole stream the batch
  // consumer then waits for a missing sequence (a message left unacked by a dropped connection) instead of
  // running past it.
  let appliedUpTo = 0;
  const streamName = STREAMS[projection.stream].name;
  const orderedCheckpoint = projection.filterSubject
    ? undefined
    : async () => {
        const info = await conn.jsm.consumers.info(streamName, durable);
        appliedUpTo = Math.max(appliedUpTo, info.ack_floor.stream_seq);
        return appliedUpTo;
      };
  const loop = runOrderedBatches<E>({
    conn,
    stream: projection.stream,
    durable,
    log,
    decode: withFastPath(projection),
    ...(orderedCheckpoint ? { checkpoint: orderedCheckpoint } : {}),
    applyRun: async (events, lastSeq) => {
      let reads: Map<string, string[]> | undefined;
      if (projection.readsOf) {
        const wanted = new Map<string, Set<string>>();
        const add = (collection: string, id: string): void => {
          let ids = wanted.get(collection);
          if (!ids) wanted.set(collection, (ids = new Set()));
          ids.add(id);
        };
        for (const { event } of events) projection.readsOf(event, add);
        reads = new Map([...wanted].map(([name, ids]) => [name, [...ids]]));
      }
      await applyBuffered(
        store,
        projection.writeOrder,
        async (view) => {
          for (const { event, seq } of events) await projection.apply(view, event, seq);
        },
        reads,
      );
      appliedUpTo = Math.max(appliedUpTo, lastSeq);
    },
    gate: (work, keepAlive) => gate.run(work, keepAlive),
    maxRun: BATCHED_MAX_RUN,
    lingerMs: BATCHED_LINGER_MS,
    sharedDecodes: sharedDecodes(streamName),
  });
  return closingGate(loop, gate);
}
