/**
 * The highest MARKETS sequence the linker has applied. Runs start right after it (which is how two linker
 * processes take turns) and the messages of a run are acked only after it moved past them.
 */
import type { Doc, DocumentStore } from '../../../shared/ports/documentStore.ts';

export const LINKER_CHECKPOINT = 'linker_checkpoint';
const ID = 'markets';

interface CheckpointDoc extends Doc {
  readonly lastSeq: number;
}

/** `initial` answers while none was written yet (a store linked before checkpoints existed). */
export function linkerCheckpoint(store: DocumentStore, initial: () => Promise<number>) {
  const coll = store.collection<CheckpointDoc>(LINKER_CHECKPOINT);
  return {
    async read(): Promise<number> {
      const doc = await coll.get(ID);
      return doc ? doc.lastSeq : initial();
    },
    /** Moves the checkpoint forward, never back. */
    async write(lastSeq: number): Promise<void> {
      const doc = await coll.get(ID);
      if (!doc || doc.lastSeq < lastSeq) await coll.put({ _id: ID, lastSeq });
    },
  };
}
