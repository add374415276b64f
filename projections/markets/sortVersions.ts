/**
 * Sort-key versions, so that a cursor pages through the list as it stood when its first page was served
 * (no duplicates, no gaps, whatever changes between page fetches).
 *
 * Each market document records the stream sequence that created it (`_created_seq`), the sequence at which its
 * activity keys (volumes, liquidity) last changed (`_seq.a`), and the old values each recent change replaced
 * (`_sort_log`, newest last, SORT_LOG_MAX entries). The value of a key "as of" sequence T is the old value kept by
 * the first change after T, or the current value when none changed after T. Time keys (newest, ending soon) follow
 * the venue's creation and end dates, which practically never move, so they are not versioned: that saves an
 * index write on every update. Everything here is a function of the stream, so a replay rebuilds it exactly.
 */
export interface MarketSortKeys {
  readonly volume_24h: number;
  readonly volume_7d: number;
  readonly volume_30d: number;
  readonly volume_all: number;
  readonly liquidity: number;
  readonly newest: number;
  readonly ending_soon: number;
}
export type SortKey = keyof MarketSortKeys;

export const ACTIVITY_KEYS = ['volume_24h', 'volume_7d', 'volume_30d', 'volume_all', 'liquidity'] as const satisfies readonly SortKey[];

/** Whether a key is versioned (changes with trading) rather than a date that practically never moves. */
export function isVersioned(key: SortKey): boolean {
  return (ACTIVITY_KEYS as readonly string[]).includes(key);
}

/**
 * One change: its stream sequence, then the value each activity key had before it (ACTIVITY_KEYS order; null for
 * a key the change left alone). An array, not an object, because every active market's document carries 20.
 */
export type SortLogEntry = readonly [seq: number, ...before: Array<number | null>];

/**
 * Changes a market may go through while one client pages: at one change per poll (30-60 s) this covers
 * 10-20 minutes of paging exactly; older cursors see such a market at its oldest kept value.
 */
export const SORT_LOG_MAX = 20;

export interface SortVersioning {
  readonly _created_seq: number;
  readonly _seq: { readonly a: number };
  readonly _sort_log: readonly SortLogEntry[];
}

interface Versioned extends Partial<SortVersioning> {
  readonly _sort: MarketSortKeys;
}

/**
 * `owned`: the caller owns `prev` and replaces it by the result (evolveMarket's `owned`), so a changed log is grown or
 * shifted in its own array rather than copied: the result's log is then the very array `prev` held.
 */
export function nextVersioning(prev: Versioned | null, next: MarketSortKeys, seq: number, owned = false): SortVersioning {
  if (!prev) return { _created_seq: seq, _seq: { a: seq }, _sort_log: [] };
  // Documents written before versioning existed read as created at sequence 0 with no history.
  const created = prev._created_seq ?? 0;
  const oldLog = prev._sort_log ?? [];
  // Written out key by key (every market snapshot goes through here; a loop over ACTIVITY_KEYS made keyed loads):
  // the entry is `[seq, ...before]` with before[i] the old value of ACTIVITY_KEYS[i] or null, and the log keeps its
  // last SORT_LOG_MAX entries.
  const p = prev._sort;
  const changed =
    p.volume_24h !== next.volume_24h || p.volume_7d !== next.volume_7d || p.volume_30d !== next.volume_30d || p.volume_all !== next.volume_all || p.liquidity !== next.liquidity;
  if (!changed) return { _created_seq: created, _seq: { a: prev._seq?.a ?? 0 }, _sort_log: oldLog };
  const entry: SortLogEntry = [
    seq,
    p.volume_24h === next.volume_24h ? null : p.volume_24h,
    p.volume_7d === next.volume_7d ? null : p.volume_7d,
    p.volume_30d === next.volume_30d ? null : p.volume_30d,
    p.volume_all === next.volume_all ? null : p.volume_all,
    p.liquidity === next.liquidity ? null : p.liquidity,
  ];
  if (owned && Array.isArray(oldLog)) return { _created_seq: created, _seq: { a: seq }, _sort_log: appendInPlace(oldLog as SortLogEntry[], entry) };
  // Allocated at its final length: grown by push, a log of 18-20 entries had a backing store of 43 slots (V8 grows
  // by half plus 16) and left one of 17 behind, and a rebuild holds (and at full size promotes) every version's log.
  const from = Math.max(0, oldLog.length + 1 - SORT_LOG_MAX);
  const kept = oldLog.length - from;
  const log = new Array<SortLogEntry>(kept + 1);
  for (let i = 0; i < kept; i++) log[i] = oldLog[from + i] as SortLogEntry;
  log[kept] = entry;
  return { _created_seq: created, _seq: { a: seq }, _sort_log: log };
}

/**
 * `log` with `entry` appended and only its last SORT_LOG_MAX entries kept, in the same array. Growing by push leaves
 * spare slots (17, then 43 for a log of 18-20), which a rebuild's held document carries; that is cheaper than a new
 * array of up to 20 entries per version, each copied by the collector.
 */
function appendInPlace(log: SortLogEntry[], entry: SortLogEntry): SortLogEntry[] {
  const from = Math.max(0, log.length + 1 - SORT_LOG_MAX);
  if (from === 0) {
    log.push(entry);
    return log;
  }
  const kept = log.length - from;
  for (let i = 0; i < kept; i++) log[i] = log[from + i] as SortLogEntry;
  log[kept] = entry;
  log.length = kept + 1;
  return log;
}

/** The key's value as of stream sequence `asOf`; null when the market did not exist yet. */
export function sortKeyAsOf(doc: Versioned, key: SortKey, asOf: number): number | null {
  if ((doc._created_seq ?? 0) > asOf) return null;
  const i = (ACTIVITY_KEYS as readonly string[]).indexOf(key);
  if (i < 0) return doc._sort[key];
  for (const entry of doc._sort_log ?? []) {
    const value = entry[i + 1];
    if (entry[0] > asOf && value !== null && value !== undefined) return value;
  }
  return doc._sort[key];
}
