import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { collectionOnlyStore, refuseOthers } from '../../projections/collectionOnlyStore.ts';
import type { HeldDocumentCollection, HeldDocuments } from '../../projections/projection.ts';

const CHUNK = 500;

/**
 * The documents of one collection a full rebuild is writing, held as objects across batches. A rebuild is the
 * only writer of its `_rebuild` collections (they are dropped when it starts and swapped in when it ends), so
 * what it holds is never stale: a document is read from the store at most once per eviction, parsed once, and
 * written once per flush however many events touched it.
 *
 * `stored` remembers every id this cache wrote (ids only, a few bytes each), so a miss on an id never written is
 * known absent without asking the store; when the collection held documents before the cache began, every miss
 * is read (`stored` null).
 */
export class HeldCollection<V> {
  /** Held values; null: known absent (or deleted, when dirty). */
  readonly held = new Map<string, V | null>();
  private readonly dirty = new Set<string>();
  private readonly stored: Set<string> | null;
  /** Documents were written and forgotten (or predate the cache): an id not held may be in the store. */
  private forgotten: boolean;
  readonly real: Collection<Doc>;

  constructor(
    store: DocumentStore,
    readonly name: string,
    startedEmpty: boolean,
    /** The held value of a document read from the store. */
    private readonly fromStored: (doc: Doc) => V,
    /** The document written for a held value. */
    private readonly toStored: (value: V) => Doc,
  ) {
    this.real = store.collection<Doc>(name);
    this.stored = startedEmpty ? new Set() : null;
    this.forgotten = !startedEmpty;
  }

  /** Whether every document of the collection is held: an id not held is then absent, without asking the store. */
  get complete(): boolean {
    return !this.forgotten;
  }

  get size(): number {
    return this.held.size;
  }

  private mayBeStored(id: string): boolean {
    return this.stored === null || this.stored.has(id);
  }

  /** Reads whichever of `ids` are neither held nor known absent, in chunks of 500. */
  async load(ids: Iterable<string>): Promise<void> {
    const wanted: string[] = [];
    for (const id of ids) {
      if (this.held.has(id)) continue;
      if (this.mayBeStored(id)) wanted.push(id);
      else this.held.set(id, null);
    }
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const chunk = wanted.slice(i, i + CHUNK);
      const found = await this.real.getMany(chunk);
      for (const id of chunk) this.held.set(id, null);
      for (const d of found) this.held.set(d._id, this.fromStored(d));
    }
  }

  /** The held value of a loaded id (load() first; an id not loaded reads as absent). */
  peek(id: string): V | null {
    return this.held.get(id) ?? null;
  }

  async get(id: string): Promise<V | null> {
    if (!this.held.has(id)) await this.load([id]);
    return this.peek(id);
  }

  /** The held value, or null for an id not held: only when `complete` (then an id not held is absent). */
  getHeld(id: string): V | null {
    return this.held.get(id) ?? null;
  }

  set(id: string, value: V | null): void {
    this.held.set(id, value);
    this.dirty.add(id);
  }

  /** Marks a held value changed in place (it is written at the next flush). */
  touch(id: string): void {
    this.dirty.add(id);
  }

  /**
   * Writes every changed document and, with `evict`, forgets them all. A document this cache never wrote (when it
   * knows: `stored`) is inserted without the store's read of its current row; the others are put. One putMany and
   * one insertMany: one SQLite transaction each.
   */
  async flush(evict: boolean): Promise<void> {
    const inserts: Doc[] = [];
    const puts: Doc[] = [];
    const deletes: string[] = [];
    for (const id of this.dirty) {
      const value = this.held.get(id);
      if (value == null) {
        if (this.mayBeStored(id)) deletes.push(id);
      } else if (this.mayBeStored(id)) {
        puts.push(this.toStored(value));
      } else {
        inserts.push(this.toStored(value));
        this.stored?.add(id);
      }
    }
    this.dirty.clear();
    // Puts first: a put may free a unique value that an insert then takes, never the other way round.
    if (puts.length > 0) await this.real.putMany(puts);
    if (inserts.length > 0) await this.real.insertMany(inserts);
    for (let i = 0; i < deletes.length; i += CHUNK) await this.real.deleteMany({ _id: { $in: deletes.slice(i, i + CHUNK) } });
    for (const id of deletes) this.stored?.delete(id);
    if (evict) {
      this.held.clear();
      if (this.stored === null || this.stored.size > 0) this.forgotten = true;
    }
  }
}

