import { z } from 'zod';
import type { MarketEvent, MarketNormalized } from '../../shared/events.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { normalizedMarketSchema } from '../../shared/types/marketSchema.ts';
import { VENUES } from '../../shared/venues/registry.ts';
import type { Projection } from '../projection.ts';
import { decodeLedger, encodeLedger, marketWindows, recordVolume, type EncodedLedger, type MarketWindows, type WindowVolume } from '../../shared/history/volumeWindows.ts';
import { isoToSeconds } from '../../shared/history/series.ts';
import { parseDate } from '../../shared/time/utc.ts';
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

/**
 * `newest` orders by the venue's creation date. A market whose venue publishes none (PredictIt, Azuro, Drift) comes
 * last: when Concord first saw it says nothing of its age (on a first start every market is first seen at once), and
 * a list sorted by a date it shows as null should not lead with it.
 */
function newestKey(createdAt: string | null): number {
  const at = createdAt ? parseDate(createdAt) : NaN;
  return Number.isFinite(at) ? at : 0;
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

/**
 * Applies any MARKETS event: a snapshot, or the venue no longer listing the market. `owned`: the caller owns `doc`
 * and replaces it by the result (a full rebuild's held document), so its sort log and outcomes may be updated in
 * place (see evolveMarket).
 */
export function evolveMarketEvent(doc: MarketDoc | null, event: MarketEvent, seq = 0, owned = false): MarketDoc | null {
  if (event.type === 'market_normalized') return evolveMarket(doc, event, seq, owned);
  if (!doc || event.at < doc.updated_at) return doc;
  return { ...doc, status: doc.status === 'open' ? 'closed' : doc.status, delisted_at: event.at, updated_at: event.at };
}

/**
 * `seq` is the event's stream sequence (applyEvent passes it): it versions the sort keys for stable cursors.
 * Window volumes come from the snapshot's own fetch time, never the wall clock.
 *
 * `owned`: the caller owns `doc` and never uses it again (a full rebuild replaces its held document by the result).
 * Then the sort log grows or shifts in its own array and outcomes whose only change is their numbers (prices, bids,
 * asks) keep their objects with the new numbers written in (ownedOutcomes): the same document, byte for byte, but a
 * version no longer copies up to 19 log entries and makes no outcome objects of its own. A rebuild holds every
 * version until its market's next snapshot, thousands of messages later, so those copies were each copied again by
 * the collector into the survivor space and then promoted.
 */
export function evolveMarket(doc: MarketDoc | null, event: MarketNormalized, seq = 0, owned = false): MarketDoc {
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
    newest: newestKey(m.created_at),
    ending_soon: m.end_time ? parseDate(m.end_time) : NO_END,
  };
  const versioning = nextVersioning(doc, sort, seq, owned);
  const pw = doc?.volume_windows;
  // Values equal to the previous document's are taken from it (sameWindow, the sort keys, `_seq`, and
  // shareUnchanged below): the same document, but less of each version is new (see shareUnchanged).
  const added: AddedKeys = {
    _id: m.id,
    platform_id: venue.id,
    platform_name: venue.name,
    first_seen_at: firstSeen,
    updated_at: event.source.fetched_at,
    volume_windows: sameWindows(
      pw,
      windows.basis,
      sameWindow(pw?.['24h'], windows['24h']),
      sameWindow(pw?.['7d'], windows['7d']),
      sameWindow(pw?.['30d'], windows['30d']),
      sameWindow(pw?.previous_24h, windows.previous_24h),
      sameWindow(pw?.all, { volume: m.volume_total, complete: m.volume_total !== null }),
    ),
    _sort: doc && sameSortKeys(doc._sort, sort) ? doc._sort : sort,
    _created_seq: versioning._created_seq,
    _seq: doc?._seq && doc._seq.a === versioning._seq.a && sameKeys(doc._seq, versioning._seq) ? doc._seq : versioning._seq,
    _sort_log: versioning._sort_log,
    _vol: encodeLedger(ledger),
    _search: searchFieldsSince(doc, m),
  };
  // The keys of `{ ...m, _id, ..., ...versioning, _vol, _search }` in that order, built without spread syntax:
  // V8 compiles a literal that spreads the market and then adds keys to a slow path (~10x the cost here).
  if (hasMarketKeys(m)) return marketDoc(m, added, doc, owned && doc ? ownedOutcomes(doc.outcomes, m.outcomes) : undefined) as MarketDoc;
  const next = Object.assign({} as Record<string, unknown>, m, added);
  if (doc) shareUnchanged(next, m, doc);
  return next as MarketDoc;
}

