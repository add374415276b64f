import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import type { Projection, ProjectedDoc, ProjectionMetadata } from '../../projections/projection.ts';
import { CHECKPOINTS } from '../../projections/applyEvent.ts';
import type { BatchCounts, SequencedEvent } from '../../projections/applyBatch.ts';
import { HeldCollection } from './rebuildCache.ts';
import { eachDocumentKey, eventsByDocument, evolveThrough } from '../../projections/messageEvents.ts';

/**
 * What a rebuild holds of one document: what evolve returned, the input its next evolve gets, and the metadata's
 * two numbers (its object is made when the document is written, not per event).
 */
interface Held {
  /** evolve's return value; the stored document is `{ ...next, _id, _metadata }`, as applyEvent writes it. */
  next: Doc;
  /** applyEvent's `stripMetadata(stored document)`: `next` itself when that is key for key the same object. */
  input: Doc;
  lastSeq: number;
  schemaVersion: ProjectionMetadata['schemaVersion'];
}

function stripMetadata(doc: Doc): Doc {
  const { _metadata: _ignored, ...rest } = doc as Doc & { _metadata?: unknown };
  return rest as Doc;
}

/**
 * What the next evolve gets for a held `next`: without a _metadata of its own, stripMetadata(stored) is next itself,
 * key for key, so evolve gets the very object it returned, with no copy.
 */
const inputOf = (next: Doc): Doc => (Object.hasOwn(next, '_metadata') ? stripMetadata(next) : next);

/** `next` already carries its key as `_id` (so `{ ...next, _id: key }` is `next`, key for key). */
function held(next: Doc, lastSeq: number, schemaVersion: ProjectionMetadata['schemaVersion']): Held {
  return { next, input: inputOf(next), lastSeq, schemaVersion };
}

/** applyEvent's `{ ...next, _id: key, _metadata: { lastSeq, schemaVersion } }`: same keys in the same order. */
const stored = (h: Held): Doc => ({ ...h.next, _metadata: { lastSeq: h.lastSeq, schemaVersion: h.schemaVersion } }) as Doc;

/**
 * A single-document read model rebuilt with its documents held across batches (HeldCollection), applying each
 * event exactly as applyEvent does (the checkpoint guard, the document's lastSeq guard, evolve, delete on null,
 * no write when evolve returns its input), so the documents written equal what live projection writes.
 */
export class ProjectionRebuild {
  private checkpoint: number | null;
  private checkpointDirty = false;
  private readonly docs: HeldCollection<Held>;

  private constructor(
    private readonly store: DocumentStore,
    private readonly projection: Projection<unknown, Doc>,
    private readonly collection: string,
    private readonly checkpointId: string,
    checkpoint: number | null,
    startedEmpty: boolean,
  ) {
    this.checkpoint = checkpoint;
    this.docs = new HeldCollection<Held>(
      store,
      collection,
      startedEmpty,
      (doc) => {
        const meta = (doc as ProjectedDoc)._metadata;
        return held(doc, meta.lastSeq, meta.schemaVersion);
      },
      stored,
    );
  }

  static async open(store: DocumentStore, projection: Projection<unknown, Doc>, collection: string, checkpointId: string): Promise<ProjectionRebuild> {
    const cp = (await store.collection<Doc & { lastSeq: number }>(CHECKPOINTS).get(checkpointId))?.lastSeq ?? null;
    const empty = (await store.collection(collection).count()) === 0;
    return new ProjectionRebuild(store, projection, collection, checkpointId, cp, empty);
  }

  get size(): number {
    return this.docs.size;
  }

  async apply(events: readonly SequencedEvent<unknown>[]): Promise<BatchCounts> {
    const counts: BatchCounts = { applied: 0, skipped_seen: 0, skipped_irrelevant: 0 };
    if (events.length === 0) return counts;
    const p = this.projection;
    // While every document is held (nothing written and forgotten), an id not held is absent: nothing to read first.
    if (!this.docs.complete) {
      const keys: string[] = [];
      const add = (key: string): void => void keys.push(key);
      for (const { event } of events) eachDocumentKey(p, event, add);
      await this.docs.load(keys);
    }
    for (const { event, seq } of events) {
      if (this.checkpoint !== null && seq <= this.checkpoint) {
        counts.skipped_seen += 1;
        continue;
      }
      this.checkpoint = seq;
      this.checkpointDirty = true;
      if (p.eventsOf) {
        counts[this.applyMessage(event, seq)] += 1;
        continue;
      }
      if (!p.canHandle(event)) {
        counts.skipped_irrelevant += 1;
        continue;
      }
      const key = p.keyOf(event);
      const current = this.docs.peek(key);
      if (current && current.lastSeq >= seq) {
        counts.skipped_seen += 1;
        continue;
      }
      const input = current ? current.input : null;
      // The held document is this rebuild's own when it is its own next input (no _metadata: one evolve returned, not
      // one read back from the store) and it is replaced by what evolve returns: evolveOwned may reuse its parts.
      const next = p.evolveOwned && current && input === current.next ? p.evolveOwned(input, event, seq) : p.evolve(input, event, seq);
      if (next === null) {
        if (current) this.docs.set(key, null);
      } else if (next !== input) {
        const withId = next._id === key ? next : ({ ...next, _id: key } as Doc);
        if (current) {
          // The held record is this rebuild's own (only flush reads it): updated in place rather than a new one per event.
          current.next = withId;
          current.input = inputOf(withId);
          current.lastSeq = seq;
          current.schemaVersion = p.schemaVersion;
          this.docs.touch(key);
        } else {
          this.docs.set(key, held(withId, seq, p.schemaVersion));
        }
      }
      counts.applied += 1;
    }
    return counts;
  }

  /** A message of several events (Projection.eventsOf), as applyEvent applies it: each document it touches once. */
  private applyMessage(message: unknown, seq: number): 'applied' | 'skipped_seen' | 'skipped_irrelevant' {
    const p = this.projection;
    const groups = eventsByDocument(p, message);
    if (groups.size === 0) return 'skipped_irrelevant';
    let result: 'applied' | 'skipped_seen' = 'skipped_seen';
    for (const [key, events] of groups) {
      const current = this.docs.peek(key);
      if (current && current.lastSeq >= seq) continue;
      result = 'applied';
      const input = current ? current.input : null;
      const next = evolveThrough(p, input, events, seq);
      if (next === null) {
        if (current) this.docs.set(key, null);
      } else if (next !== input) {
        const withId = next._id === key ? next : ({ ...next, _id: key } as Doc);
        this.docs.set(key, held(withId, seq, p.schemaVersion));
      }
    }
    return result;
  }

  /** Writes the changed documents, then the checkpoint (as applyBatch orders them). */
  async flush(evict: boolean): Promise<void> {
    await this.docs.flush(evict);
    if (this.checkpointDirty && this.checkpoint !== null) {
      await this.store.collection(CHECKPOINTS).put({ _id: this.checkpointId, lastSeq: this.checkpoint });
      this.checkpointDirty = false;
    }
  }
}
