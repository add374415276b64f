import type { Doc, DocumentStore, IndexSpec, TextIndexSpec } from '../shared/ports/documentStore.ts';
import type { StreamKey } from '../shared/streams/subjects.ts';

/** Every projected document carries where it came from, so replays are no-ops. */
export interface ProjectionMetadata {
  readonly lastSeq: number;
  readonly schemaVersion: number;
}

export type ProjectedDoc = Doc & { readonly _metadata: ProjectionMetadata };

/**
 * A read model built from one stream (after emmett): pure `evolve`, a key per event, and the
 * declared indexes. `evolve` returning null deletes the document. A message decodes to `M`, which is one event
 * unless the projection says how to read several out of it (`eventsOf`).
 */
export interface Projection<E, D extends Doc, M = E> {
  readonly name: string;
  readonly collection: string;
  readonly schemaVersion: number;
  readonly stream: StreamKey;
  readonly filterSubject?: string;
  readonly indexes: readonly IndexSpec[];
  /** The collection's full-text index, when its queries search. */
  readonly textIndex?: TextIndexSpec;
  /** Validates a decoded message; null marks it poison (dead-lettered with the reason). */
  decode(value: unknown): { ok: true; event: M } | { ok: false; reason: string };
  /**
   * For a stream whose messages may carry several events (USAGE's batches, projections/usage/event.ts): the
   * events of one decoded message, in order. They are applied as the one message they came in
   * (projections/messageEvents.ts): grouped by document, each document evolved through its events in order and
   * written once with the message's sequence, the checkpoint after them. A redelivery after a crash part-way
   * skips the documents that already carry the sequence and applies the rest, so each event counts once.
   * Absent: every message is one event.
   */
  eventsOf?(message: M): readonly E[];
  /** Whether this projection cares about the event at all (others are acked and skipped). */
  canHandle(event: E): boolean;
  keyOf(event: E): string;
  /** `seq` is the event's stream sequence, for read models that version by it (it is the same on replay). */
  evolve(doc: D | null, event: E, seq: number): D | null;
  /**
   * `evolve` for a caller that owns `doc` and never uses it again (a full rebuild's held document, which it replaces
   * by the result): it may reuse `doc`'s parts in place instead of copying them. Same result, key for key and byte for
   * byte. Absent: `evolve`.
   */
  evolveOwned?(doc: D | null, event: E, seq: number): D | null;
}

/**
 * A read model whose events touch several documents (running totals across markets). It applies each event
 * itself, exactly once, by recording applied sequences in the documents it writes.
 */
export interface CustomProjection<E> {
  readonly name: string;
  readonly stream: StreamKey;
  readonly filterSubject?: string;
  readonly collections: ReadonlyArray<{ readonly name: string; readonly indexes: readonly IndexSpec[] }>;
  /**
   * Applied in batches, its writes reach the store one collection at a time, in this order: the order in which
   * `apply` writes them for one event, so a crash between two leaves only what a redelivery finishes.
   */
  readonly writeOrder: readonly string[];
  decode(value: unknown): { ok: true; event: E } | { ok: false; reason: string };
  /** Applies one event; applying it again (redelivery, replay into the same store) changes nothing. */
  apply(store: DocumentStore, event: E, seq: number): Promise<void>;
  /**
   * `apply` without awaits, for a caller that holds every document of the collections in memory (a full rebuild,
   * pipeline/ops/rebuildCache.ts): the same reads, the same documents written. Optional: without it the caller
   * goes through `apply`.
   */
  applyHeld?(docs: HeldDocuments, event: E, seq: number): void;
  /**
   * Documents `apply` reads for the event, by collection (optional): a batched caller reads them for a whole run
   * at once. Naming one it does not read, or leaving one out, changes nothing but the reads.
   */
  readsOf?(event: E, add: (collection: string, id: string) => void): void;
}

/** A read model's collections as a rebuild holds them: every document is in memory, an id not there is absent. */
export interface HeldDocuments {
  collection<T extends Doc>(name: string): HeldDocumentCollection<T>;
}

export interface HeldDocumentCollection<T extends Doc> {
  get(id: string): T | null;
  put(doc: T): void;
}
