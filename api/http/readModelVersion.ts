import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { CHECKPOINTS } from '../../projections/applyEvent.ts';

/**
 * The version of a read model, for caches of what is served from it: the stream sequence its projection
 * has applied up to (its checkpoint; 0 before the first). The projector writes the checkpoint after the
 * documents of the same batch, so a version read before a view is built never claims data the view lacks.
 * One primary-key read of a tiny document, in every process sharing the store.
 */
export async function readModelVersion(store: DocumentStore, projectionName: string): Promise<number> {
  const checkpoint = await store.collection<Doc & { lastSeq?: unknown }>(CHECKPOINTS).get(projectionName);
  return typeof checkpoint?.lastSeq === 'number' ? checkpoint.lastSeq : 0;
}
