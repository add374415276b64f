import type { Collection, Doc, DocumentStore } from '../shared/ports/documentStore.ts';
import type { Projection } from './projection.ts';
import { applyEvent, CHECKPOINTS, type ApplyResult } from './applyEvent.ts';
import { collectionOnlyStore, refuseOthers } from './collectionOnlyStore.ts';
import { eachDocumentKey } from './messageEvents.ts';

/** Where a batch lands: the projection's own collection and checkpoint, or a rebuild's beside them. */
export interface BatchTarget {
  readonly collection: string;
  readonly checkpointId: string;
}

/** A decoded message and its stream sequence (one event, or for Projection.eventsOf several). */
export interface SequencedEvent<E> {
  readonly event: E;
  readonly seq: number;
}

export type BatchCounts = Record<ApplyResult, number>;

const CHUNK = 500;

/**
 * Applies a batch of events with exactly the semantics of applyEvent (it runs applyEvent itself, event by
 * event, in order), but against an in-memory overlay: the documents the batch touches are read with one
 * getMany, and every write is flushed at the end with one putMany per collection (one SQLite transaction,
 * one MongoDB bulk write), the checkpoint last. A crash between the flushes leaves documents ahead of the
 * checkpoint, which the per-document lastSeq guard makes harmless on the next run.
 */
export async function applyBatch<E, D extends Doc, M = E>(
  store: DocumentStore,
  projection: Projection<E, D, M>,
  events: readonly SequencedEvent<M>[],
  target: BatchTarget = { collection: projection.collection, checkpointId: projection.name },
): Promise<BatchCounts> {
  const counts: BatchCounts = { applied: 0, skipped_seen: 0, skipped_irrelevant: 0 };
  if (events.length === 0) return counts;
  const overlay = new Overlay(store);
  // applyEvent keys its checkpoint by the projection's name and writes its collection: point both at the target.
  const aimed: Projection<E, D, M> = { ...projection, name: target.checkpointId, collection: target.collection };
  await overlay.preload(CHECKPOINTS, [target.checkpointId]);
  const keys = new Set<string>();
  const add = (key: string): void => void keys.add(key);
  for (const { event } of events) eachDocumentKey(projection, event, add);
  await overlay.preload(target.collection, [...keys]);
  const view = overlay.asStore();
  for (const { event, seq } of events) counts[await applyEvent(view, aimed, event, seq)] += 1;
  await overlay.flush([target.collection, CHECKPOINTS]);
  return counts;
}

/**
 * Runs `work` against an in-memory overlay of the store (reads through, writes kept) and then writes every
 * changed document, one putMany per collection, collections in `writeOrder` (any others after them). For
 * read models that apply several events across several documents themselves (CustomProjection).
 */
export async function applyBuffered(
  store: DocumentStore,
  writeOrder: readonly string[],
  work: (view: DocumentStore) => Promise<void>,
  preload?: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  const overlay = new Overlay(store);
  // Documents the work will read, fetched 500 to a getMany instead of one get each (the same documents: the
  // overlay answers a preloaded id, present or absent, as the store did when read).
  for (const [name, ids] of preload ?? []) await overlay.preload(name, ids);
  await work(overlay.asStore());
  await overlay.flush(writeOrder);
}

/** Read-through, write-back cache of a few collections; only what applyEvent uses (get, put, delete). */
class Overlay {
  private readonly docs = new Map<string, Map<string, Doc | null>>();
  private readonly dirty = new Map<string, Set<string>>();

  constructor(private readonly store: DocumentStore) {}

  private cache(name: string): Map<string, Doc | null> {
    let c = this.docs.get(name);
    if (!c) {
      c = new Map();
      this.docs.set(name, c);
    }
    return c;
  }

  private touch(name: string, id: string): void {
    let d = this.dirty.get(name);
    if (!d) {
      d = new Set();
      this.dirty.set(name, d);
    }
    d.add(id);
  }

  async preload(name: string, ids: readonly string[]): Promise<void> {
    const cache = this.cache(name);
    const wanted = ids.filter((id) => !cache.has(id));
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const chunk = wanted.slice(i, i + CHUNK);
      const found = await this.store.collection<Doc>(name).getMany(chunk);
      const byId = new Map(found.map((d) => [d._id, d]));
      for (const id of chunk) cache.set(id, byId.get(id) ?? null);
    }
  }

  private storeView: DocumentStore | undefined;

  asStore(): DocumentStore {
    return (this.storeView ??= collectionOnlyStore(this.store.kind, (name) => this.view(name), (method) => `applyBatch: store.${method}() is not supported inside a replay batch`));
  }


  private view(name: string): Collection<Doc> {
    const cache = this.cache(name);
    const real = this.store.collection<Doc>(name);
    const methods = {
      name,
      get: async (id: string) => {
        if (!cache.has(id)) cache.set(id, await real.get(id));
        return cache.get(id) ?? null;
      },
      put: async (doc: Doc) => {
        cache.set(doc._id, doc);
        this.touch(name, doc._id);
      },
      delete: async (id: string) => {
        const had = (cache.has(id) ? cache.get(id) : await real.get(id)) != null;
        cache.set(id, null);
        this.touch(name, id);
        return had;
      },
    };
    // Anything else would bypass the overlay's pending writes: refuse loudly rather than read stale data.
    return refuseOthers(methods, (method) => `applyBatch: collection.${method}() is not supported inside a replay batch (projection ${name})`) as unknown as Collection<Doc>;
  }

  /** Writes every changed document, collections in the order given (the checkpoint collection last). */
  async flush(order: readonly string[]): Promise<void> {
    const names = [...new Set([...order.filter((n) => this.dirty.has(n)), ...this.dirty.keys()])];
    names.sort((a, b) => (a === CHECKPOINTS ? 1 : 0) - (b === CHECKPOINTS ? 1 : 0));
    for (const name of names) {
      const ids = [...(this.dirty.get(name) ?? [])];
      const cache = this.cache(name);
      const puts = ids.map((id) => cache.get(id)).filter((d): d is Doc => d != null);
      const deletes = ids.filter((id) => cache.get(id) == null);
      const real = this.store.collection<Doc>(name);
      if (puts.length > 0) await real.putMany(puts);
      for (let i = 0; i < deletes.length; i += CHUNK) await real.deleteMany({ _id: { $in: deletes.slice(i, i + CHUNK) } });
    }
    this.dirty.clear();
  }
}
