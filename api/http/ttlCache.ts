/**
 * A small time-bounded cache for read endpoints that many API keys poll with the same parameters.
 * Entries expire after `ttlMs`; at `maxEntries` the oldest entry is dropped (Map keeps insertion order).
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { readonly at: number; readonly value: V }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 500,
    readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at >= this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { at: this.now(), value });
  }
}
