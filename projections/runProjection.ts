import type { Logger } from 'pino';
import type { Doc, DocumentStore } from '../shared/ports/documentStore.ts';
import type { StreamConnection } from '../pipeline/streams/connection.ts';
import { runConsumer, decodeMessage, ACK, type ConsumerLoop } from '../pipeline/streams/consume.ts';
import { provisionDurable } from '../pipeline/streams/provision.ts';
import type { CustomProjection, Projection } from './projection.ts';
import { applyEvent } from './applyEvent.ts';

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
  });
  return runConsumer({
    conn,
    stream: projection.stream,
    durable,
    log,
    concurrency: 1,
    handle: async (data, meta) => {
      const decoded = decodeMessage(data, projection.decode);
      if (!decoded.ok) return { kind: 'poison', reason: decoded.reason };
      try {
        await applyEvent(store, projection, decoded.event, meta.streamSeq);
        return ACK;
      } catch (err) {
        return { kind: 'retry', delayMs: 1_000, reason: err instanceof Error ? err.message : String(err) };
      }
    },
  });
}

/** Runs a multi-document projection as one durable consumer, in stream order (same contract as above). */
export async function startCustomProjection<E>(conn: StreamConnection, store: DocumentStore, projection: CustomProjection<E>, log: Logger): Promise<ConsumerLoop> {
  for (const c of projection.collections) await store.collection(c.name).ensureIndexes(c.indexes);
  const durable = projectionDurable(projection.name);
  await provisionDurable(conn.jsm, {
    stream: projection.stream,
    durable,
    ...(projection.filterSubject ? { filterSubject: projection.filterSubject } : {}),
  });
  return runConsumer({
    conn,
    stream: projection.stream,
    durable,
    log,
    concurrency: 1,
    handle: async (data, meta) => {
      const decoded = decodeMessage(data, projection.decode);
      if (!decoded.ok) return { kind: 'poison', reason: decoded.reason };
      try {
        await projection.apply(store, decoded.event, meta.streamSeq);
        return ACK;
      } catch (err) {
        return { kind: 'retry', delayMs: 1_000, reason: err instanceof Error ? err.message : String(err) };
      }
    },
  });
}
