import test from 'ava';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { createHttpClient } from '../../http/httpClient.ts';
import { createRecordedHttpClient } from '../../http/recordedHttpClient.ts';
import { withHistoryRecordings } from '../../history/recordedConnectors.ts';
import { backfillMarket } from '../../history/backfiller.ts';
import { openSqliteStore } from '../../../adapters/store/sqliteStore.ts';
import type { MarketHistoryBackfilled } from '../../../shared/events.ts';
import { startScriptedServer } from '../../../test/http/scriptedServer.ts';
import { market, snapshot } from '../../../test/support/marketEvents.ts';
import type { HistoryTarget } from '../types.ts';
import { kalshiDescriptor } from './connector.ts';
import { kalshiHistory, seriesOfTicker } from './history.ts';
import { kalshiVenue } from './index.ts';

const log = pino({ level: 'silent' });
const recorded = JSON.parse(readFileSync(new URL('./recorded/series-markets-candlesticks.synpath.json', import.meta.url), 'utf8')) as {
  candlesticks: Array<Record<string, unknown>>;
};
const NOW = '2026-11-23T12:00:00.000Z';
const NOW_S = Date.parse(NOW) / 1000;
const target = (ticker: string, created_at: string | null = '2026-01-10T00:00:00.000Z'): HistoryTarget => ({
  market_id: `kalshi:${ticker}`,
  platform_market_id: ticker,
  title: 't',
  outcomes: [],
  created_at,
  now: NOW,
});
// The six real timestamps of the capture (2026-09-14T12:00Z onwards)
const CAPTURED = [1789387200, 1789412400, 1789430400, 1789437600, 1789459200, 1789470000];
/** A candle that traded, closing at `close` with a wide book (so its price is the trade, not the midpoint). */
const traded = (end: number, close: string) => ({
  end_period_ts: end,
  price: { close_dollars: close, previous_dollars: '0.1000' },
  yes_bid: { close_dollars: '0.0100' },
  yes_ask: { close_dollars: '0.9000' },
  volume_fp: '10.00',
});

test('Kalshi is the fourth venue module with a history capability', (t) => {
  t.is(kalshiVenue.history, kalshiHistory);
  t.truthy(kalshiVenue.orderBooks, 'the order-book capability stays chained in');
});

test('the real hourly capture: every quiet hour priced at its closing midpoint (0.10 bid, 0.12 ask: 0.11), in dollars not cents', (t) => {
  const parsed = kalshiHistory.parseHistory({ series: 'KXELONMARS', hourly: [recorded], daily: [] }, target('KXELONMARS-99'));
  if (!parsed.ok) return t.fail(parsed.reason);
  t.deepEqual(parsed.points, CAPTURED.map((ts) => [ts, 0.11]));
});

test('daily candles fill in before the first hourly one; a day with no price at all is left out, never read as 0', (t) => {
  const daily = {
    candlesticks: [
      traded(1789300800, '0.0800'), // 2026-09-13T12:00Z: before the hours
      { end_period_ts: 1789214400, price: {}, yes_bid: { close_dollars: '0.0000' }, yes_ask: { close_dollars: '1.0000' }, volume_fp: '0.00' },
      traded(1789387200, '0.5000'), // the same time as the first hourly candle: the hourly one wins
      traded(1789473600, '0.3000'), // after the first hour: the hours cover it
    ],
  };
  const parsed = kalshiHistory.parseHistory({ series: 'KXELONMARS', hourly: [recorded], daily: [daily] }, target('KXELONMARS-99'));
  if (!parsed.ok) return t.fail(parsed.reason);
  t.deepEqual(parsed.points, [[1789300800, 0.08], ...CAPTURED.map((ts) => [ts, 0.11])]);
});

test('a candle page that changed shape is named drift, with the page it came from', (t) => {
  const bad = kalshiHistory.parseHistory({ series: 'S', hourly: [recorded], daily: [{ candlesticks: [{ ...recorded.candlesticks[0], volume_fp: 12 }] }] }, target('S-1'));
  t.false(bad.ok);
  if (!bad.ok) t.like(bad.drift[0], { field: 'daily.0.candlesticks.0.volume_fp', got: 'number' });
  t.false(kalshiHistory.parseHistory({ series: 'S' }, target('S-1')).ok, 'pages missing altogether');
});

test('the series is the ticker\'s first segment', (t) => {
  t.is(seriesOfTicker('KXPRESNOMD-28-GN'), 'KXPRESNOMD');
  t.is(seriesOfTicker('KXBTCMAXY-26DEC31-149999.99'), 'KXBTCMAXY');
  t.is(seriesOfTicker('KXELONMARS-99'), 'KXELONMARS');
});

