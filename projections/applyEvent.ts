import type { Collection, Doc, DocumentStore } from '../shared/ports/documentStore.ts';
import type { Projection, ProjectedDoc } from './projection.ts';
import { eventsByDocument, evolveThrough } from './messageEvents.ts';

export const CHECKPOINTS = '_projection_checkpoints';

interface Checkpoint extends Doc {
  readonly _id: string;
  readonly lastSeq: number;
}

export type ApplyResult = 'applied' | 'skipped_seen' | 'skipped_irrelevant';

/**
 * Applies one stream message to a read model idempotently: a message at or below the
 * projection checkpoint, or below the document's own lastSeq, changes nothing. A message of several events
 * (Projection.eventsOf) writes each document it touches once, all with its sequence, and the checkpoint after
 * them: 'applied' when any document was written, 'skipped_seen' when every one already carried the sequence.
 */
export async function applyEvent<E, D extends Doc, M = E>(
  store: DocumentStore,
  projection: Projection<E, D, M>,
  message: M,
  seq: number,
): Promise<ApplyResult> {
  const checkpoints = store.collection<Checkpoint>(CHECKPOINTS);
  const checkpoint = await checkpoints.get(projection.name);
  if (checkpoint && seq <= checkpoint.lastSeq) return 'skipped_seen';
  let result: ApplyResult = 'skipped_irrelevant';
  const docs = store.collection<D & ProjectedDoc>(projection.collection);
  if (projection.eventsOf) {
    const groups = eventsByDocument(projection, message);
    if (groups.size > 0) result = 'skipped_seen';
    for (const [key, events] of groups) {
      if ((await applyToDocument(docs, projection, key, seq, (input) => evolveThrough(projection, input, events, seq))) === 'applied') result = 'applied';
    }
  } else {
    const event = message as unknown as E;
    if (projection.canHandle(event)) {
      result = await applyToDocument(docs, projection, projection.keyOf(event), seq, (input) => projection.evolve(input, event, seq));
    }
  }
  await checkpoints.put({ _id: projection.name, lastSeq: seq });
  return result;
}

/** One document's part of a message: skipped when the document already carries the sequence, else evolved and written with it. */
async function applyToDocument<E, D extends Doc, M>(
  docs: Collection<D & ProjectedDoc>,
  projection: Projection<E, D, M>,
  key: string,
  seq: number,
  evolve: (input: D | null) => D | null,
): Promise<'applied' | 'skipped_seen'> {
  const current = await docs.get(key);
  if (current && current._metadata.lastSeq >= seq) return 'skipped_seen';
  const input = current ? stripMetadata(current) : null;
  const next = evolve(input);
  if (next === null) {
    if (current) await docs.delete(key);
  } else if (next === input) {
    // evolve said "no change" by returning its input: skip the write (the checkpoint still moves on).
  } else {
    await docs.put({ ...next, _id: key, _metadata: { lastSeq: seq, schemaVersion: projection.schemaVersion } });
  }
  return 'applied';
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
