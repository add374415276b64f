import type { DocumentStore, Filter } from '../../shared/ports/documentStore.ts';
import type { Category } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { marketsProjection, type MarketDoc, type MarketSortKeys } from './projection.ts';

export const MARKET_SORTS = ['volume_24h', 'liquidity', 'newest', 'ending_soon'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
export const VOLUME_WINDOWS = ['24h', '7d', '30d', 'all'] as const;
export type VolumeWindow = (typeof VOLUME_WINDOWS)[number];

interface SortPlan {
  readonly key: keyof MarketSortKeys;
  readonly dir: 1 | -1;
}

/**
 * Which sort key a request uses. `window` picks the volume metric behind `volume_24h` sorting:
 * 24h → 24-hour volume; all → lifetime volume; 7d/30d → lifetime volume until price/volume
 * history lands (documented in README), since venues do not all publish those windows.
 */
function sortPlan(sort: MarketSort, window: VolumeWindow): SortPlan {
  switch (sort) {
    case 'volume_24h':
      return { key: window === '24h' ? 'volume_24h' : 'volume_all', dir: -1 };
    case 'liquidity':
      return { key: 'liquidity', dir: -1 };
    case 'newest':
      return { key: 'newest', dir: -1 };
    case 'ending_soon':
      return { key: 'ending_soon', dir: 1 };
  }
}

/** Opaque cursor: the sort it belongs to plus the last row's sort value and id. */
interface CursorState {
  readonly k: keyof MarketSortKeys;
  readonly v: number;
  readonly id: string;
}

export function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

/** Returns null when the cursor is malformed or belongs to another sort. */
export function decodeCursor(cursor: string, expectedKey: keyof MarketSortKeys): CursorState | null {
  try {
    const raw: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof raw !== 'object' || raw === null) return null;
    const { k, v, id } = raw as Record<string, unknown>;
    if (k !== expectedKey || typeof v !== 'number' || !Number.isFinite(v) || typeof id !== 'string') return null;
    return { k: expectedKey, v, id };
  } catch {
    return null;
  }
}

export interface ListMarketsQuery {
  readonly sort: MarketSort;
  readonly window: VolumeWindow;
  readonly platform?: VenueSlug;
  readonly category?: Category;
  /** Full-text query: every word must appear in the title (case-insensitive). */
  readonly q?: string;
  readonly cursor?: string;
  readonly limit: number;
}

/** Words of a `q` query, at most 8 (more narrows nothing useful and costs scans). */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

export type ListMarketsResult =
  | { ok: true; items: MarketDoc[]; nextCursor: string | null }
  | { ok: false; reason: 'invalid_cursor' };

/** Keyset-paginated market list: stable under inserts, no offset scans. */
export async function listMarkets(store: DocumentStore, q: ListMarketsQuery, nowMs: number): Promise<ListMarketsResult> {
  const plan = sortPlan(q.sort, q.window);
  const field = `_sort.${plan.key}`;
  const clauses: Filter[] = [];
  if (q.platform) clauses.push({ platform_slug: q.platform });
  if (q.category) clauses.push({ category: q.category });
  if (q.q) for (const word of queryWords(q.q)) clauses.push({ title: { $contains: word } });
  if (q.sort === 'ending_soon') clauses.push({ [field]: { $gte: nowMs } });
  if (q.cursor !== undefined) {
    const c = decodeCursor(q.cursor, plan.key);
    if (!c) return { ok: false, reason: 'invalid_cursor' };
    const beyond = plan.dir === -1 ? { $lt: c.v } : { $gt: c.v };
    clauses.push({ $or: [{ [field]: beyond }, { [field]: c.v, _id: { $gt: c.id } }] });
  }
  const filter: Filter = clauses.length ? { $and: clauses } : {};
  const rows = await store.collection<MarketDoc>(marketsProjection.collection).find(filter, {
    sort: [[field, plan.dir], ['_id', 1]],
    limit: q.limit + 1,
  });
  const items = rows.slice(0, q.limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > q.limit && last ? encodeCursor({ k: plan.key, v: last._sort[plan.key], id: last._id }) : null;
  return { ok: true, items, nextCursor };
}

export async function getMarket(store: DocumentStore, id: string): Promise<MarketDoc | null> {
  return store.collection<MarketDoc>(marketsProjection.collection).get(id);
}

export async function countMarkets(store: DocumentStore, platform: VenueSlug, status?: string): Promise<number> {
  return store.collection<MarketDoc>(marketsProjection.collection).count(status ? { platform_slug: platform, status } : { platform_slug: platform });
}