/** The keys evolveMarket adds after the market's own, in their order. */
interface AddedKeys {
  readonly _id: string;
  readonly platform_id: string;
  readonly platform_name: string;
  readonly first_seen_at: string;
  readonly updated_at: string;
  readonly volume_windows: VolumeWindowsView;
  readonly _sort: MarketSortKeys;
  readonly _created_seq: number;
  readonly _seq: SortVersioning['_seq'];
  readonly _sort_log: SortVersioning['_sort_log'];
  readonly _vol: EncodedLedger;
  readonly _search: { readonly title: string; readonly labels: string };
}

/** NormalizedMarket's keys in its schema's order (what the decoders return), `book_ref` last and optional. */
const MARKET_KEYS = [
  'id', 'platform_slug', 'platform_market_id', 'title', 'slug', 'description', 'url', 'category', 'status', 'end_time', 'created_at',
  'outcomes', 'group', 'volume24h', 'volume_total', 'liquidity', 'currency', 'play_money', 'fee', 'quoted_at', 'book_ref',
] as const;

/** Whether `m`'s keys are MARKET_KEYS in that order (book_ref may be absent), checked without allocating. */
function hasMarketKeys(m: NormalizedMarket): boolean {
  let i = 0;
  for (const k in m) if (k !== MARKET_KEYS[i++]) return false;
  return i === MARKET_KEYS.length || i === MARKET_KEYS.length - 1;
}

/** A document with none of the market's fields: with it, `kept` always answers the event's value. */
const NO_DOC = {} as MarketDoc;

/** The previous document's value when its JSON is the same as the event's (see shareUnchanged), else the event's. */
function kept<T>(before: unknown, now: T): T {
  return before !== now && before !== undefined && sameJson(before, now) ? (before as T) : now;
}

/**
 * The document's quote time: most venues quote at the fetch time, so when it is the same text as `updated_at` the
 * document holds one string for both (a rebuild holds every version; ~40 bytes each), else `kept` as for any field.
 */
function quotedAt(d: MarketDoc, m: NormalizedMarket, a: AddedKeys): string {
  return m.quoted_at === a.updated_at ? a.updated_at : kept(d.quoted_at, m.quoted_at);
}

/**
 * evolveMarket's document for a market whose keys are MARKET_KEYS in order: the keys Object.assign gives, in the same
 * order, as one literal (one object of its final size, instead of one grown key by key plus the object of extra keys),
 * each market field already the previous document's value where shareUnchanged would put it back (named loads and
 * one store per key, rather than a keyed load of each object and a second store per shared key).
 */
