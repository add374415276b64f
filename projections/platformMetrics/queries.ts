import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { VENUES, type VenueSlug } from '../../shared/venues/registry.ts';
import { platformStatusProjection, type PlatformStatusDoc } from '../platformStatus/projection.ts';
import { venueState } from '../platformStatus/queries.ts';
import { questionHistoryProjection, type QuestionHistoryDoc } from '../questionHistory/projection.ts';
import { dayDocId, PLATFORM_DAYS, PLATFORM_TOTALS, type PlatformDayDoc, type PlatformTotalsDoc } from './apply.ts';

const fromCents = (c: number, reporting: number): number | null => (reporting > 0 ? Math.round(c) / 100 : null);
const HOUR_MS = 3_600_000;
/** A canonical question counts as linked for a venue when it is listed on at least this many venues. */
export const LINKED_MIN_VENUES = 2;

/** Statistics of one venue: counts by status, volumes, open-market metrics, linked questions, last sync. */
export async function platformStats(store: DocumentStore, slug: VenueSlug) {
  const [totals, status, linked] = await Promise.all([
    store.collection<PlatformTotalsDoc>(PLATFORM_TOTALS).get(slug),
    store.collection<PlatformStatusDoc>(platformStatusProjection.collection).get(slug),
    store.collection<QuestionHistoryDoc>(questionHistoryProjection.collection).count({ [`venues.${slug}`]: true, market_count: { $gte: LINKED_MIN_VENUES } }),
  ]);
  const info = VENUES[slug];
  const t = totals;
  const count = (s: 'open' | 'closed' | 'resolved') => t?.status[s] ?? 0;
  const open = count('open');
  // Derived 24-hour volume of markets that report only lifetime volume: their rises in the 24 hours up to the
  // latest snapshot applied (an hour bucket is in when it starts after latest - 24 h).
  const latestHour = t?.latest_at ? Math.floor(Date.parse(t.latest_at) / HOUR_MS) : 0;
  const rises = (t?.rises ?? []).filter(([h]) => h > latestHour - 24).reduce((sum, [, c]) => sum + c, 0);
  const v24Reporting = (t?.open_v24_reporting ?? 0) + (t?.open_lifetime_only_reporting ?? 0);
  return {
    platform: { id: info.id, slug, name: info.name },
    currency: info.currency,
    play_money: info.playMoney,
    markets: { total: open + count('closed') + count('resolved'), open, closed: count('closed'), resolved: count('resolved') },
    volume: {
      total: t ? fromCents(t.all_vt, t.all_vt_reporting) : null,
      volume_24h: t ? fromCents(t.open_v24 + rises, v24Reporting) : null,
    },
    open_markets: {
      count: open,
      volume_24h: t ? fromCents(t.open_v24 + rises, v24Reporting) : null,
      volume_total: t ? fromCents(t.open_vt, t.open_vt_reporting) : null,
      liquidity: t ? fromCents(t.open_liquidity, t.open_liquidity_reporting) : null,
      average_liquidity: t && t.open_liquidity_reporting > 0 ? Math.round(t.open_liquidity / t.open_liquidity_reporting) / 100 : null,
      reporting: { volume_24h: v24Reporting, volume_total: t?.open_vt_reporting ?? 0, liquidity: t?.open_liquidity_reporting ?? 0 },
    },
    linked_questions: linked,
    last_synced_at: status?.last_success_at ?? null,
    state: status ? venueState(status) : 'never_synced',
    as_of: t?.latest_at || null,
  };
}

export const CHART_DAYS_DEFAULT = 30;
export const CHART_DAYS_MAX = 365;

const dayString = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * One point per UTC day for the `days` days ending today (oldest first): traded volume, 0 where Concord watched and
 * nothing traded, null on days before it watched the venue (nothing is known of them) and for every day when the
 * venue publishes no volume at all.
 */
export async function platformChart(store: DocumentStore, slug: VenueSlug, days: number, nowMs: number) {
  const dates = Array.from({ length: days }, (_, i) => dayString(nowMs - (days - 1 - i) * 86_400_000));
  const [docs, totals, first] = await Promise.all([
    store.collection<PlatformDayDoc>(PLATFORM_DAYS).getMany(dates.map((d) => dayDocId(slug, d))),
    store.collection<PlatformTotalsDoc>(PLATFORM_TOTALS).get(slug),
    store.collection<PlatformDayDoc>(PLATFORM_DAYS).findOne({ platform_slug: slug }, { sort: [['platform_slug', 1], ['day', 1]] }),
  ]);
  const byDay = new Map(docs.map((d) => [d.day, d.volume]));
  const reports = totals ? totals.all_vt_reporting > 0 || totals.open_v24_reporting > 0 : false;
  const noVolume = totals !== null && !reports;
  // The first day watched: the earliest snapshot of the venue, or its first recorded volume if that is earlier
  // (a totals document from before `first_at` existed). Unwatched days are unknown, not days without trading.
  const firstSnapshotDay = totals?.first_at ? totals.first_at.slice(0, 10) : null;
  const firstVolumeDay = first?.day ?? null;
  const watchedFrom = firstSnapshotDay === null || (firstVolumeDay !== null && firstVolumeDay < firstSnapshotDay) ? firstVolumeDay : firstSnapshotDay;
  const known = (date: string): boolean => !noVolume && watchedFrom !== null && date >= watchedFrom;
  return {
    points: dates.map((date) => ({ date, volume: known(date) ? Math.round(byDay.get(date) ?? 0) / 100 : null })),
    observed_since: firstVolumeDay,
  };
}
