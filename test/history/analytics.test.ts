import test from 'ava';
import { startTestApp, type TestApp } from '../support/app.ts';
import { market, marketsFeed, snapshot } from '../support/marketEvents.ts';
import type { MarketDelisted } from '../../shared/events.ts';

const DAY_MS = 86_400_000;
/** Two scripted days ending ten days ago, so every chart window of the test covers them. */
const base = Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS;
const at = (day: number, hour: number, minute = 0) => new Date(base + day * DAY_MS + hour * 3_600_000 + minute * 60_000).toISOString();
const dayOf = (day: number) => new Date(base + day * DAY_MS).toISOString().slice(0, 10);

let app: TestApp;
const nowIso = new Date().toISOString();
const recent = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

test.before(async () => {
  app = await startTestApp();
  const feed = marketsFeed(app.deps.store);
  const p1 = (v24: number, vt: number, yes = 0.5) => market('p1', { volume24h: v24, volume_total: vt, liquidity: 50, outcomes: [{ label: 'Yes', outcome_index: 0, price: yes }, { label: 'No', outcome_index: 1, price: 1 - yes }] });
  await feed.apply(
    // p1 (Polymarket, lifetime + 24h): first snapshot is a baseline; then rises of 300 (day 0) and 200 (day 1).
    snapshot(p1(100, 1000), at(0, 10)),
    snapshot(p1(400, 1300), at(0, 20)),
    snapshot(p1(500, 1500), at(1, 8)),
    // p2: created 3 hours before it was first seen: its whole lifetime volume (80) traded on day 1.
    snapshot(market('p2', { volume24h: 80, volume_total: 80, created_at: at(1, 6) }), at(1, 9)),
    // p3: closed, lifetime 5000 (a baseline).
    snapshot(market('p3', { status: 'closed', volume24h: 0, volume_total: 5000 }), at(1, 10)),
    // d1 (Drift, 24-hour volume only): the day's last 24-hour figure counts: 60 on day 0, 70 on day 1.
    snapshot(market('d1', { platform_slug: 'drift', volume24h: 40 }), at(0, 12)),
    snapshot(market('d1', { platform_slug: 'drift', volume24h: 60 }), at(0, 23)),
    snapshot(market('d1', { platform_slug: 'drift', volume24h: 70 }), at(1, 5)),
    // l1 (Limitless, lifetime only): a rise of 60 at day 1, 10:00.
    snapshot(market('l1', { platform_slug: 'limitless', volume_total: 100 }), at(1, 0, 30)),
    snapshot(market('l1', { platform_slug: 'limitless', volume_total: 160 }), at(1, 10)),
    // A play-money market with a huge volume never trends.
    snapshot(market('m1', { platform_slug: 'manifold', volume24h: 1e9, volume_total: 1e9 }), at(1, 10)),
    // PredictIt publishes no volume at all.
    snapshot(market('pi', { platform_slug: 'predictit' }), at(1, 10)),
    // s1: prices observed recently, for sparklines.
    snapshot(market('s1', { volume24h: 1, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.2 }, { label: 'No', outcome_index: 1, price: 0.8 }] }), recent(30)),
    snapshot(market('s1', { volume24h: 1, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.4 }, { label: 'No', outcome_index: 1, price: 0.6 }] }), recent(10)),
    snapshot(market('s1', { volume24h: 1, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.6 }, { label: 'No', outcome_index: 1, price: 0.4 }] }), recent(1)),
  );
  // p2 leaves the open listing: it stops counting as open.
  const gone: MarketDelisted = { type: 'market_delisted', market_id: market('p2').id, venue: 'polymarket', item_id: 'p2', at: at(1, 11) };
  await feed.apply(gone);
});
test.after.always(async () => {
  await app?.close();
});

interface StatsBody {
  data: {
    markets: { total: number; open: number; closed: number; resolved: number };
    volume: { total: number | null; volume_24h: number | null };
    open_markets: { count: number; volume_24h: number | null; volume_total: number | null; liquidity: number | null; average_liquidity: number | null };
    currency: string;
  };
}

test('platform stats: counts by status, lifetime and 24-hour volume, open-market metrics (hand-computed)', async (t) => {
  const poly = ((await app.request('/api/v1/platforms/polymarket/stats')).body as StatsBody).data;
  // p1 and s1 open; p2 delisted (closed); p3 closed.
  t.deepEqual(poly.markets, { total: 4, open: 2, closed: 2, resolved: 0 });
  t.is(poly.volume.total, 1500 + 80 + 5000);
  t.is(poly.open_markets.volume_24h, 500 + 1);
  t.is(poly.open_markets.volume_total, 1500);
  t.is(poly.open_markets.liquidity, 50);
  t.is(poly.open_markets.average_liquidity, 50);
  t.is(poly.currency, 'USDC');

  const limitless = ((await app.request('/api/v1/platforms/limitless/stats')).body as StatsBody).data;
  t.is(limitless.volume.total, 160);
  t.is(limitless.volume.volume_24h, 60, 'lifetime-only: the rise in the 24 hours up to its latest snapshot');

  const drift = ((await app.request('/api/v1/platforms/drift/stats')).body as StatsBody).data;
  t.is(drift.volume.total, null, 'no lifetime volume reported: null, not 0');
  t.is(drift.volume.volume_24h, 70);

  const predictit = ((await app.request('/api/v1/platforms/predictit/stats')).body as StatsBody).data;
  t.deepEqual(predictit.volume, { total: null, volume_24h: null });
  t.is(predictit.markets.open, 1);

  const empty = ((await app.request('/api/v1/platforms/azuro/stats')).body as StatsBody).data;
  t.deepEqual(empty.markets, { total: 0, open: 0, closed: 0, resolved: 0 });
});