function marketDoc(m: NormalizedMarket, a: AddedKeys, doc: MarketDoc | null, sharedOutcomes: NormalizedMarket['outcomes'] | undefined): Record<string, unknown> {
  const d = doc ?? NO_DOC;
  const outcomes = sharedOutcomes ?? kept(d.outcomes, m.outcomes);
  if (Object.hasOwn(m, 'book_ref')) {
    return {
      id: kept(d.id, m.id), platform_slug: kept(d.platform_slug, m.platform_slug), platform_market_id: kept(d.platform_market_id, m.platform_market_id),
      title: kept(d.title, m.title), slug: kept(d.slug, m.slug), description: kept(d.description, m.description), url: kept(d.url, m.url),
      category: kept(d.category, m.category), status: kept(d.status, m.status), end_time: kept(d.end_time, m.end_time),
      created_at: kept(d.created_at, m.created_at), outcomes, group: kept(d.group, m.group),
      volume24h: kept(d.volume24h, m.volume24h), volume_total: kept(d.volume_total, m.volume_total), liquidity: kept(d.liquidity, m.liquidity),
      currency: kept(d.currency, m.currency), play_money: kept(d.play_money, m.play_money), fee: kept(d.fee, m.fee), quoted_at: quotedAt(d, m, a),
      book_ref: kept(d.book_ref, m.book_ref),
      _id: a._id, platform_id: a.platform_id, platform_name: a.platform_name, first_seen_at: a.first_seen_at,
      updated_at: a.updated_at, volume_windows: a.volume_windows, _sort: a._sort, _created_seq: a._created_seq,
      _seq: a._seq, _sort_log: a._sort_log, _vol: a._vol, _search: a._search,
    };
  }
  return {
    id: kept(d.id, m.id), platform_slug: kept(d.platform_slug, m.platform_slug), platform_market_id: kept(d.platform_market_id, m.platform_market_id),
    title: kept(d.title, m.title), slug: kept(d.slug, m.slug), description: kept(d.description, m.description), url: kept(d.url, m.url),
    category: kept(d.category, m.category), status: kept(d.status, m.status), end_time: kept(d.end_time, m.end_time),
    created_at: kept(d.created_at, m.created_at), outcomes, group: kept(d.group, m.group),
    volume24h: kept(d.volume24h, m.volume24h), volume_total: kept(d.volume_total, m.volume_total), liquidity: kept(d.liquidity, m.liquidity),
    currency: kept(d.currency, m.currency), play_money: kept(d.play_money, m.play_money), fee: kept(d.fee, m.fee), quoted_at: quotedAt(d, m, a),
    _id: a._id, platform_id: a.platform_id, platform_name: a.platform_name, first_seen_at: a.first_seen_at,
    updated_at: a.updated_at, volume_windows: a.volume_windows, _sort: a._sort, _created_seq: a._created_seq,
    _seq: a._seq, _sort_log: a._sort_log, _vol: a._vol, _search: a._search,
  };
}

/**
 * Outcomes this module copied for a document its caller owns (ownedOutcomes), under a symbol key of the array: JSON,
 * BSON, for-in and structured clones do not see it. Only these are ever changed in place: the outcomes of an event
 * may still be read by another read model of the same rebuild (the events of a slice go to one read model after
 * another), so the first owned version copies them once.
 */
const OWN_OUTCOMES: unique symbol = Symbol('outcomes owned by a rebuild-held market document');

/**
 * The outcomes of an owned document's next version (evolveMarket's `owned`): the held ones with `now`'s numbers
 * written into them when they are this module's own copy and differ from `now` only in numbers (or null in place of a
 * number, and back): the same length, each outcome with the same keys in the same order and every other value of the
 * same JSON. Otherwise the held ones when their JSON is `now`'s (as `kept`), else a copy of `now` of our own, so that
 * the next version can write into it. Checked first, written only when every outcome passes.
 */
function ownedOutcomes(before: NormalizedMarket['outcomes'], now: NormalizedMarket['outcomes']): NormalizedMarket['outcomes'] {
  if (before === now) return now;
  if (Array.isArray(before) && (before as { [OWN_OUTCOMES]?: true })[OWN_OUTCOMES] === true && numbersOnlyMoved(before, now)) {
    for (let i = 0; i < now.length; i++) {
      const a = before[i] as unknown as Record<string, unknown>;
      const b = now[i] as unknown as Record<string, unknown>;
      for (const k in b) {
        const y = b[k];
        if (numberOrNull(y) && a[k] !== y) a[k] = y;
      }
    }
    return before;
  }
  if (before !== undefined && sameJson(before, now)) return before;
  if (!Array.isArray(now)) return now;
  const own = new Array<NormalizedMarket['outcomes'][number]>(now.length);
  for (let i = 0; i < now.length; i++) {
    const o = now[i] as NormalizedMarket['outcomes'][number];
    own[i] = typeof o === 'object' && o !== null && !Array.isArray(o) ? { ...o } : o;
  }
  (own as unknown as { [OWN_OUTCOMES]: true })[OWN_OUTCOMES] = true;
  return own;
}

