/**
 * Serialised JSON bodies of read-model views (docs/api-caching.md). A list or detail view is a function of
 * the read model it reads and of the normalised request, so its bytes are built once and served again while:
 *   - the read model's version (its projection checkpoint, readModelVersion.ts) is the one the body was built
 *     at: any change a projector applies advances it, so the next request after a change is built afresh;
 *   - and the body is younger than `maxAgeMs`: the backstop for what the version cannot see (the clock a
 *     view reads, such as a cursor's first-page time, and writes that bypass a projector, such as a rebuild
 *     swapped in). `maxAgeMs` 0 turns the cache off.
 * Concurrent requests for a key that is missing or out of date wait for one build instead of each making
 * their own. Entries are bounded by count and by bytes; the oldest written goes first.
 */
export interface ViewBodyCacheOptions {
  readonly maxAgeMs: number;
  readonly maxEntries?: number;
  readonly maxBytes?: number;
  readonly now?: () => number;
}

interface Entry {
  readonly version: number;
  readonly at: number;
  readonly body: Buffer;
  /** The stored text the body was built from (getFromText), or undefined. */
  readonly source?: string;
}

export const DEFAULT_MAX_ENTRIES = 5_000;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export class ViewBodyCache {
  readonly #entries = new Map<string, Entry>();
  readonly #building = new Map<string, { readonly version: number; readonly body: Promise<Buffer | null> }>();
  readonly #maxAgeMs: number;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: ViewBodyCacheOptions) {
    this.#maxAgeMs = options.maxAgeMs;
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The body of `key` at read-model `version`: the cached bytes when still valid, else `build()`'s value
   * serialised (JSON.stringify, as Koa would) and kept. `build()` answering null (nothing to show, the
   * caller answers 404) is neither serialised nor kept; a rejection reaches every waiting caller.
   */
  async get(key: string, version: number, build: () => Promise<unknown>): Promise<Buffer | null> {
    if (this.#maxAgeMs <= 0) return serialise(await build());
    const hit = this.#entries.get(key);
    if (hit && hit.version === version && this.#now() - hit.at < this.#maxAgeMs) return hit.body;
    const pending = this.#building.get(key);
    if (pending && pending.version === version) return pending.body;
    const at = this.#now();
    const body = build().then(serialise);
    const slot = { version, body };
    this.#building.set(key, slot);
    try {
      const bytes = await body;
      if (bytes !== null) this.#keep(key, { version, at, body: bytes });
      return bytes;
    } finally {
      if (this.#building.get(key) === slot) this.#building.delete(key);
    }
  }

  /**
   * get() for a view that is a function of one stored document's text alone (`read()`, null when there is
   * none: the caller answers 404). When the kept body is out of date by age only (same version) and `read()`
   * gives the very text it was built from, the kept bytes are served again, and kept for another `maxAgeMs`,
   * without parsing the text or serialising the view: the same bytes a rebuild would make. Otherwise the body
   * is built from that text. The store is read at the same moments as get() would build; only the work after
   * the read is skipped.
   */
  async getFromText(key: string, version: number, read: () => Promise<string | null>, build: (text: string) => unknown): Promise<Buffer | null> {
    if (this.#maxAgeMs <= 0) {
      const text = await read();
      return text === null ? null : serialise(build(text));
    }
    const hit = this.#entries.get(key);
    if (hit && hit.version === version && this.#now() - hit.at < this.#maxAgeMs) return hit.body;
    const pending = this.#building.get(key);
    if (pending && pending.version === version) return pending.body;
    const at = this.#now();
    const body = read().then((text) => {
      if (text === null) return null;
      const unchanged = hit !== undefined && hit.version === version && hit.source === text;
      const bytes = unchanged ? hit.body : serialise(build(text));
      if (bytes !== null) this.#keep(key, { version, at, body: bytes, source: text });
      return bytes;
    });
    const slot = { version, body };
    this.#building.set(key, slot);
    try {
      return await body;
    } finally {
      if (this.#building.get(key) === slot) this.#building.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  #keep(key: string, entry: Entry): void {
    const previous = this.#entries.get(key);
    if (previous) {
      // A build that started before the kept one must not replace it (it may have read older data).
      if (previous.at > entry.at) return;
      this.#entries.delete(key);
      this.#bytes -= sizeOf(previous);
    }
    if (sizeOf(entry) > this.#maxBytes) return;
    this.#entries.set(key, entry);
    this.#bytes += sizeOf(entry);
    for (const [oldKey, old] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldKey);
      this.#bytes -= sizeOf(old);
    }
  }
}

/** Bytes an entry holds: its body, and the source text it keeps (counted at one byte a character). */
function sizeOf(entry: Entry): number {
  return entry.body.length + (entry.source?.length ?? 0);
}

function serialise(value: unknown): Buffer | null {
  return value === null || value === undefined ? null : Buffer.from(JSON.stringify(value));
}
