import type { MarketEvent } from '../../shared/events.ts';
import type { MarketStatus } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { basisOf, type VolumeBasis } from '../../shared/history/volumeWindows.ts';
import { parseDate } from '../../shared/time/utc.ts';

/**
 * What one market contributes to its venue's statistics and daily volume chart, and how an event changes that.
 * Pure: the store side (projections/platformMetrics/apply.ts) only adds the deltas. Amounts are integer cents of
 * the venue's own currency, so running sums never drift from float rounding.
 *
 * Daily traded volume of a market:
 *   - lifetime basis (the venue reports lifetime volume): the rise of the lifetime volume between snapshots,
 *     credited to the UTC day (and hour) of the later snapshot. The first snapshot is a baseline (nothing is
 *     credited: it traded before Concord looked), except a market created less than 24 h before it, whose whole
 *     lifetime volume is credited (it all traded within the last day).
 *   - rolling_24h basis (only a 24-hour volume): the 24-hour volume at the day's last snapshot.
 *   - none: nothing (the venue publishes no volume).
 */
export interface MarketContribution {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly platform_slug: VenueSlug;
  readonly status: MarketStatus;
  readonly basis: VolumeBasis;
  /** Cents, null when not reported. */
  readonly v24: number | null;
  readonly vt: number | null;
  readonly liquidity: number | null;
  /** Fetch time of the snapshot this reflects (ISO). */
  readonly at: string;
  /** UTC day of `at` (YYYY-MM-DD). */
  readonly day: string;
  readonly lastSeq: number;
}

/** Changes to one venue's running totals. Counts and sums are added; `reporting` counts say how many report. */
export interface TotalsDelta {
  readonly status: Partial<Record<MarketStatus, number>>;
  readonly all_vt: number;
  readonly all_vt_reporting: number;
  readonly open_v24: number;
  readonly open_v24_reporting: number;
  readonly open_vt: number;
  readonly open_vt_reporting: number;
  readonly open_liquidity: number;
  readonly open_liquidity_reporting: number;
  /** Lifetime-volume rise of markets without a venue 24-hour figure, for the venue's derived 24-hour volume. */
  readonly lifetime_only_rise: number;
  /** Open markets reporting lifetime but no 24-hour volume (whose rises stand in for it). */
  readonly open_lifetime_only_reporting: number;
}

export interface ContributionChange {
  readonly next: MarketContribution;
  readonly totals: TotalsDelta;
  /** Cents credited to the day of the snapshot (may be negative for a rolling_24h correction within a day). */
  readonly dayVolume: number;
  readonly day: string;
  /** Hour index (unix hours) the lifetime-only rise is credited to. */
  readonly hour: number;
}

const cents = (x: number | null): number | null => (x === null ? null : Math.round(x * 100));
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A field's value when the contribution counts it (present, and open when `openOnly`), else null. */
function counted(c: MarketContribution | null, field: 'v24' | 'vt' | 'liquidity', openOnly: boolean): number | null {
  if (!c || (openOnly && c.status !== 'open')) return null;
  return c[field];
}

/** The change of a sum: what `next` counts minus what `prev` counted (0 for a field not counted). */
const sumChange = (a: number | null, b: number | null): number => (b === null ? 0 : b) - (a === null ? 0 : a);
/** The change of a reporting count: 1 for a field counted, 0 for one not. */
/** 1 for an open market whose venue publishes only lifetime volume (no 24-hour figure), else 0. */
const lifetimeOnly = (c: MarketContribution | null): number => (c && c.status === 'open' && c.vt !== null && c.v24 === null ? 1 : 0);
const countChange = (a: number | null, b: number | null): number => (b === null ? 0 : 1) - (a === null ? 0 : 1);

