import { z } from 'zod';
import type { MarketEvent, MarketNormalized } from '../../shared/events.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { normalizedMarketSchema } from '../../shared/types/marketSchema.ts';
import { VENUES } from '../../shared/venues/registry.ts';
import type { Projection } from '../projection.ts';
import { decodeLedger, encodeLedger, marketWindows, recordVolume, type EncodedLedger, type MarketWindows, type WindowVolume } from '../../shared/history/volumeWindows.ts';
import { isoToSeconds } from '../../shared/history/series.ts';
import { nextVersioning, type MarketSortKeys, type SortVersioning } from './sortVersions.ts';
import { words } from '../../shared/text/searchText.ts';
import type { TextIndexSpec } from '../../shared/ports/documentStore.ts';

/** Sort keys kept numeric and non-null so keyset pagination is total (-1 = not reported). */
export type { MarketSortKeys } from './sortVersions.ts';

/** Window volumes as served: the three rolling windows, lifetime, and how they were derived. */
export interface VolumeWindowsView {
  readonly basis: MarketWindows['basis'];
  readonly '24h': WindowVolume;
  readonly '7d': WindowVolume;
  readonly '30d': WindowVolume;
  readonly all: WindowVolume;
  readonly previous_24h: WindowVolume;
}

/** The markets read model: the normalised market plus platform info and first-seen time. */
export interface MarketDoc extends NormalizedMarket, SortVersioning {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly platform_id: string;
  readonly platform_name: string;
  /** Fetch time of the first snapshot seen for this market. */
  readonly first_seen_at: string;
  /** Fetch time of the snapshot this document reflects. */
  readonly updated_at: string;
  readonly _sort: MarketSortKeys;
  /** When the venue's open listing stopped returning the market (it then reads as closed). */
  readonly delisted_at?: string;
  /** Rolling window volumes as of the latest snapshot (shared/history/volumeWindows.ts). */
  readonly volume_windows: VolumeWindowsView;
  /** The volume snapshots the windows are computed from (bounded; never served). */
  readonly _vol?: EncodedLedger;
  /** Folded words of the title and of the outcome labels, for full-text search (MARKET_TEXT_INDEX). */
  readonly _search?: { readonly title: string; readonly labels: string };
}

/** `q` searches titles (weight 3) and outcome labels, including a split contract's own label (weight 1). */
export const MARKET_TEXT_INDEX: TextIndexSpec = {
  name: 'market_search',
  fields: [
    ['_search.title', 3],
    ['_search.labels', 1],
  ],
};

/**
 * Search fields hold folded words (lower case, accents dropped, one space apart): both stores then tokenize them
 * identically, so MongoDB's text index finds exactly what SQLite's FTS5 finds.
 */
export function searchFieldsOf(m: NormalizedMarket): { title: string; labels: string } {
  return { title: words(m.title).join(' '), labels: words(labelText(m)).join(' ') };
}

function labelText(m: NormalizedMarket): string {
  return [...m.outcomes.map((o) => o.label), ...(m.group ? [m.group.outcome_label] : [])].join(' ');
}

/** Titles and labels rarely change between polls: the previous document's folded words are reused when they did not. */
function searchFieldsSince(doc: MarketDoc | null, m: NormalizedMarket): { title: string; labels: string } {
  if (doc?._search && doc.title === m.title && (sameLabels(doc, m) || labelText(doc) === labelText(m))) return doc._search;
  return searchFieldsOf(m);
}

/** The same labels one by one (then their labelText is the same too), without joining them. */
function sameLabels(a: NormalizedMarket, b: NormalizedMarket): boolean {
  if (a.outcomes.length !== b.outcomes.length || (a.group?.outcome_label ?? null) !== (b.group?.outcome_label ?? null)) return false;
  for (let i = 0; i < a.outcomes.length; i++) if (a.outcomes[i]?.label !== b.outcomes[i]?.label) return false;
  return true;
}

/** Far-future stand-in so undated markets sort last by ending_soon. */
export const NO_END = 8.64e15;

const eventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('market_normalized'),
    market: normalizedMarketSchema,
    source: z.object({ item_id: z.string(), content_hash: z.string(), fetched_at: z.string() }),
  }),
  z.object({ type: z.literal('market_delisted'), market_id: z.string(), venue: z.enum(VENUE_SLUGS), item_id: z.string(), at: z.string() }),
]);

/** Applies any MARKETS event: a snapshot, or the venue no longer listing the market. */
export function evolveMarketEvent(doc: MarketDoc | null, event: MarketEvent, seq = 0): MarketDoc | null {
  if (event.type === 'market_normalized') return evolveMarket(doc, event, seq);
  if (!doc || event.at < doc.updated_at) return doc;
  return { ...doc, status: doc.status === 'open' ? 'closed' : doc.status, delisted_at: event.at, updated_at: event.at };
}

