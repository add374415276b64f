import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import type { MarketEvent } from '../../shared/events.ts';
import type { MarketStatus } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { HeldDocuments } from '../projection.ts';
import { contributionChange, isEmptyTotals, type ContributionChange, type MarketContribution, type TotalsDelta } from './marketContribution.ts';

export const METRIC_MARKETS = 'platform_metric_markets';
export const PLATFORM_TOTALS = 'platform_totals';
export const PLATFORM_DAYS = 'platform_volume_days';

/** Hours of lifetime-only rises a venue keeps for its derived 24-hour volume. */
export const RISE_HOURS_KEPT = 48;

/** Running totals of one venue (integer cents), as of its latest applied market event. */
export interface PlatformTotalsDoc {
  readonly _id: VenueSlug;
  readonly [key: string]: unknown;
  readonly lastSeq: number;
  /** Fetch time of the latest snapshot applied (ISO). */
  readonly latest_at: string;
  /** Fetch time of the earliest snapshot applied (ISO): since when Concord has watched the venue's volume. */
  readonly first_at?: string;
  readonly status: Readonly<Partial<Record<MarketStatus, number>>>;
  readonly all_vt: number;
  readonly all_vt_reporting: number;
  readonly open_v24: number;
  readonly open_v24_reporting: number;
  readonly open_vt: number;
  readonly open_vt_reporting: number;
  readonly open_liquidity: number;
  readonly open_liquidity_reporting: number;
  readonly open_lifetime_only_reporting: number;
  /** [unix hour, cents] rises of lifetime-only markets, the last RISE_HOURS_KEPT hours. */
  readonly rises: ReadonlyArray<readonly [number, number]>;
}

/** Traded volume of one venue on one UTC day (integer cents). */
export interface PlatformDayDoc {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly platform_slug: VenueSlug;
  readonly day: string;
  readonly volume: number;
  readonly lastSeq: number;
}

export const dayDocId = (slug: VenueSlug, day: string): string => `${slug}:${day}`;

function emptyTotals(slug: VenueSlug): PlatformTotalsDoc {
  return {
    _id: slug,
    lastSeq: 0,
    latest_at: '',
    first_at: '',
    status: {},
    all_vt: 0,
    all_vt_reporting: 0,
    open_v24: 0,
    open_v24_reporting: 0,
    open_vt: 0,
    open_vt_reporting: 0,
    open_liquidity: 0,
    open_liquidity_reporting: 0,
    open_lifetime_only_reporting: 0,
    rises: [],
  };
}

/** The keys of emptyTotals, in its order: the order of every totals document this projection made. */
const TOTALS_KEYS = Object.keys(emptyTotals('polymarket'));

function hasTotalsKeys(doc: PlatformTotalsDoc): boolean {
  let i = 0;
  for (const k in doc) if (k !== TOTALS_KEYS[i++]) return false;
  return i === TOTALS_KEYS.length;
}

export function addTotals(doc: PlatformTotalsDoc, d: TotalsDelta, at: string, hour: number, seq: number): PlatformTotalsDoc {
  let status: Partial<Record<MarketStatus, number>> = doc.status;
  let statusChanged = false;
  for (const k in d.status) {
    if (!statusChanged) {
      status = { ...doc.status };
      statusChanged = true;
    }
    const key = k as MarketStatus;
    status[key] = (status[key] ?? 0) + (d.status[key] as number);
  }
  // The literal has emptyTotals' keys in its order, which is what `{ ...doc, ... }` gives for a document with
  // those keys, without the spread (a slow path in V8 when keys follow it). Any other document keeps its own keys
  // first, as the spread over it did. An unchanged status is the same object.
  const next: PlatformTotalsDoc = {
    _id: doc._id,
    lastSeq: seq,
    latest_at: at > doc.latest_at ? at : doc.latest_at,
    // A totals document written before this field existed starts watching from its next change.
    first_at: !doc.first_at || at < doc.first_at ? at : doc.first_at,
    status,
    all_vt: doc.all_vt + d.all_vt,
    all_vt_reporting: doc.all_vt_reporting + d.all_vt_reporting,
    open_v24: doc.open_v24 + d.open_v24,
    open_v24_reporting: doc.open_v24_reporting + d.open_v24_reporting,
    open_vt: doc.open_vt + d.open_vt,
    open_vt_reporting: doc.open_vt_reporting + d.open_vt_reporting,
    open_liquidity: doc.open_liquidity + d.open_liquidity,
    open_liquidity_reporting: doc.open_liquidity_reporting + d.open_liquidity_reporting,
    open_lifetime_only_reporting: (doc.open_lifetime_only_reporting ?? 0) + d.open_lifetime_only_reporting,
    rises: nextRises(doc.rises, hour, d.lifetime_only_rise),
  };
  return hasTotalsKeys(doc) ? next : { ...doc, ...next };
}

/**
 * The rises with `rise` added at `hour`, those older than RISE_HOURS_KEPT before the latest hour dropped, in
 * ascending hour. Written with loops: every totals change of every venue goes through it.
 */
