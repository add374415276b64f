import type { Logger } from 'pino';
import { isStoreUnavailable, type Doc, type DocumentStore } from '../shared/ports/documentStore.ts';
import type { StreamConnection } from '../pipeline/streams/connection.ts';
import { runConsumer, decodeMessage, ACK, type ConsumerLoop } from '../pipeline/streams/consume.ts';
import { provisionDurable } from '../pipeline/streams/provision.ts';
import type { CustomProjection, Projection } from './projection.ts';
import { applyEvent } from './applyEvent.ts';
import { projectionGate } from '../pipeline/ops/projectionControl.ts';

export const projectionDurable = (name: string): string => `proj-${name}`;

/**
 * Runs one projection as a single durable consumer, in stream order. Invalid messages are
 * dead-lettered; store failures are retried (nak with delay) and never acked early.
 */
export async function startProjection<E, D extends Doc>(
  conn: StreamConnection,
  store: DocumentStore,
  projection: Projection<E, D>,
  log: Logger,
): Promise<ConsumerLoop> {
  await store.collection<D>(projection.collection).ensureIndexes(projection.indexes);
  if (projection.textIndex) await store.collection<D>(projection.collection).ensureTextIndex(projection.textIndex);
  const durable = projectionDurable(projection.name);
  await provisionDurable(conn.jsm, {
    stream: projection.stream,
    durable,
    ...(projection.filterSubject ? { filterSubject: projection.filterSubject } : {}),
    // In stream order, strictly: the checkpoint skips every sequence at or below it, so a message redelivered
    // after a later one was applied (a nak, or one left unacked by a stopped process) would be lost. With one
    // unacknowledged message at most, the server never delivers past it.
    maxAckPending: 1,
  });
  // An operator tool (replay) may pause this projection to be the read model's only writer for a while.
  const gate = await projectionGate(conn.nc, projection.name, log);
  const loop = runConsumer({
    conn,
    stream: projection.stream,
    durable,
    log,
    concurrency: 1,
    handle: async (data, meta) => {
      const decoded = decodeMessage(data, projection.decode);
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
  return {
    done: loop.done,
    stop: async () => {
      gate.close();
      await loop.stop();
    },
  };
}

/** Runs a multi-document projection as one durable consumer, in stream order (same contract as above). */
export async function startCustomProjection<E>(conn: StreamConnection, store: DocumentStore, projection: CustomProjection<E>, log: Logger): Promise<ConsumerLoop> {
  for (const c of projection.collections) await store.collection(c.name).ensureIndexes(c.indexes);
  const durable = projectionDurable(projection.name);
  await provisionDurable(conn.jsm, {
    stream: projection.stream,
    durable,
    ...(projection.filterSubject ? { filterSubject: projection.filterSubject } : {}),
    // Its documents skip every sequence at or below the one they last applied, like a checkpoint: in stream
    // order strictly, or a message redelivered after a later one was applied would be acked unapplied.
    maxAckPending: 1,
  });
  // Replay pauses it too while it swaps rebuilt collections in (a write to the old ones then would be lost).
  const gate = await projectionGate(conn.nc, projection.name, log);
  const loop = runConsumer({
    conn,
    stream: projection.stream,
    durable,
    log,
    concurrency: 1,
    handle: async (data, meta) => {
      const decoded = decodeMessage(data, projection.decode);
      if (!decoded.ok) return { kind: 'poison', reason: decoded.reason };
      try {
        await gate.run(() => projection.apply(store, decoded.event, meta.streamSeq), meta.working);
        return ACK;
      } catch (err) {
        if (isStoreUnavailable(err)) throw err;
        return { kind: 'retry', delayMs: 1_000, reason: err instanceof Error ? err.message : String(err) };
      }
    },
  });
  return {
    done: loop.done,
    stop: async () => {
      gate.close();
      await loop.stop();
    },
  };
}