/**
 * `seq` is the event's stream sequence (applyEvent passes it): it versions the sort keys for stable cursors.
 * Window volumes come from the snapshot's own fetch time, never the wall clock.
 */
export function evolveMarket(doc: MarketDoc | null, event: MarketNormalized, seq = 0): MarketDoc {
  // Workers publish in parallel, so under a backlog an older snapshot can land after a newer one.
  if (doc && event.source.fetched_at < doc.updated_at) return doc;
  const m = event.market;
  const venue = VENUES[m.platform_slug];
  const firstSeen = doc?.first_seen_at ?? event.source.fetched_at;
  const ledger = recordVolume(decodeLedger(doc?._vol), isoToSeconds(event.source.fetched_at), m.volume24h, m.volume_total);
  const created = m.created_at ? isoToSeconds(m.created_at) : NaN;
  const windows = marketWindows({ ledger, volume24h: m.volume24h, createdAt: Number.isFinite(created) ? created : null });
  const sort: MarketSortKeys = {
    volume_24h: windows['24h'].volume ?? -1,
    volume_7d: windows['7d'].volume ?? -1,
    volume_30d: windows['30d'].volume ?? -1,
    volume_all: m.volume_total ?? -1,
    liquidity: m.liquidity ?? -1,
    newest: Date.parse(m.created_at ?? firstSeen),
    ending_soon: m.end_time ? Date.parse(m.end_time) : NO_END,
  };
  const versioning = nextVersioning(doc, sort, seq);
  // The keys of `{ ...m, _id, ..., ...versioning, _vol, _search }` in that order, built without spread syntax:
  // V8 compiles a literal that spreads the market and then adds keys to a slow path (~10x the cost here).
  return Object.assign({} as Record<string, unknown>, m, {
    _id: m.id,
    platform_id: venue.id,
    platform_name: venue.name,
    first_seen_at: firstSeen,
    updated_at: event.source.fetched_at,
    volume_windows: {
      basis: windows.basis,
      '24h': windows['24h'],
      '7d': windows['7d'],
      '30d': windows['30d'],
      previous_24h: windows.previous_24h,
      all: { volume: m.volume_total, complete: m.volume_total !== null },
    },
    _sort: sort,
    _created_seq: versioning._created_seq,
    _seq: versioning._seq,
    _sort_log: versioning._sort_log,
    _vol: encodeLedger(ledger),
    _search: searchFieldsSince(doc, m),
  }) as MarketDoc;
}

export const marketsProjection: Projection<MarketEvent, MarketDoc> = {
  name: 'markets',
  collection: 'markets',
  schemaVersion: 2,
  stream: 'markets',
  textIndex: MARKET_TEXT_INDEX,
  indexes: [
    { name: 'by_volume', fields: [['_sort.volume_24h', -1], ['_id', 1]] },
    { name: 'by_volume_7d', fields: [['_sort.volume_7d', -1], ['_id', 1]] },
    { name: 'by_volume_30d', fields: [['_sort.volume_30d', -1], ['_id', 1]] },
    { name: 'by_activity_seq', fields: [['_seq.a', 1]] },
    { name: 'by_platform_volume', fields: [['platform_slug', 1], ['_sort.volume_24h', -1], ['_id', 1]] },
    { name: 'by_category_volume', fields: [['category', 1], ['_sort.volume_24h', -1], ['_id', 1]] },
    { name: 'by_liquidity', fields: [['_sort.liquidity', -1], ['_id', 1]] },
    { name: 'by_newest', fields: [['_sort.newest', -1], ['_id', 1]] },
    { name: 'by_ending', fields: [['_sort.ending_soon', 1], ['_id', 1]] },
    // A venue or category filter with each of the other sorts the list offers (spec: sort x platform, category):
    // without them SQLite sorts every market of the venue for each page.
    { name: 'by_platform_liquidity', fields: [['platform_slug', 1], ['_sort.liquidity', -1], ['_id', 1]] },
    { name: 'by_platform_newest', fields: [['platform_slug', 1], ['_sort.newest', -1], ['_id', 1]] },
    { name: 'by_platform_ending', fields: [['platform_slug', 1], ['_sort.ending_soon', 1], ['_id', 1]] },
    { name: 'by_category_liquidity', fields: [['category', 1], ['_sort.liquidity', -1], ['_id', 1]] },
    { name: 'by_category_newest', fields: [['category', 1], ['_sort.newest', -1], ['_id', 1]] },
    { name: 'by_category_ending', fields: [['category', 1], ['_sort.ending_soon', 1], ['_id', 1]] },
  ],
  decode: (value) => {
    const parsed = eventSchema.safeParse(value);
    return parsed.success
      ? { ok: true, event: parsed.data as MarketEvent }
      : { ok: false, reason: `invalid market_normalized event: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` };
  },
  canHandle: () => true,
  keyOf: (event) => (event.type === 'market_normalized' ? event.market.id : event.market_id),
  evolve: evolveMarketEvent,
};