/**
 * A store whose collections `names` are held (write-back, kept across batches) for a read model that applies
 * events itself (get, put, delete): what applyBuffered's overlay gives it for one batch, for the whole rebuild.
 */
export class HeldStore {
  private readonly collections = new Map<string, HeldCollection<Doc>>();
  private storeView: DocumentStore | undefined;
  private heldView: HeldDocuments | undefined;

  private constructor(
    private readonly store: DocumentStore,
    /** Collection name as the read model names it -> the collection written (its `_rebuild` twin). */
    private readonly target: (name: string) => string,
  ) {}

  static async open(store: DocumentStore, names: readonly string[], target: (name: string) => string): Promise<HeldStore> {
    const held = new HeldStore(store, target);
    for (const n of names) {
      const empty = (await store.collection(target(n)).count()) === 0;
      held.collections.set(n, new HeldCollection<Doc>(store, target(n), empty, (d) => d, (d) => d));
    }
    return held;
  }

  get size(): number {
    let n = 0;
    for (const c of this.collections.values()) n += c.size;
    return n;
  }

  /** Flushes in `order` (names as the read model knows them), any others after. */
  async flush(order: readonly string[], evict: boolean): Promise<void> {
    const names = [...new Set([...order, ...this.collections.keys()])];
    for (const n of names) await this.collections.get(n)?.flush(evict);
  }

  /** Whether every document of every collection is held (nothing was forgotten): `documents()` may be used. */
  get complete(): boolean {
    for (const c of this.collections.values()) if (!c.complete) return false;
    return true;
  }

  /**
   * The collections for synchronous reads and writes (CustomProjection.applyHeld), while `complete`: an id not held
   * is absent. The same held documents as asStore(), without a promise per call.
   */
  documents(): HeldDocuments {
    if (this.heldView) return this.heldView;
    const views = new Map<string, HeldDocumentCollection<Doc>>();
    for (const [name, held] of this.collections) views.set(name, { get: (id) => held.getHeld(id), put: (doc) => held.set(doc._id, doc) });
    const view: HeldDocuments = {
      collection: <T extends Doc>(name: string) => {
        const c = views.get(name);
        if (!c) throw new Error(`rebuild: collection ${name} is not one this read model declared`);
        return c as unknown as HeldDocumentCollection<T>;
      },
    };
    return (this.heldView = view);
  }

  asStore(): DocumentStore {
    return (this.storeView ??= collectionOnlyStore(this.store.kind, (name) => this.view(name), (method) => `rebuild: store.${method}() is not supported while a read model is rebuilt`));
  }

  private view(name: string): Collection<Doc> {
    const held = this.collections.get(name);
    if (!held) throw new Error(`rebuild: collection ${name} is not one this read model declared`);
    const methods = {
      name: this.target(name),
      get: (id: string) => held.get(id),
      put: async (doc: Doc) => held.set(doc._id, doc),
      delete: async (id: string) => {
        const had = (await held.get(id)) != null;
        held.set(id, null);
        return had;
      },
    };
    // Anything else would bypass the held writes: refuse loudly rather than read stale data.
    return refuseOthers(methods, (method) => `rebuild: collection.${method}() is not supported while a read model is rebuilt (${name})`) as unknown as Collection<Doc>;
  }
}
