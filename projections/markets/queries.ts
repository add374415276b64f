import { createHash } from 'node:crypto';
import type { DocumentStore, Filter } from '../../shared/ports/documentStore.ts';
import type { Category } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { searchTerms, textScore } from '../../shared/text/searchText.ts';
import { CHECKPOINTS } from '../applyEvent.ts';
import { marketsProjection, MARKET_TEXT_INDEX, type MarketDoc } from './projection.ts';
import { AS_OF_NOW, pageAsOf, type Order, type Position } from './pageAsOf.ts';
import type { SortKey } from './sortVersions.ts';

export const MARKET_SORTS = ['volume_24h', 'liquidity', 'newest', 'ending_soon', 'relevance'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
export const VOLUME_WINDOWS = ['24h', '7d', '30d', 'all'] as const;
export type VolumeWindow = (typeof VOLUME_WINDOWS)[number];

const WINDOW_KEY: Readonly<Record<VolumeWindow, SortKey>> = { '24h': 'volume_24h', '7d': 'volume_7d', '30d': 'volume_30d', all: 'volume_all' };

/**
 * The order a request asks for. `window` picks the volume behind `volume_24h` sorting (the window volumes of
 * shared/history/volumeWindows.ts); relevance (the default with `q`) ties on that same window volume.
 */
export function orderOf(sort: MarketSort, window: VolumeWindow): Order {
  switch (sort) {
    case 'volume_24h':
      return { kind: 'field', key: WINDOW_KEY[window], dir: -1 };
    case 'liquidity':
      return { kind: 'field', key: 'liquidity', dir: -1 };
    case 'newest':
      return { kind: 'field', key: 'newest', dir: -1 };
    case 'ending_soon':
      return { kind: 'field', key: 'ending_soon', dir: 1 };
    case 'relevance':
      return { kind: 'relevance', tie: WINDOW_KEY[window] };
  }
}

const orderName = (o: Order): string => (o.kind === 'field' ? o.key : `relevance:${o.tie}`);

/**
 * Opaque cursor: the order and query it belongs to, the list's stream sequence (`t`), the time "ending soon" was
 * judged against (`n`), and the last row's position.
 */
interface CursorState extends Position {
  readonly k: string;
  readonly q: string;
  readonly t: number;
  readonly n: number;
}

const queryTag = (terms: readonly string[]): string => (terms.length === 0 ? '' : createHash('sha256').update(terms.join(' ')).digest('base64url').slice(0, 12));

export function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

/** Returns null when the cursor is malformed or belongs to another order or query. */
export function decodeCursor(cursor: string, expected: { k: string; q: string }): CursorState | null {
  try {
    const raw: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof raw !== 'object' || raw === null) return null;
    const { k, q, v, s, id, t, n } = raw as Record<string, unknown>;
    const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
    if (k !== expected.k || q !== expected.q || !finite(v) || typeof id !== 'string' || !finite(t) || !finite(n)) return null;
    if (s !== undefined && !finite(s)) return null;
    return { k, q, v, ...(s !== undefined ? { s } : {}), id, t, n };
  } catch {
    return null;
  }
}

/**
 * How long a cursor pages the list as it stood at its first page: markets keep their last 20 sort-key changes,
 * about 10-20 minutes of trading at one change per poll. Later pages of an older cursor follow current values.
 */
export const CURSOR_STABLE_MS = 15 * 60_000;

export interface ListMarketsQuery {
  readonly sort: MarketSort;
  readonly window: VolumeWindow;
  readonly platform?: VenueSlug;
  readonly category?: Category;
  /** Full-text query over titles and outcome labels (shared/text/searchText.ts). */
  readonly q?: string;
  readonly cursor?: string;
  readonly limit: number;
}

export type ListMarketsResult =
  | { ok: true; items: MarketDoc[]; nextCursor: string | null }
  | { ok: false; reason: 'invalid_cursor' | 'relevance_without_q' | 'no_words' };

/** Relevance of a market to the query's words, exactly as the store ranks it. */
export function marketScore(doc: MarketDoc, terms: readonly string[]): number {
  const fields = MARKET_TEXT_INDEX.fields.map(([path, weight]) => [path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], doc), weight] as const);
  return textScore(fields, terms) ?? 0;
}

