import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { CHECKPOINTS } from '../../projections/applyEvent.ts';

/** Versions read in the current event-loop turn, per store and read model (cleared at the turn's check phase). */
const readThisTurn = new WeakMap<DocumentStore, Map<string, Promise<number>>>();

/**
 * The version of a read model, for caches of what is served from it: the stream sequence its projection
 * has applied up to (its checkpoint; 0 before the first). The projector writes the checkpoint after the
 * documents of the same batch, so a version read before a view is built never claims data the view lacks.
 * One primary-key read of a tiny document, in every process sharing the store.
 *
 * The read is shared by every request handled in the same event-loop turn (until its `setImmediate`
 * phase). All of them were received before it was made: a turn's sockets are the ones the poll found ready,
 * and their bytes were read before any handler ran. So a change committed before a request arrived is still
 * in its answer, and under load the read is paid once per turn instead of once per request (it was the
 * largest single cost of a cached answer: bench/README.md).
 */
export function readModelVersion(store: DocumentStore, projectionName: string): Promise<number> {
  let turn = readThisTurn.get(store);
  const known = turn?.get(projectionName);
  if (known) return known;
  if (!turn) {
    turn = new Map();
    readThisTurn.set(store, turn);
    setImmediate(() => readThisTurn.delete(store));
  }
  const version = readCheckpoint(store, projectionName);
  turn.set(projectionName, version);
  // A failed read (the store is down) is not shared: the next request tries again.
  version.catch(() => {
    if (readThisTurn.get(store)?.get(projectionName) === version) readThisTurn.get(store)!.delete(projectionName);
  });
  return version;
}

async function readCheckpoint(store: DocumentStore, projectionName: string): Promise<number> {
  const checkpoint = await store.collection<Doc & { lastSeq?: unknown }>(CHECKPOINTS).get(projectionName);
  return typeof checkpoint?.lastSeq === 'number' ? checkpoint.lastSeq : 0;
}
