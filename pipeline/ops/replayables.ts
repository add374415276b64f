import type { Doc, DocumentStore, IndexSpec, TextIndexSpec } from '../../shared/ports/documentStore.ts';
import type { StreamKey } from '../../shared/streams/subjects.ts';
import type { HeldDocuments, Projection } from '../../projections/projection.ts';
import { CUSTOM_PROJECTIONS, PROJECTIONS } from '../../projections/index.ts';
import { CHECKPOINTS } from '../../projections/applyEvent.ts';
import { applyBatch, applyBuffered, type BatchCounts, type SequencedEvent } from '../../projections/applyBatch.ts';
import { projectionDurable } from '../../projections/runProjection.ts';
import { HeldStore } from './rebuildCache.ts';
import { ProjectionRebuild } from './projectionRebuild.ts';
import { withFastPath } from '../../projections/decodeFast.ts';

/** Suffix of the collection a full rebuild writes before it is swapped in. */
export const REBUILD_SUFFIX = '_rebuild';
export const rebuildName = (collection: string): string => `${collection}${REBUILD_SUFFIX}`;

/**
 * A read model as the replay tool sees it: which stream feeds it, which collections it writes, how to apply a
 * batch of events (into the live collections, or into their `_rebuild` twins), and its checkpoint.
 */
export interface Replayable {
  readonly name: string;
  /** The durable its live consumer uses (dead-letter retries name it). */
  readonly durable: string;
  readonly stream: StreamKey;
  readonly filterSubject?: string;
  /** With the text index a collection's queries search (built on the rebuild too, so search works once swapped in). */
  readonly collections: ReadonlyArray<{ readonly name: string; readonly indexes: readonly IndexSpec[]; readonly textIndex?: TextIndexSpec }>;
  decode(value: unknown): { ok: true; event: unknown } | { ok: false; reason: string };
  /**
   * The read model's own decode function: read models of one stream that share it (markets, price history and
   * platform metrics all decode MARKETS alike) get each message decoded once and share the decoded event,
   * which projections treat as read-only.
   */
  readonly decoderId: unknown;
  apply(store: DocumentStore, events: readonly SequencedEvent<unknown>[], rebuild: boolean): Promise<BatchCounts>;
  /**
   * A full rebuild's writer: applies batches into the `_rebuild` collections with the documents held in memory
   * across batches (the rebuild is their only writer), writing them when flushed.
   */
  rebuilder(store: DocumentStore): Promise<RebuildWriter>;
  /** Last applied stream sequence recorded in `store` (null: none, or the read model keeps no checkpoint). */
  checkpoint(store: DocumentStore, rebuild: boolean): Promise<number | null>;
  /** Removes a previous rebuild's collections and checkpoint. */
  resetRebuild(store: DocumentStore): Promise<void>;
  /**
   * After the rebuilt collections were swapped in: the live checkpoint becomes the rebuild's, at least `readUpTo`,
   * the last stream sequence the rebuild read. Messages after the last applied one (undecodable, a retry copy for
   * another consumer, another subject) were read and judged as the live consumer judges them; a checkpoint left
   * below them would have the live consumer wait for messages it already acked (they never come again).
   */
  promoteCheckpoint(store: DocumentStore, readUpTo: number): Promise<void>;
}

export interface RebuildWriter {
  apply(events: readonly SequencedEvent<unknown>[]): Promise<BatchCounts>;
  /** Documents held in memory. */
  readonly size: number;
  /** Writes what changed since the last flush (the checkpoint last); `evict` then forgets every held document. */
  flush(evict: boolean): Promise<void>;
}

interface Checkpoint extends Doc {
  readonly lastSeq: number;
}
const rebuildCheckpointId = (name: string): string => `${name}@rebuild`;