function nextRises(rises: PlatformTotalsDoc['rises'], hour: number, rise: number): Array<readonly [number, number]> {
  let latestHour = hour;
  for (const [h] of rises) if (h > latestHour) latestHour = h;
  const out: Array<readonly [number, number]> = [];
  let added = rise === 0;
  for (const r of rises) {
    if (!added && r[0] === hour) {
      out.push([hour, r[1] + rise]);
      added = true;
    } else out.push(r);
  }
  if (!added) out.push([hour, rise]);
  const kept = out.filter(([h]) => h > latestHour - RISE_HOURS_KEPT);
  for (let i = 1; i < kept.length; i++) {
    if ((kept[i - 1] as readonly [number, number])[0] > (kept[i] as readonly [number, number])[0]) return kept.sort((a, b) => a[0] - b[0]);
  }
  return kept;
}

/** What an event changes, or null when nothing: the market's contribution already saw the sequence, or no count, sum or day moves. */
function changeOf(prev: MarketContribution | null, event: MarketEvent, seq: number): ContributionChange | null {
  if (prev && prev.lastSeq >= seq) return null;
  const change = contributionChange(prev, event, seq);
  // A snapshot that moves no count, sum or day (a price change) costs one read and no write.
  if (!change || (isEmptyTotals(change.totals) && change.dayVolume === 0)) return null;
  return change;
}

/** The venue's totals with the change added, or null when they already saw the sequence. */
function totalsAfter(current: PlatformTotalsDoc | null, slug: VenueSlug, change: ContributionChange, seq: number): PlatformTotalsDoc | null {
  const doc = current ?? emptyTotals(slug);
  return doc.lastSeq < seq ? addTotals(doc, change.totals, change.next.at, change.hour, seq) : null;
}

/** The day's volume with the change added, or null when it already saw the sequence. */
function dayAfter(day: PlatformDayDoc | null, id: string, slug: VenueSlug, change: ContributionChange, seq: number): PlatformDayDoc | null {
  if (day && day.lastSeq >= seq) return null;
  return { _id: id, platform_slug: slug, day: change.day, volume: (day?.volume ?? 0) + change.dayVolume, lastSeq: seq };
}

const marketIdOf = (event: MarketEvent): string => (event.type === 'market_normalized' ? event.market.id : event.market_id);

/** The market's contribution, the first read of applyPlatformMetrics (a run's are read together; the few venue totals and days stay read once per run by the overlay). */
export const metricReadsOf = (event: MarketEvent, add: (collection: string, id: string) => void): void => add(METRIC_MARKETS, marketIdOf(event));

/**
 * Applies one MARKETS event exactly once across three collections without transactions: each document carries
 * the sequence it last applied, the venue totals and the day are updated first (each skipped if it already saw
 * this sequence), and the market's own contribution last, so a redelivery after a crash finishes the work without
 * counting anything twice. A market whose contribution already saw the sequence is skipped whole.
 * `latest_at` of the totals moves only when a total changes (it dates the derived 24-hour volume).
 */
export async function applyPlatformMetrics(store: DocumentStore, event: MarketEvent, seq: number): Promise<void> {
  const markets = store.collection<MarketContribution>(METRIC_MARKETS);
  const change = changeOf(await markets.get(marketIdOf(event)), event, seq);
  if (!change) return;
  const slug = change.next.platform_slug;
  if (!isEmptyTotals(change.totals)) {
    const totals = store.collection<PlatformTotalsDoc>(PLATFORM_TOTALS);
    const next = totalsAfter(await totals.get(slug), slug, change, seq);
    if (next) await totals.put(next);
  }
  if (change.dayVolume !== 0) {
    const days = store.collection<PlatformDayDoc>(PLATFORM_DAYS);
    const id = dayDocId(slug, change.day);
    const next = dayAfter(await days.get(id), id, slug, change, seq);
    if (next) await days.put(next);
  }
  await markets.put(change.next);
}

/**
 * applyPlatformMetrics against documents held in memory (a full rebuild): the same reads and writes in the same
 * order, without the six awaits per event (~1.2 KB of promises and async frames each, and their collection).
 */
export function applyPlatformMetricsHeld(docs: HeldDocuments, event: MarketEvent, seq: number): void {
  const markets = docs.collection<MarketContribution>(METRIC_MARKETS);
  const change = changeOf(markets.get(marketIdOf(event)), event, seq);
  if (!change) return;
  const slug = change.next.platform_slug;
  if (!isEmptyTotals(change.totals)) {
    const totals = docs.collection<PlatformTotalsDoc>(PLATFORM_TOTALS);
    const next = totalsAfter(totals.get(slug), slug, change, seq);
    if (next) totals.put(next);
  }
  if (change.dayVolume !== 0) {
    const days = docs.collection<PlatformDayDoc>(PLATFORM_DAYS);
    const id = dayDocId(slug, change.day);
    const next = dayAfter(days.get(id), id, slug, change, seq);
    if (next) days.put(next);
  }
  markets.put(change.next);
}
