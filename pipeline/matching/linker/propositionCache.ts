/**
 * The propositions the linker keeps in memory across runs: every market it placed, and every candidate it read, by
 * market id and match key (a proposition read for older inputs is not served). Bounded by count: past the bound the
 * least recently used go first, `trimBatch` at a time, so the latest stay. Before this the map was bounded only at a
 * miss, and cleared whole there: in a run from empty it never missed and held the whole catalogue, and after a restart
 * past the bound each clear dropped the hot candidates with the rest (bench/README.md finding 59).
 */

/** ~50k propositions of ~3 KiB of heap each (words, numbers, dates of one market's title and rules): ~160 MiB. */
export const LINKER_PROPOSITIONS = 50_000;

export class PropositionCache {
  readonly #entries = new Map<string, { readonly key: string; readonly prop: unknown }>();
  readonly #trimBatch: number;

  constructor(
    readonly maxEntries: number = LINKER_PROPOSITIONS,
    trimBatch: number = Math.max(1, Math.ceil(maxEntries / 64)),
  ) {
    this.#trimBatch = Math.min(Math.max(1, trimBatch), Math.max(1, maxEntries));
  }

  /** The proposition of `id` read for `key`, now the most recently used; undefined when absent or read for other inputs. */
  get(id: string, key: string): unknown {
    const hit = this.#entries.get(id);
    if (!hit || hit.key !== key) return undefined;
    this.#entries.delete(id);
    this.#entries.set(id, hit);
    return hit.prop;
  }

  set(id: string, key: string, prop: unknown): void {
    this.#entries.delete(id);
    this.#entries.set(id, { key, prop });
    if (this.#entries.size > this.maxEntries) this.#trim();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Past the bound by one: drops the `trimBatch` least recently used (one walk of the iterator per batch). */
  #trim(): void {
    let drop = this.#entries.size - this.maxEntries + this.#trimBatch - 1;
    for (const id of this.#entries.keys()) {
      if (drop-- <= 0) break;
      this.#entries.delete(id);
    }
  }
}