const textIndexReady = new WeakMap<DocumentStore, Promise<void>>();
/** The API may start before any projector: make sure the text index exists before the first search. */
function ensureTextIndex(store: DocumentStore): Promise<void> {
  let ready = textIndexReady.get(store);
  if (!ready) {
    ready = store.collection<MarketDoc>(marketsProjection.collection).ensureTextIndex(MARKET_TEXT_INDEX);
    ready.catch(() => textIndexReady.delete(store));
    textIndexReady.set(store, ready);
  }
  return ready;
}

/** The stream sequence the markets read model has applied up to (what a first page is "as of"). */
async function appliedSeq(store: DocumentStore): Promise<number> {
  const checkpoint = await store.collection<{ _id: string; lastSeq: number }>(CHECKPOINTS).get(marketsProjection.name);
  return checkpoint?.lastSeq ?? 0;
}

/**
 * Cursor pages that hold still while markets change: every page of one cursor is cut from the list as it stood
 * when the first page was served (pageAsOf.ts), so no market shows twice and none is skipped.
 */
export async function listMarkets(store: DocumentStore, q: ListMarketsQuery, nowMs: number): Promise<ListMarketsResult> {
  const terms = q.q === undefined ? [] : searchTerms(q.q);
  if (q.q !== undefined && terms.length === 0) return { ok: false, reason: 'no_words' };
  if (q.sort === 'relevance' && terms.length === 0) return { ok: false, reason: 'relevance_without_q' };
  const order = orderOf(q.sort, q.window);
  const tag = { k: orderName(order), q: queryTag(terms) };
  let cursor: CursorState | null = null;
  if (q.cursor !== undefined) {
    cursor = decodeCursor(q.cursor, tag);
    if (!cursor) return { ok: false, reason: 'invalid_cursor' };
  }
  const now = cursor?.n ?? nowMs;
  // Within its stable life a cursor pages the list as of its first page; an older one pages current values.
  const asOf = cursor ? (nowMs - cursor.n <= CURSOR_STABLE_MS ? cursor.t : AS_OF_NOW) : await appliedSeq(store);
  const filter: Record<string, unknown> = {};
  if (q.platform) filter.platform_slug = q.platform;
  // Ending soon lists markets still to end: open ones (a closed market without an end time has ended too).
  if (q.sort === 'ending_soon') filter.status = 'open';
  if (q.category) filter.category = q.category;
  if (terms.length > 0) {
    await ensureTextIndex(store);
    filter.$text = terms.join(' ');
  }
  const page = await pageAsOf({
    coll: store.collection<MarketDoc>(marketsProjection.collection),
    filter: filter as Filter,
    order,
    asOf,
    after: cursor,
    limit: q.limit,
    ...(q.sort === 'ending_soon' ? { minKey: now } : {}),
    scoreOf: (doc) => marketScore(doc, terms),
  });
  const last = page.rows[page.rows.length - 1];
  const nextCursor = page.more && last ? encodeCursor({ ...tag, ...last.position, t: cursor?.t ?? asOf, n: now }) : null;
  return { ok: true, items: page.rows.map((r) => r.doc), nextCursor };
}

export const TRENDING_DEFAULT_LIMIT = 50;

/**
 * Trending: open real-money markets ranked by their 24-hour volume level (venue-reported, or derived from
 * lifetime volume), highest first; a rise does not count more than its level (docs/history.md). Play money is
 * left out: mana volumes are not comparable with dollar volumes.
 */
export async function trendingMarkets(store: DocumentStore, limit: number): Promise<MarketDoc[]> {
  return store.collection<MarketDoc>(marketsProjection.collection).find(
    { status: 'open', play_money: false, '_sort.volume_24h': { $gt: 0 } },
    { sort: [['_sort.volume_24h', -1], ['_id', 1]], limit },
  );
}

export async function getMarket(store: DocumentStore, id: string): Promise<MarketDoc | null> {
  return store.collection<MarketDoc>(marketsProjection.collection).get(id);
}

export async function getMarkets(store: DocumentStore, ids: readonly string[]): Promise<MarketDoc[]> {
  return store.collection<MarketDoc>(marketsProjection.collection).getMany(ids);
}

export async function countMarkets(store: DocumentStore, platform: VenueSlug, status?: string): Promise<number> {
  return store.collection<MarketDoc>(marketsProjection.collection).count(status ? { platform_slug: platform, status } : { platform_slug: platform });
}
