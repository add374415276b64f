/**
 * Sort-key versions, so that a cursor pages through the list as it stood when its first page was served
 * (no duplicates, no gaps, whatever changes between page fetches).
 *
 * Each market document records the stream sequence that created it (`_created_seq`), the sequence at which its
 * activity keys (volumes, liquidity) and its time keys (newest, ending soon) last changed (`_seq.a`, `_seq.t`),
 * and the old values of the keys each recent change replaced (`_sort_log`, newest last, SORT_LOG_MAX entries).
 * The value of a key "as of" sequence T is the old value kept by the first change after T, or the current value
 * when none changed after T. Everything here is a function of the stream, so a replay rebuilds it exactly.
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
export const TIME_KEYS = ['newest', 'ending_soon'] as const satisfies readonly SortKey[];
const ALL_KEYS: readonly SortKey[] = [...ACTIVITY_KEYS, ...TIME_KEYS];

/** Which `_seq` group a key belongs to ('a' changes with trading, 't' almost never). */
export function seqGroupOf(key: SortKey): 'a' | 't' {
  return (TIME_KEYS as readonly string[]).includes(key) ? 't' : 'a';
}

export interface SortLogEntry {
  /** Stream sequence of the change. */
  readonly u: number;
  /** The values the change replaced (only the keys that changed). */
  readonly k: Readonly<Partial<Record<SortKey, number>>>;
}

/**
 * Changes a market may go through while one client pages: at one change per poll (30-60 s) this covers
 * 10-20 minutes of paging exactly; older cursors see such a market at its oldest kept value.
 */
export const SORT_LOG_MAX = 20;

export interface SortVersioning {
  readonly _created_seq: number;
  readonly _seq: { readonly a: number; readonly t: number };
  readonly _sort_log: readonly SortLogEntry[];
}

interface Versioned extends Partial<SortVersioning> {
  readonly _sort: MarketSortKeys;
}

export function nextVersioning(prev: Versioned | null, next: MarketSortKeys, seq: number): SortVersioning {
  if (!prev) return { _created_seq: seq, _seq: { a: seq, t: seq }, _sort_log: [] };
  // Documents written before versioning existed read as created at sequence 0 with no history.
  const created = prev._created_seq ?? 0;
  const seqs = prev._seq ?? { a: 0, t: 0 };
  const oldLog = prev._sort_log ?? [];
  const changed: Partial<Record<SortKey, number>> = {};
  let a = false;
  let t = false;
  for (const key of ALL_KEYS) {
    if (prev._sort[key] === next[key]) continue;
    changed[key] = prev._sort[key];
    if (seqGroupOf(key) === 'a') a = true;
    else t = true;
  }
  if (!a && !t) return { _created_seq: created, _seq: seqs, _sort_log: oldLog };
  const log = [...oldLog, { u: seq, k: changed }];
  return {
    _created_seq: created,
    _seq: { a: a ? seq : seqs.a, t: t ? seq : seqs.t },
    _sort_log: log.length > SORT_LOG_MAX ? log.slice(log.length - SORT_LOG_MAX) : log,
  };
}

/** The key's value as of stream sequence `asOf`; null when the market did not exist yet. */
export function sortKeyAsOf(doc: Versioned, key: SortKey, asOf: number): number | null {
  if ((doc._created_seq ?? 0) > asOf) return null;
  for (const entry of doc._sort_log ?? []) {
    if (entry.u > asOf && entry.k[key] !== undefined) return entry.k[key] as number;
  }
  return doc._sort[key];
}