test('fetching asks 30 days hourly, then daily from creation to where the hours start, through the throttled transport', async (t) => {
  const server = await startScriptedServer((u) => (u.searchParams.get('period_interval') === '60' ? { status: 200, body: recorded } : { status: 200, body: { candlesticks: [traded(1789300800, '0.0800')] } }));
  try {
    const http = createHttpClient({ venues: [kalshiDescriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const fetched = await kalshiHistory.fetchHistory(target('KXELONMARS-99'), { http, log, signal: AbortSignal.timeout(5_000) });
    const hourStart = NOW_S - 30 * 86_400;
    t.deepEqual(
      server.requests.map((u) => [u.pathname, Object.fromEntries(u.searchParams)]),
      [
        ['/trade-api/v2/series/KXELONMARS/markets/KXELONMARS-99/candlesticks', { start_ts: String(hourStart), end_ts: String(NOW_S), period_interval: '60' }],
        ['/trade-api/v2/series/KXELONMARS/markets/KXELONMARS-99/candlesticks', { start_ts: String(Date.parse('2026-01-10T00:00:00Z') / 1000), end_ts: String(hourStart), period_interval: '1440' }],
      ],
    );
    const parsed = kalshiHistory.parseHistory(fetched.raw, target('KXELONMARS-99'));
    t.true(parsed.ok && parsed.points.length === 7 && parsed.points[0]?.[1] === 0.08);
  } finally {
    await server.close();
  }
});

test('a market younger than 30 days is asked from its creation only, and no daily request is made', async (t) => {
  const server = await startScriptedServer(() => ({ status: 200, body: { candlesticks: [] } }));
  try {
    const http = createHttpClient({ venues: [kalshiDescriptor], log, fetch: server.fetch, sleep: async () => undefined });
    await kalshiHistory.fetchHistory(target('KXNEW-26NOV-A', '2026-11-20T00:00:00.000Z'), { http, log, signal: AbortSignal.timeout(5_000) });
    t.is(server.requests.length, 1);
    t.is(server.requests[0]?.searchParams.get('start_ts'), String(Date.parse('2026-11-20T00:00:00Z') / 1000));
  } finally {
    await server.close();
  }
});

test('when the ticker prefix is not the series (404), the series is looked up through the market and its event', async (t) => {
  const server = await startScriptedServer((u) => {
    if (u.pathname === '/trade-api/v2/markets/ODD-26-X') return { status: 200, body: { market: { ticker: 'ODD-26-X', event_ticker: 'ODD-26' } } };
    if (u.pathname === '/trade-api/v2/events/ODD-26') return { status: 200, body: { event: { event_ticker: 'ODD-26', series_ticker: 'KXODD' }, markets: [] } };
    if (u.pathname.startsWith('/trade-api/v2/series/KXODD/')) return { status: 200, body: { candlesticks: [traded(NOW_S - 3600, '0.4200')] } };
    return { status: 404, body: { error: { code: 'not_found' } } };
  });
  try {
    const http = createHttpClient({ venues: [kalshiDescriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const fetched = await kalshiHistory.fetchHistory(target('ODD-26-X', '2026-11-01T00:00:00.000Z'), { http, log, signal: AbortSignal.timeout(5_000) });
    t.deepEqual(server.requests.map((u) => u.pathname), [
      '/trade-api/v2/series/ODD/markets/ODD-26-X/candlesticks',
      '/trade-api/v2/markets/ODD-26-X',
      '/trade-api/v2/events/ODD-26',
      '/trade-api/v2/series/KXODD/markets/ODD-26-X/candlesticks',
    ]);
    t.deepEqual(kalshiHistory.parseHistory(fetched.raw, target('ODD-26-X')), { ok: true, points: [[NOW_S - 3600, 0.42]] });
  } finally {
    await server.close();
  }
});

test('recorded mode serves the real hourly capture; the unrecorded daily request is a tolerated 404', async (t) => {
  const http = createRecordedHttpClient({ connectors: [withHistoryRecordings(kalshiVenue)] });
  const fetched = await kalshiHistory.fetchHistory(target('KXELONMARS-99'), { http, log, signal: AbortSignal.timeout(5_000) });
  t.deepEqual(fetched.raw, { series: 'KXELONMARS', hourly: [recorded], daily: [] });
  t.is(kalshiHistory.recordedFile(new URL('https://api.elections.kalshi.com/trade-api/v2/series/KXELONMARS/markets/KXELONMARS-99/candlesticks?period_interval=1440')), null);
  await t.throwsAsync(kalshiHistory.fetchHistory(target('KXPRESNOMD-28-GN'), { http, log, signal: AbortSignal.timeout(5_000) }), { message: /nothing recorded/ });
});

test('the backfiller publishes the recorded Kalshi candles as price history of the market', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  const published: MarketHistoryBackfilled[] = [];
  try {
    const deps = {
      store,
      http: createRecordedHttpClient({ connectors: [withHistoryRecordings(kalshiVenue)] }),
      modules: [kalshiVenue],
      apiKeys: {},
      publish: async (_subject: string, payload: unknown) => {
        published.push(payload as MarketHistoryBackfilled);
      },
      log,
      now: () => Date.parse(NOW),
    };
    const m = market('KXELONMARS-99', { platform_slug: 'kalshi', created_at: '2026-01-10T00:00:00.000Z' });
    t.is(await backfillMarket(snapshot(m, NOW), deps), 'done');
    t.is(published.length, 1);
    // 23 hours between first and last candle: all inside the 5-minute tier, all six kept
    t.deepEqual(published[0]?.points, CAPTURED.map((ts) => [ts, 0.11]));
    t.is(published[0]?.venue, 'kalshi');
  } finally {
    await store.close();
  }
});
