import { DuplicateKeyError, type Collection, type Doc, type Filter } from '../../shared/ports/documentStore.ts';

/**
 * Per-owner bounds (alerts per account, watchlists per account, items per watchlist) that hold under
 * concurrent requests and across API processes: each document takes a numbered slot 0..max-1, and a
 * unique index on (scope, slot) lets only one document hold a slot. Deleting a document frees its
 * slot; there is no counter that could drift.
 */
export interface SlotDoc extends Doc {
  readonly slot: number;
}

export type SlotInsert = { ok: true; slot: number } | { ok: false; reason: 'limit' };

/**
 * Inserts `doc` into the lowest free slot of `scope`. Other unique-index violations are rethrown;
 * `slotIndex` names the (scope, slot) index so its violations mean "taken meanwhile, try another".
 */
export async function insertInSlot<T extends SlotDoc>(
  collection: Collection<T>,
  scope: Filter,
  max: number,
  slotIndex: string,
  make: (slot: number) => T,
): Promise<SlotInsert> {
  for (let tries = 0; tries < max + 8; tries++) {
    const used = new Set((await collection.distinct('slot', scope)).filter((s): s is number => typeof s === 'number'));
    let free = -1;
    for (let s = 0; s < max; s++) {
      if (!used.has(s)) {
        free = s;
        break;
      }
    }
    if (free < 0) return { ok: false, reason: 'limit' };
    try {
      await collection.insert(make(free));
      return { ok: true, slot: free };
    } catch (err) {
      if (!(err instanceof DuplicateKeyError) || err.index !== slotIndex) throw err;
    }
  }
  return { ok: false, reason: 'limit' };
}
