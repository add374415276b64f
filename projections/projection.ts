import type { Doc, IndexSpec } from '../shared/ports/documentStore.ts';
import type { StreamKey } from '../shared/streams/subjects.ts';

/** Every projected document carries where it came from, so replays are no-ops. */
export interface ProjectionMetadata {
  readonly lastSeq: number;
  readonly schemaVersion: number;
}

export type ProjectedDoc = Doc & { readonly _metadata: ProjectionMetadata };

/**
 * A read model built from one stream (after emmett): pure `evolve`, a key per event, and the
 * declared indexes. `evolve` returning null deletes the document.
 */
export interface Projection<E, D extends Doc> {
  readonly name: string;
  readonly collection: string;
  readonly schemaVersion: number;
  readonly stream: StreamKey;
  readonly filterSubject?: string;
  readonly indexes: readonly IndexSpec[];
  /** Validates a decoded message; null marks it poison (dead-lettered with the reason). */
  decode(value: unknown): { ok: true; event: E } | { ok: false; reason: string };
  /** Whether this projection cares about the event at all (others are acked and skipped). */
  canHandle(event: E): boolean;
  keyOf(event: E): string;
  evolve(doc: D | null, event: E): D | null;
}