test('platform charts: one point per day, oldest first, zeros where nothing traded (hand-computed)', async (t) => {
  const res = await app.request('/api/v1/platforms/polymarket/charts?days=30');
  t.is(res.status, 200);
  const body = res.body as { data: Array<{ date: string; volume: number | null }>; meta: { days: number; count: number; to: string; observed_since: string } };
  t.is(body.data.length, 30);
  t.is(body.meta.to, nowIso.slice(0, 10));
  const dates = body.data.map((p) => p.date);
  t.deepEqual(dates, [...dates].sort(), 'oldest first');
  t.is(new Set(dates).size, 30, 'one point per day');
  const byDay = new Map(body.data.map((p) => [p.date, p.volume]));
  t.is(byDay.get(dayOf(0)), 300);
  t.is(byDay.get(dayOf(1)), 200 + 80);
  t.is(byDay.get(dayOf(2)), 0, 'watched, nothing traded');
  t.is(byDay.get(dayOf(-1)), null, 'before Concord first saw the venue nothing is known: null, not 0');
  t.is(body.data[0]?.volume, null);
  t.is(body.meta.observed_since, dayOf(0));

  const drift = (await app.request('/api/v1/platforms/drift/charts?days=15')).body as { data: Array<{ date: string; volume: number | null }> };
  const driftByDay = new Map(drift.data.map((p) => [p.date, p.volume]));
  t.is(driftByDay.get(dayOf(0)), 60);
  t.is(driftByDay.get(dayOf(1)), 70);

  const def = (await app.request('/api/v1/platforms/polymarket/charts')).body as { data: unknown[]; meta: { days: number } };
  t.is(def.data.length, 30, 'days defaults to 30');
  const pi = (await app.request('/api/v1/platforms/predictit/charts?days=2')).body as { data: Array<{ volume: number | null }> };
  t.deepEqual(pi.data.map((p) => p.volume), [null, null], 'a venue that publishes no volume has null, not 0');
  const never = (await app.request('/api/v1/platforms/azuro/charts?days=3')).body as { data: Array<{ volume: number | null }> };
  t.deepEqual(never.data.map((p) => p.volume), [null, null, null], 'a venue Concord has no snapshot of: unknown every day');
});

test('trending ranks open real-money markets by their 24-hour volume level', async (t) => {
  const res = await app.request('/api/v1/markets/trending?limit=10');
  const body = res.body as { data: Array<{ rank: number; platform_market_id: string }>; meta: { count: number; limit: number } };
  // p1 500, d1 70, l1 60 (derived from its lifetime rise), s1 1; p2/p3 closed, m1 play money, pi no volume.
  t.deepEqual(body.data.map((m) => m.platform_market_id), ['p1', 'd1', 'l1', 's1']);
  t.deepEqual(body.data.map((m) => m.rank), [1, 2, 3, 4]);
  t.deepEqual(body.meta, { count: 4, limit: 10, ranking: 'volume_24h' });
  const two = (await app.request('/api/v1/markets/trending?limit=2')).body as { data: unknown[] };
  t.is(two.data.length, 2);
});

test('sparklines: 42 points 4 hours apart ending at the latest 5-minute boundary, the last price at or before each', async (t) => {
  const id = market('s1').id;
  const res = await app.request(`/api/v1/markets/sparklines?ids=${id}`);
  const body = res.body as { data: Record<string, Array<number | null>>; meta: { points: number; spacing_seconds: number; from: string; to: string; count: number } };
  t.is(body.meta.points, 42);
  t.is(body.meta.spacing_seconds, 14_400);
  const end = Date.parse(body.meta.to);
  t.is(end % 300_000, 0);
  t.is(end - Date.parse(body.meta.from), 41 * 14_400_000);
  const observed = [
    [Date.parse(recent(30)), 0.2],
    [Date.parse(recent(10)), 0.4],
    [Date.parse(recent(1)), 0.6],
  ] as const;
  const expected = Array.from({ length: 42 }, (_, k) => {
    const tau = end - (41 - k) * 14_400_000;
    const seen = observed.filter(([time]) => Math.floor(time / 1000) * 1000 <= tau);
    return seen.length === 0 ? null : (seen[seen.length - 1] as readonly [number, number])[1];
  });
  t.deepEqual(body.data[id], expected);
  t.is(body.meta.count, 1);
});

test('a market history serves the observed series within the range asked', async (t) => {
  const id = market('s1').id;
  const day = (await app.request(`/api/v1/markets/${id}/history?range=1d`)).body as { data: { points: Array<[number, number]> }; meta: { count: number } };
  t.deepEqual(day.data.points.map(([, p]) => p), [0.4, 0.6], 'the 30-hour-old point is outside 1d');
  const all = (await app.request(`/api/v1/markets/${id}/history?range=all`)).body as { data: { points: Array<[number, number]> } };
  t.deepEqual(all.data.points.map(([, p]) => p), [0.2, 0.4, 0.6]);
  const p1 = (await app.request(`/api/v1/markets/${market('p1').id}/history`)).body as { meta: { range: string; count: number } };
  t.is(p1.meta.range, '30d');
  t.is(p1.meta.count, 3, 'three snapshots of p1, all within the last 30 days');
});