/** The same length, each outcome with the same keys in the same order, every value not a number or null of the same JSON. */
function numbersOnlyMoved(before: NormalizedMarket['outcomes'], now: NormalizedMarket['outcomes']): boolean {
  if (!Array.isArray(now) || before.length !== now.length) return false;
  for (let i = 0; i < now.length; i++) {
    const a = before[i] as unknown as Record<string, unknown>;
    const b = now[i] as unknown as Record<string, unknown>;
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null || Array.isArray(b) || !sameKeys(a, b)) return false;
    for (const k in b) {
      const x = a[k];
      const y = b[k];
      if (!(numberOrNull(x) && numberOrNull(y)) && !sameJson(x, y)) return false;
    }
  }
  return true;
}

/** A finite number or null: its JSON is its value's, so writing one in place changes nothing else. */
const numberOrNull = (v: unknown): boolean => v === null || (typeof v === 'number' && Number.isFinite(v));

/**
 * Puts the previous document's value in place of each market field whose JSON is the same (most of a market does
 * not change between polls): the document is unchanged, key for key and byte for byte, but what it holds of the
 * freshly decoded event (strings, outcomes, group, fee) can die young. A rebuild holds every document across
 * thousands of messages, so each version's own copies were otherwise promoted to the old generation and collected
 * there; the previous version's values are already there.
 */
function shareUnchanged(next: Record<string, unknown>, m: NormalizedMarket, doc: MarketDoc): void {
  for (const k in m) {
    const before = doc[k];
    const now = next[k];
    if (before !== now && before !== undefined && sameJson(before, now)) next[k] = before;
  }
}

/** Whether two decoded JSON values serialise to the same text (keys in the same order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== 'number' || Number.isFinite(a);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !sameKeys(a, b)) return false;
  for (const k in a) if (!sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/** Scratch for sameKeys, reused so that comparing keys allocates nothing (sameKeys never calls itself). */
const keysOfA: string[] = [];

/** The same keys in the same order (plain decoded objects: their for-in keys are their own keys). */
function sameKeys(a: object, b: object): boolean {
  let n = 0;
  for (const k in a) keysOfA[n++] = k;
  let i = 0;
  for (const k in b) if (i >= n || keysOfA[i++] !== k) return false;
  return i === n;
}

const WINDOWS_KEYS = ['basis', '24h', '7d', '30d', 'previous_24h', 'all'];

/**
 * The previous volume_windows object when it holds the same basis and the very same five windows (sameWindow
 * shares each unchanged one), with its keys in the literal's order; else the new object. A rebuild holds every
 * version, and the windows of about half of them do not move.
 */
function sameWindows(
  before: VolumeWindowsView | undefined,
  basis: VolumeWindowsView['basis'],
  day: WindowVolume,
  week: WindowVolume,
  month: WindowVolume,
  previousDay: WindowVolume,
  all: WindowVolume,
): VolumeWindowsView {
  if (before && before.basis === basis && before['24h'] === day && before['7d'] === week && before['30d'] === month && before.previous_24h === previousDay && before.all === all) {
    let i = 0;
    let same = true;
    for (const k in before) if (k !== WINDOWS_KEYS[i++]) same = false;
    if (same && i === WINDOWS_KEYS.length) return before;
  }
  return { basis, '24h': day, '7d': week, '30d': month, previous_24h: previousDay, all };
}

/** The previous window object when it holds the same figures (key for key), else the new one. */
function sameWindow(before: WindowVolume | undefined, now: WindowVolume): WindowVolume {
  return before && before.volume === now.volume && before.complete === now.complete && sameKeys(before, now) ? before : now;
}

function sameSortKeys(a: MarketSortKeys, b: MarketSortKeys): boolean {
  return (
    a.volume_24h === b.volume_24h &&
    a.volume_7d === b.volume_7d &&
    a.volume_30d === b.volume_30d &&
    a.volume_all === b.volume_all &&
    a.liquidity === b.liquidity &&
    a.newest === b.newest &&
    a.ending_soon === b.ending_soon &&
    sameKeys(a, b)
  );
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
  evolveOwned: (doc, event, seq) => evolveMarketEvent(doc, event, seq, true),
};