/** The change an event makes; null when it changes nothing (an older snapshot, a repeat, an unknown delisting). */
export function contributionChange(prev: MarketContribution | null, event: MarketEvent, seq: number): ContributionChange | null {
  let next: MarketContribution;
  if (event.type === 'market_delisted') {
    if (!prev || event.at < prev.at || prev.status !== 'open') return null;
    next = { ...prev, status: 'closed', at: event.at, day: event.at.slice(0, 10), lastSeq: seq };
  } else {
    const at = event.source.fetched_at;
    if (prev && at < prev.at) return null;
    const m = event.market;
    const day = at.slice(0, 10);
    // Strings equal to the previous contribution's are taken from it (already old; the decoded event's die young).
    next = {
      _id: prev && prev._id === m.id ? prev._id : m.id,
      platform_slug: m.platform_slug,
      status: m.status,
      basis: basisOf(m.volume24h, m.volume_total),
      v24: cents(m.volume24h),
      vt: cents(m.volume_total),
      liquidity: cents(m.liquidity),
      at,
      day: prev && prev.day === day ? prev.day : day,
      lastSeq: seq,
    };
  }
  const statusDelta: Partial<Record<MarketStatus, number>> = {};
  if (!prev || prev.status !== next.status) {
    if (prev) statusDelta[prev.status] = -1;
    statusDelta[next.status] = (statusDelta[next.status] ?? 0) + 1;
  }
  // Plain numbers rather than a { sum, n } pair per field and side: every market event goes through here.
  const allVtA = counted(prev, 'vt', false);
  const allVtB = counted(next, 'vt', false);
  const openV24A = counted(prev, 'v24', true);
  const openV24B = counted(next, 'v24', true);
  const openVtA = counted(prev, 'vt', true);
  const openVtB = counted(next, 'vt', true);
  const openLiqA = counted(prev, 'liquidity', true);
  const openLiqB = counted(next, 'liquidity', true);

  let dayVolume = 0;
  let lifetimeOnlyRise = 0;
  if (next.basis === 'lifetime' && next.vt !== null) {
    let rise = 0;
    if (prev && prev.basis === 'lifetime' && prev.vt !== null) rise = Math.max(0, next.vt - prev.vt);
    else if (!prev && event.type === 'market_normalized' && event.market.created_at) {
      const age = parseDate(next.at) - parseDate(event.market.created_at);
      if (age >= 0 && age < DAY_MS) rise = next.vt;
    }
    dayVolume = rise;
    if (next.v24 === null) lifetimeOnlyRise = rise;
  } else if (next.basis === 'rolling_24h' && next.v24 !== null) {
    const sameDay = prev && prev.basis === 'rolling_24h' && prev.day === next.day && prev.v24 !== null ? prev.v24 : 0;
    dayVolume = next.v24 - sameDay;
  }

  return {
    next,
    totals: {
      status: statusDelta,
      all_vt: sumChange(allVtA, allVtB),
      all_vt_reporting: countChange(allVtA, allVtB),
      open_v24: sumChange(openV24A, openV24B),
      open_v24_reporting: countChange(openV24A, openV24B),
      open_vt: sumChange(openVtA, openVtB),
      open_vt_reporting: countChange(openVtA, openVtB),
      open_liquidity: sumChange(openLiqA, openLiqB),
      open_liquidity_reporting: countChange(openLiqA, openLiqB),
      lifetime_only_rise: lifetimeOnlyRise,
      open_lifetime_only_reporting: lifetimeOnly(next) - lifetimeOnly(prev),
    },
    dayVolume,
    day: next.day,
    hour: Math.floor(parseDate(next.at) / HOUR_MS),
  };
}

export function isEmptyTotals(d: TotalsDelta): boolean {
  for (const _ in d.status) return false;
  return (
    d.all_vt === 0 &&
    d.all_vt_reporting === 0 &&
    d.open_v24 === 0 &&
    d.open_v24_reporting === 0 &&
    d.open_vt === 0 &&
    d.open_vt_reporting === 0 &&
    d.open_liquidity === 0 &&
    d.open_liquidity_reporting === 0 &&
    d.lifetime_only_rise === 0 &&
    d.open_lifetime_only_reporting === 0
  );
}
