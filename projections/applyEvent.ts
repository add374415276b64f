import type { Doc, DocumentStore } from '../shared/ports/documentStore.ts';
import type { Projection, ProjectedDoc } from './projection.ts';

export const CHECKPOINTS = '_projection_checkpoints';

interface Checkpoint extends Doc {
  readonly _id: string;
  readonly lastSeq: number;
}

export type ApplyResult = 'applied' | 'skipped_seen' | 'skipped_irrelevant';

/**
 * Applies one stream message to a read model idempotently: a message at or below the
 * projection checkpoint, or below the document's own lastSeq, changes nothing.
 */
export async function applyEvent<E, D extends Doc>(
  store: DocumentStore,
  projection: Projection<E, D>,
  event: E,
  seq: number,
): Promise<ApplyResult> {
  const checkpoints = store.collection<Checkpoint>(CHECKPOINTS);
  const checkpoint = await checkpoints.get(projection.name);
  if (checkpoint && seq <= checkpoint.lastSeq) return 'skipped_seen';
  let result: ApplyResult = 'skipped_irrelevant';
  if (projection.canHandle(event)) {
    const docs = store.collection<D & ProjectedDoc>(projection.collection);
    const key = projection.keyOf(event);
    const current = await docs.get(key);
    if (current && current._metadata.lastSeq >= seq) {
      result = 'skipped_seen';
    } else {
      const input = current ? stripMetadata(current) : null;
      const next = projection.evolve(input, event, seq);
      if (next === null) {
        if (current) await docs.delete(key);
      } else if (next === input) {
        // evolve said "no change" by returning its input: skip the write (the checkpoint still moves on).
      } else {
        await docs.put({ ...next, _id: key, _metadata: { lastSeq: seq, schemaVersion: projection.schemaVersion } });
      }
      result = 'applied';
    }
  }
  await checkpoints.put({ _id: projection.name, lastSeq: seq });
  return result;
}

function stripMetadata<D extends Doc>(doc: D & ProjectedDoc): D {
  const { _metadata: _ignored, ...rest } = doc;
  return rest as unknown as D;
}

/** Forget a read model entirely (operators rebuilding it from the stream). */
export async function resetProjection(store: DocumentStore, projection: Projection<unknown, Doc>): Promise<void> {
  await store.collection(projection.collection).clear();
  await store.collection<Checkpoint>(CHECKPOINTS).delete(projection.name);
}
