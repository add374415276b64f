/**
 * The linker's write-back view of its own collections for one run of markets. Every read of a document the
 * run already wrote sees that write (so a market placed earlier in the run is a candidate for later ones,
 * exactly as when each market was written at once); every write is kept until `flush`, which writes each
 * collection with one putMany (one SQLite transaction, one MongoDB bulk write), in the order given.
 * A collection may have a warm cache that outlives the run (WarmDocs): a run reads through it, and its flush
 * writes what it wrote into it once the store has taken it. Only for a collection this process alone writes.
 */
import type { Collection, Doc, DocumentStore } from '../../../shared/ports/documentStore.ts';

const CHUNK = 500;

/**
 * Documents kept across runs, as the store holds them, bounded by count (the oldest written go first). Documents
 * are shared with the runs that read them, so they are never changed in place (the linker replaces, as it does).
 */
export class WarmDocs {
  readonly #docs = new Map<string, Doc>();
  constructor(readonly maxDocs: number) {}

  get(id: string): Doc | undefined {
    return this.#docs.get(id);
  }

  set(doc: Doc): void {
    this.#docs.delete(doc._id);
    this.#docs.set(doc._id, doc);
    while (this.#docs.size > this.maxDocs) this.#docs.delete(this.#docs.keys().next().value as string);
  }

  delete(id: string): void {
    this.#docs.delete(id);
  }

  get size(): number {
    return this.#docs.size;
  }
}

/** What the linker's placement code calls on its collections while linking; nothing else is offered. */
export type OverlayCollection<T extends Doc> = Pick<Collection<T>, 'name' | 'get' | 'getMany' | 'put' | 'delete'>;

export class RunOverlay {
  private readonly docs = new Map<string, Map<string, Doc | null>>();
  private readonly dirty = new Map<string, Set<string>>();

  constructor(
    private readonly store: DocumentStore,
    private readonly warm: ReadonlyMap<string, WarmDocs> = new Map(),
  ) {}

  private cache(name: string): Map<string, Doc | null> {
    let c = this.docs.get(name);
    if (!c) this.docs.set(name, (c = new Map()));
    return c;
  }

  /** Reads the documents not yet seen, one getMany per 500, so the run's later gets are answered from memory. */
  async preload(name: string, ids: readonly string[]): Promise<void> {
    const cache = this.cache(name);
    const warm = this.warm.get(name);
    let wanted = [...new Set(ids)].filter((id) => !cache.has(id));
    if (warm) {
      wanted = wanted.filter((id) => {
        const doc = warm.get(id);
        if (doc) cache.set(id, doc);
        return !doc;
      });
    }
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const chunk = wanted.slice(i, i + CHUNK);
      const found = await this.store.collection<Doc>(name).getMany(chunk);
      const byId = new Map(found.map((d) => [d._id, d]));
      for (const id of chunk) {
        const doc = byId.get(id) ?? null;
        cache.set(id, doc);
        if (doc) warm?.set(doc);
      }
    }
  }

  collection<T extends Doc>(name: string): OverlayCollection<T> {
    const cache = this.cache(name);
    const warm = this.warm.get(name);
    const real = this.store.collection<T>(name);
    const read = async (id: string): Promise<T | null> => {
      const kept = warm?.get(id);
      if (kept) return kept as T;
      const doc = await real.get(id);
      if (doc) warm?.set(doc);
      return doc;
    };
    const touch = (id: string) => {
      let d = this.dirty.get(name);
      if (!d) this.dirty.set(name, (d = new Set()));
      d.add(id);
    };
    return {
      name,
      get: async (id) => {
        if (!cache.has(id)) cache.set(id, await read(id));
        return (cache.get(id) as T | null) ?? null;
      },
      getMany: async (ids) => {
        const missing = ids.filter((id) => !cache.has(id));
        if (missing.length > 0) await this.preload(name, missing);
        return ids.map((id) => cache.get(id) as T | null).filter((d): d is T => d != null);
      },
      put: async (doc) => {
        cache.set(doc._id, doc);
        touch(doc._id);
      },
      delete: async (id) => {
        const had = (cache.has(id) ? cache.get(id) : await read(id)) != null;
        cache.set(id, null);
        touch(id);
        return had;
      },
    };
  }

  /** Writes every changed document: collections in `order` (the others after them), puts then deletes. */
  async flush(order: readonly string[]): Promise<void> {
    const names = [...new Set([...order.filter((n) => this.dirty.has(n)), ...this.dirty.keys()])];
    for (const name of names) {
      const cache = this.cache(name);
      const ids = [...(this.dirty.get(name) ?? [])];
      const puts = ids.map((id) => cache.get(id)).filter((d): d is Doc => d != null);
      const deletes = ids.filter((id) => cache.get(id) == null);
      const real = this.store.collection<Doc>(name);
      const warm = this.warm.get(name);
      // Forgotten before the writes, remembered after them: a write that fails leaves nothing warm that the
      // store may not hold.
      for (const id of ids) warm?.delete(id);
      for (let i = 0; i < puts.length; i += CHUNK) await real.putMany(puts.slice(i, i + CHUNK));
      for (let i = 0; i < deletes.length; i += CHUNK) await real.deleteMany({ _id: { $in: deletes.slice(i, i + CHUNK) } });
      for (const doc of puts) warm?.set(doc);
    }
    this.dirty.clear();
  }
}
