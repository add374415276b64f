import { endianness } from 'node:os';
import type { StoredEntry } from './vectorMatrix.ts';

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * The stored entries by their graph key. Keys are handed out 1, 2, 3, ... (one per write, never reused), so an
 * array indexed by the key answers what a Map keyed by bigints did, and a search's keys are read as plain numbers
 * off the low words of usearch's answer instead of as a bigint each: a filtered search reads up to ~3,000 keys
 * (the graph is asked again with twice the count while the filter leaves fewer than k), and those reads were as
 * costly as the graph's own search.
 */
export class EntriesByKey {
  readonly #byKey: Array<StoredEntry | undefined> = [];

  set(entry: StoredEntry): void {
    this.#byKey[Number(entry.key)] = entry;
  }

  delete(key: bigint): void {
    if (key < BigInt(this.#byKey.length)) this.#byKey[Number(key)] = undefined;
  }

  /** Calls `each` with the live entry of every key in `keys`, in order (keys of replaced or removed entries skipped) until it returns false. */
  forEach(keys: BigUint64Array, each: (entry: StoredEntry) => boolean): void {
    const byKey = this.#byKey;
    if (LITTLE_ENDIAN) {
      const words = new Uint32Array(keys.buffer, keys.byteOffset, keys.length * 2);
      for (let i = 0; i < keys.length; i++) {
        const entry = words[2 * i + 1] === 0 ? byKey[words[2 * i]!] : undefined;
        if (entry !== undefined && !each(entry)) return;
      }
      return;
    }
    for (const key of keys) {
      const entry = key < BigInt(byKey.length) ? byKey[Number(key)] : undefined;
      if (entry !== undefined && !each(entry)) return;
    }
  }
}
