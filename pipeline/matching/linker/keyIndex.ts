/**
 * The linker's structural key index: which markets are filed under which structural key (a subject at
 * a level, a game's day). It proposes candidates the embedding's nearest neighbours can miss when one
 * venue lists hundreds of near-identical siblings; the verifier still decides every link.
 */
import type { Doc, DocumentStore } from '../../../shared/ports/documentStore.ts';

export const LINKER_KEYS = 'linker_keys';

/** Most markets read per key lookup: a key is narrow (one subject and level, or one day of games). */
export const KEYED_CANDIDATES = 64;

/** Markets' keys deleted, and keys written, per store call of a run's flush. */
const FLUSH_CHUNK = 500;

interface KeyDoc extends Doc {
  readonly _id: string;
  readonly key: string;
  readonly market_id: string;
  readonly venue: string;
}

/** SQLite's BINARY order of two strings (their UTF-8 bytes, so code points): UTF-16 units order them the same outside surrogates. */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // A surrogate (a code point past U+FFFF) sorts after U+E000-U+FFFF in UTF-8, before them in UTF-16.
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** The order of SQLite's answer to a lookup: its by_key index, (key, _id). */
const byKeyOrder = (a: KeyDoc, b: KeyDoc): number => compareUtf8(a.key, b.key) || compareUtf8(a._id, b._id);

/**
 * On SQLite a run's filings are kept in memory and written once at the run's end (`flush`): a market's filing was
 * two write transactions of its own, ~10% of the linker's thread at 10k markets (bench/README.md finding 71). A
 * lookup reads the store in its index's order, (key, _id), drops the rows of markets filed since, and merges their
 * new rows in that order, so it answers what it did when each filing was written at once. On MongoDB, whose
 * answer comes in the order the rows were written, each filing is written at once, as before.
 */
export function createKeyIndex(store: DocumentStore) {
  const keys = store.collection<KeyDoc>(LINKER_KEYS);
  let indexed: Promise<void> | null = null;
  const ready = (): Promise<void> =>
    (indexed ??= keys.ensureIndexes([
      { name: 'by_key', fields: [['key', 1]] },
      { name: 'by_market', fields: [['market_id', 1]] },
    ]));
  const deferred = store.kind === 'sqlite';
  /** This run's filings not yet written: each market's rows (latest filing), and the rows by key. */
  const pending = new Map<string, readonly KeyDoc[]>();
  const pendingByKey = new Map<string, Map<string, KeyDoc>>();

  const discard = (): void => {
    pending.clear();
    pendingByKey.clear();
  };
  const rowsOf = (marketId: string, venue: string, own: readonly string[]): KeyDoc[] =>
    [...new Set(own)].map((key) => ({ _id: `${key}\u241f${marketId}`, key, market_id: marketId, venue }));

  return {
    /** Files the market under exactly these keys (its previous keys are dropped); on SQLite, written by `flush`. */
    async file(marketId: string, venue: string, own: readonly string[]): Promise<void> {
      await ready();
      if (!deferred) {
        await keys.deleteMany({ market_id: marketId });
        if (own.length > 0) await keys.putMany(rowsOf(marketId, venue, own));
        return;
      }
      for (const row of pending.get(marketId) ?? []) pendingByKey.get(row.key)?.delete(marketId);
      pending.delete(marketId);
      const rows = rowsOf(marketId, venue, own);
      pending.set(marketId, rows);
      for (const row of rows) {
        let atKey = pendingByKey.get(row.key);
        if (!atKey) pendingByKey.set(row.key, (atKey = new Map()));
        atKey.set(marketId, row);
      }
    },
    /** Markets of other venues filed under any of the keys, at most KEYED_CANDIDATES. */
    async lookup(probe: readonly string[], notVenue: string): Promise<string[]> {
      if (probe.length === 0) return [];
      await ready();
      const wanted = [...new Set(probe)];
      const filter = { key: { $in: wanted }, venue: { $ne: notVenue } };
      if (!deferred) {
        const found = await keys.find(filter, { limit: KEYED_CANDIDATES });
        return [...new Set(found.map((d) => d.market_id))];
      }
      const added: KeyDoc[] = [];
      for (const key of wanted) {
        for (const row of pendingByKey.get(key)?.values() ?? []) if (row.venue !== notVenue) added.push(row);
      }
      // Rows of a market filed in this run are replaced by its pending ones: ask past them until KEYED_CANDIDATES
      // others are held or the store has no more.
      let limit = KEYED_CANDIDATES;
      let kept: KeyDoc[];
      for (;;) {
        const found = await keys.find(filter, { limit, sort: [['key', 1], ['_id', 1]] });
        kept = pending.size === 0 ? found : found.filter((d) => !pending.has(d.market_id));
        if (found.length < limit || kept.length >= KEYED_CANDIDATES) break;
        limit = KEYED_CANDIDATES + (found.length - kept.length);
      }
      const rows = (added.length === 0 ? kept : [...kept, ...added].sort(byKeyOrder)).slice(0, KEYED_CANDIDATES);
      return [...new Set(rows.map((d) => d.market_id))];
    },
    /** Writes the run's filings (each filed market's old rows deleted, then its new rows put); a no-op on MongoDB. */
    async flush(): Promise<void> {
      if (pending.size === 0) return;
      const ids = [...pending.keys()];
      const rows = [...pending.values()].flat();
      for (let i = 0; i < ids.length; i += FLUSH_CHUNK) await keys.deleteMany({ market_id: { $in: ids.slice(i, i + FLUSH_CHUNK) } });
      for (let i = 0; i < rows.length; i += FLUSH_CHUNK) await keys.putMany(rows.slice(i, i + FLUSH_CHUNK));
      discard();
    },
    /** Forgets the run's filings not yet written (a run that failed is linked again, filings and all). */
    discard,
  };
}

export type KeyIndex = ReturnType<typeof createKeyIndex>;
