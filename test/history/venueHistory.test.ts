import test from 'ava';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { createHttpClient } from '../../pipeline/http/httpClient.ts';
import { createRecordedHttpClient } from '../../pipeline/http/recordedHttpClient.ts';
import { withHistoryRecordings } from '../../pipeline/history/recordedConnectors.ts';
import { backfillMarket, BACKFILL_STATE, type BackfillState } from '../../pipeline/history/backfiller.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import { polymarketHistory } from '../../pipeline/venues/polymarket/history.ts';
import { limitlessHistory } from '../../pipeline/venues/limitless/history.ts';
import { predictfunHistory } from '../../pipeline/venues/predictfun/history.ts';
import { polymarketVenue } from '../../pipeline/venues/polymarket/index.ts';
import type { HistoryTarget, VenueModule } from '../../pipeline/venues/types.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { MarketHistoryBackfilled } from '../../shared/events.ts';
import { startRouteServer } from '../http/routeServer.ts';
import { market, snapshot } from '../support/marketEvents.ts';

const log = pino({ level: 'silent' });
const fixture = (path: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/venues/${path}`, import.meta.url), 'utf8'));
const target = (platform_market_id: string, now = '2026-10-07T12:00:00.000Z'): HistoryTarget => ({
  market_id: 'm',
  platform_market_id,
  title: 't',
  outcomes: [],
  created_at: '2026-10-01T00:00:00.000Z',
  now,
});
const modules = Object.values(VENUE_MODULES) as VenueModule[];

test('Limitless historical-price (real capture): newest-first ms strings become ascending [seconds, price]', (t) => {
  const raw = fixture('limitless/markets-slug-historical-price.synpath.json');
  const parsed = limitlessHistory.parseHistory({ week: raw, all: raw }, target('x'));
  if (!parsed.ok) return t.fail(parsed.reason);
  t.is(parsed.points.length, 64);
  t.deepEqual(parsed.points[0], [1791309600, 0.5145]);
  t.deepEqual(parsed.points[63], [1791366122, 0.037]);
  t.true(parsed.points.every((p, i) => i === 0 || (parsed.points[i - 1] as readonly [number, number])[0] < p[0]));
});

test('Predict.fun timeseries (real capture): percent chance becomes a 0-1 price', (t) => {
  const raw = fixture('predictfun/v1-markets-id-timeseries-chance-1h.synpath.json');
  const parsed = predictfunHistory.parseHistory({ hourly: [raw], daily: [] }, target('2880279'));
  if (!parsed.ok) return t.fail(parsed.reason);
  t.is(parsed.points.length, 43);
  t.deepEqual(parsed.points[0], [1791046800, 0.5]);
  t.deepEqual(parsed.points[11], [1791086400, 0.55], '55.00000000000001 percent');
  t.deepEqual(parsed.points[42], [1791198000, 0.88]);
});

test('Polymarket prices-history (composed, documented shape): daily points before the hourly ones, ending at the market price', (t) => {
  const recent = fixture('polymarket/prices-history.540234-yes.fidelity-60.composed.json') as { history: Array<{ t: number }> };
  const daily = fixture('polymarket/prices-history.540234-yes.fidelity-1440.composed.json') as { history: Array<{ t: number }> };
  const parsed = polymarketHistory.parseHistory({ market: {}, recent, daily }, target('540234'));
  if (!parsed.ok) return t.fail(parsed.reason);
  const firstHourly = recent.history[0]?.t as number;
  t.is(parsed.points.length, recent.history.length + daily.history.filter((h) => h.t < firstHourly).length);
  t.deepEqual(parsed.points[parsed.points.length - 1], [1769882400, 0.6845], 'the recorded market stood at 0.6845');
  t.true(parsed.points.every((p, i) => i === 0 || (parsed.points[i - 1] as readonly [number, number])[0] < p[0]));
});

test('a payload that changed shape is reported with its drift, not read as zeros', (t) => {
  const bad = limitlessHistory.parseHistory({ week: { prices: [{ timestamp: 'soon', price: 0.5 }] }, all: { prices: [] } }, target('x'));
  t.false(bad.ok);
  if (!bad.ok) t.regex(bad.drift[0]?.field ?? '', /^week\.prices\.0\.timestamp/);
  t.false(predictfunHistory.parseHistory({ hourly: [{ data: { series: [{ x: 1, y: 150 }] } }], daily: [] }, target('1')).ok, 'a percent above 100');
  t.false(polymarketHistory.parseHistory({ recent: { history: [{ t: 1, p: '0.5' }] }, daily: { history: [] } }, target('1')).ok);
});

test('Polymarket asks Gamma for the Yes token, then the CLOB for 30 days hourly and the whole life daily, through the throttled transport', async (t) => {
  const gamma = fixture('polymarket/market-by-id.540234.from-keyset-p1.json');
  const server = await startRouteServer((u) => (u.pathname === '/markets/540234' ? { status: 200, body: gamma } : { status: 200, body: { history: [{ t: 1769882400, p: 0.6845 }] } }));
  try {
    const http = createHttpClient({ venues: [polymarketVenue.connector.descriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const fetched = await polymarketHistory.fetchHistory(target('540234', '2026-01-31T18:00:00.000Z'), { http, log, signal: AbortSignal.timeout(5_000) });
    const [m, recent, daily] = server.requests;
    t.is(m?.pathname, '/markets/540234');
    const yes = '91737931954079461205792748723730956466398437395923414328893692961489566016241';
    t.deepEqual(Object.fromEntries(recent?.searchParams ?? []), { market: yes, startTs: String(1769882400 - 30 * 86400), endTs: '1769882400', fidelity: '60' });
    t.deepEqual(Object.fromEntries(daily?.searchParams ?? []), { market: yes, interval: 'max', fidelity: '1440' });
    t.true(polymarketHistory.parseHistory(fetched.raw, target('540234')).ok);
  } finally {
    await server.close();
  }
});

test('recorded mode serves the history captures next to the catalogue files', async (t) => {
  const http = createRecordedHttpClient({ connectors: modules.map(withHistoryRecordings) });
  const ctx = { http, log, signal: AbortSignal.timeout(5_000), apiKey: 'recorded-mode' };
  const lim = await limitlessHistory.fetchHistory(target('btc-up-or-down-daily-p-1791308105925'), ctx);
  t.true(limitlessHistory.parseHistory(lim.raw, target('x')).ok);
  const pf = await predictfunHistory.fetchHistory(target('2880279', '2026-10-08T00:00:00.000Z'), ctx);
  const parsed = predictfunHistory.parseHistory(pf.raw, target('2880279'));
  t.true(parsed.ok && parsed.points.length === 43, 'the daily request has no recording (404) and is tolerated');
  const pm = await polymarketHistory.fetchHistory(target('540819'), ctx);
  t.true(polymarketHistory.parseHistory(pm.raw, target('540819')).ok);
  await t.throwsAsync(limitlessHistory.fetchHistory(target('not-recorded'), ctx), { message: /nothing recorded/ });
});

test('the backfiller asks once per market, publishes downsampled points with a per-market msgID, and records why it stopped', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  const published: Array<{ subject: string; payload: MarketHistoryBackfilled; msgId?: string }> = [];
  const deps = {
    store,
    http: createRecordedHttpClient({ connectors: modules.map(withHistoryRecordings) }),
    modules,
    apiKeys: {},
    publish: async (subject: string, payload: unknown, msgId?: string) => {
      published.push({ subject, payload: payload as MarketHistoryBackfilled, msgId });
    },
    log,
    now: () => Date.parse('2026-10-07T12:00:00.000Z'),
  };
  try {
    const lim = snapshot(market('btc-up-or-down-daily-p-1791308105925', { platform_slug: 'limitless' }), '2026-10-07T11:00:00.000Z');
    t.is(await backfillMarket(lim, deps), 'done');
    t.is(await backfillMarket(lim, deps), 'already');
    t.is(published.length, 1);
    t.is(published[0]?.subject, 'history.backfill.limitless');
    t.is(published[0]?.msgId, `backfill:${lim.market.id}`);
    t.is(published[0]?.payload.points.length, 64, '15-minute points younger than 7 days stay as they are');
    t.is(await backfillMarket(snapshot(market('unknown-slug', { platform_slug: 'limitless' }), '2026-10-07T11:00:00.000Z'), deps), 'unavailable');
    t.is(await backfillMarket(snapshot(market('a', { platform_slug: 'manifold' }), '2026-10-07T11:00:00.000Z'), deps), 'not_applicable');
    const states = await store.collection<BackfillState>(BACKFILL_STATE).find({}, { sort: [['status', 1]] });
    t.deepEqual(states.map((s) => [s.status, s.points]), [['done', 64], ['unavailable', 0]]);
    t.regex(states[1]?.reason ?? '', /NOT_FOUND/);
  } finally {
    await store.close();
  }
});

test('a venue failing transiently is asked again only after the retry delay', async (t) => {
  const server = await startRouteServer(() => ({ status: 503, body: { error: 'down' } }));
  const store = openSqliteStore({ file: ':memory:' });
  let now = Date.parse('2026-10-07T12:00:00.000Z');
  try {
    const http = createHttpClient({ venues: modules.map((m) => m.connector.descriptor), log, fetch: server.fetch, sleep: async () => undefined, maxAttempts: 1 });
    const deps = { store, http, modules, apiKeys: {}, publish: async () => undefined, log, now: () => now };
    const e = snapshot(market('some-market', { platform_slug: 'limitless' }), '2026-10-07T11:00:00.000Z');
    t.is(await backfillMarket(e, deps), 'failed');
    t.is(await backfillMarket(e, deps), 'already', 'within the retry delay');
    now += 11 * 60_000;
    t.is(await backfillMarket(e, deps), 'failed');
    t.is((await store.collection<BackfillState>(BACKFILL_STATE).get(e.market.id))?.attempts, 2);
  } finally {
    await server.close();
    await store.close();
  }
});

test('a venue refusing the whole-life request still gives the recent history; refusing the recent one fails the backfill', async (t) => {
  const gamma = fixture('polymarket/market-by-id.540234.from-keyset-p1.json');
  let refuse: 'max' | 'recent' = 'max';
  const server = await startRouteServer((u) => {
    if (u.pathname === '/markets/540234') return { status: 200, body: gamma };
    const isMax = u.searchParams.get('interval') === 'max';
    if ((refuse === 'max') === isMax) return { status: 400, body: { error: 'bad interval' } };
    return { status: 200, body: { history: [{ t: 1769882400, p: 0.6845 }] } };
  });
  try {
    const http = createHttpClient({ venues: [polymarketVenue.connector.descriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const ctx = { http, log, signal: AbortSignal.timeout(5_000) };
    const fetched = await polymarketHistory.fetchHistory(target('540234'), ctx);
    const parsed = polymarketHistory.parseHistory(fetched.raw, target('540234'));
    t.deepEqual(parsed.ok ? parsed.points : null, [[1769882400, 0.6845]]);
    refuse = 'recent';
    await t.throwsAsync(polymarketHistory.fetchHistory(target('540234'), ctx), { message: /400/ });
  } finally {
    await server.close();
  }
});