export function replayableProjection(projection: Projection<never, Doc>): Replayable {
  const p = projection as unknown as Projection<unknown, Doc>;
  return {
    name: p.name,
    durable: projectionDurable(p.name),
    stream: p.stream,
    ...(p.filterSubject ? { filterSubject: p.filterSubject } : {}),
    collections: [{ name: p.collection, indexes: p.indexes, ...(p.textIndex ? { textIndex: p.textIndex } : {}) }],
    decode: withFastPath(p),
    decoderId: p.decode,
    apply: (store, events, rebuild) =>
      applyBatch(store, p, events, rebuild ? { collection: rebuildName(p.collection), checkpointId: rebuildCheckpointId(p.name) } : undefined),
    rebuilder: (store) => ProjectionRebuild.open(store, p, rebuildName(p.collection), rebuildCheckpointId(p.name)),
    checkpoint: async (store, rebuild) =>
      (await store.collection<Checkpoint>(CHECKPOINTS).get(rebuild ? rebuildCheckpointId(p.name) : p.name))?.lastSeq ?? null,
    resetRebuild: async (store) => {
      await store.dropCollection(rebuildName(p.collection));
      await store.collection(CHECKPOINTS).delete(rebuildCheckpointId(p.name));
    },
    promoteCheckpoint: async (store, readUpTo) => {
      const checkpoints = store.collection<Checkpoint>(CHECKPOINTS);
      const built = await checkpoints.get(rebuildCheckpointId(p.name));
      const lastSeq = Math.max(built?.lastSeq ?? 0, readUpTo);
      if (lastSeq > 0) await checkpoints.put({ _id: p.name, lastSeq });
      else await checkpoints.delete(p.name);
      await checkpoints.delete(rebuildCheckpointId(p.name));
    },
  };
}

/**
 * A read model that applies each event across several documents itself and keeps no checkpoint (its
 * documents record what they applied). Structural, so such projections plug in without this file knowing
 * their type: `{ name, stream, filterSubject?, collections, decode, apply(store, event, seq) }`.
 */
export interface MultiDocumentProjection {
  readonly name: string;
  readonly stream: StreamKey;
  readonly filterSubject?: string;
  readonly collections: ReadonlyArray<{ readonly name: string; readonly indexes: readonly IndexSpec[] }>;
  /** The order its writes reach the store in a batch (CustomProjection.writeOrder); the collections' order if absent. */
  readonly writeOrder?: readonly string[];
  decode(value: unknown): { ok: true; event: unknown } | { ok: false; reason: string };
  apply(store: DocumentStore, event: never, seq: number): Promise<void>;
  /** `apply` against documents held in memory, without awaits (CustomProjection.applyHeld). */
  applyHeld?(docs: HeldDocuments, event: never, seq: number): void;
}

/** A store whose collections are the `_rebuild` twins of the named ones (a rebuild of a multi-document model). */
export function rebuildView(store: DocumentStore, names: readonly string[]): DocumentStore {
  const mapped = new Set(names);
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'collection') return (name: string) => target.collection(mapped.has(name) ? rebuildName(name) : name);
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

export function replayableMultiDocument(projection: MultiDocumentProjection): Replayable {
  const names = projection.collections.map((c) => c.name);
  return {
    name: projection.name,
    durable: projectionDurable(projection.name),
    stream: projection.stream,
    ...(projection.filterSubject ? { filterSubject: projection.filterSubject } : {}),
    collections: projection.collections,
    decode: withFastPath(projection),
    decoderId: projection.decode,
    // Batched as its live consumer applies it (runProjection.startCustomProjection): events applied in order
    // against an overlay, then one putMany per collection in writeOrder, instead of a transaction per write.
    apply: async (store, events, rebuild) => {
      const target = rebuild ? rebuildView(store, names) : store;
      await applyBuffered(target, projection.writeOrder ?? names, async (view) => {
        for (const { event, seq } of events) await projection.apply(view, event as never, seq);
      });
      return { applied: events.length, skipped_seen: 0, skipped_irrelevant: 0 };
    },
    rebuilder: async (store) => {
      const held = await HeldStore.open(store, names, rebuildName);
      const view = held.asStore();
      const order = projection.writeOrder ?? names;
      return {
        apply: async (events) => {
          // While nothing was written and forgotten, every document is held: the synchronous path, same writes.
          if (projection.applyHeld && held.complete) {
            const docs = held.documents();
            for (const { event, seq } of events) projection.applyHeld(docs, event as never, seq);
          } else {
            for (const { event, seq } of events) await projection.apply(view, event as never, seq);
          }
          return { applied: events.length, skipped_seen: 0, skipped_irrelevant: 0 };
        },
        get size() {
          return held.size;
        },
        flush: (evict) => held.flush(order, evict),
      };
    },
    checkpoint: async () => null,
    resetRebuild: async (store) => {
      for (const n of names) await store.dropCollection(rebuildName(n));
    },
    promoteCheckpoint: async () => undefined,
  };
}

/** Every read model `npm run replay` can rebuild: each registered projection, single- and multi-document. */
export function allReplayables(): Replayable[] {
  return [...PROJECTIONS.map(replayableProjection), ...CUSTOM_PROJECTIONS.map((p) => replayableMultiDocument(p as unknown as MultiDocumentProjection))];
}
