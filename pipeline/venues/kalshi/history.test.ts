import test from 'ava';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { VenueError } from '../../../shared/errors.ts';
import { createHttpClient } from '../../http/httpClient.ts';
import { startScriptedServer } from '../../../test/http/scriptedServer.ts';
import { kalshiDescriptor } from './connector.ts';
import { candleWindows, fetchKalshiCandles, parseKalshiCandles, type KalshiCandle } from './history.ts';

const log = pino({ level: 'silent' });
const recorded = JSON.parse(readFileSync(new URL('./recorded/series-markets-candlesticks.synpath.json', import.meta.url), 'utf8')) as {
  candlesticks: Array<Record<string, unknown>>;
};
const candles = (json: unknown): readonly KalshiCandle[] => {
  const parsed = parseKalshiCandles(json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.drift));
  return parsed.candles;
};

test('the real hourly candles: quiet periods priced at the closing midpoint, no trade prices, volume in contracts', (t) => {
  const c = candles(recorded);
  t.is(c.length, 6);
  t.deepEqual(c.map((x) => x.end_ts), [1789387200, 1789412400, 1789430400, 1789437600, 1789459200, 1789470000]);
  // 1789387200 s = 20710.5 days after the epoch: 2026-09-14 12:00 UTC
  t.deepEqual(c[0], {
    at: '2026-09-14T12:00:00.000Z',
    end_ts: 1789387200,
    price: 0.11,
    yes_bid: { open: 0.1, high: 0.1, low: 0.1, close: 0.1 },
    yes_ask: { open: 0.12, high: 0.12, low: 0.12, close: 0.12 },
    trade: { open: null, high: null, low: null, close: null },
    previous_trade: 0.1,
    volume: 0,
    open_interest: 40065.58,
  });
});

test('a traded period is priced by its last trade when the closing book is wide; placeholders are no quote', (t) => {
  const [c] = candles({
    candlesticks: [
      {
        end_period_ts: 1789473600,
        price: { open_dollars: '0.2000', high_dollars: '0.2500', low_dollars: '0.1800', close_dollars: '0.2200', previous_dollars: '0.2000' },
        yes_bid: { open_dollars: '0.0500', high_dollars: '0.0500', low_dollars: '0.0500', close_dollars: '0.0500' },
        yes_ask: { open_dollars: '1.0000', high_dollars: '1.0000', low_dollars: '0.4000', close_dollars: '0.4000' },
        volume_fp: '120.50',
        open_interest_fp: '900.00',
      },
    ],
  });
  t.is(c!.price, 0.22);
  t.deepEqual(c!.trade, { open: 0.2, high: 0.25, low: 0.18, close: 0.22 });
  t.deepEqual(c!.yes_ask, { open: null, high: null, low: 0.4, close: 0.4 }, 'an ask at 1.0000 is an empty side');
  t.is(c!.volume, 120.5);
});

test('a candle with no book and no trade ever has no price', (t) => {
  const [c] = candles({ candlesticks: [{ end_period_ts: 1789473600, price: {}, yes_bid: { close_dollars: '0.0000' }, yes_ask: { close_dollars: '1.0000' }, volume_fp: '0.00' }] });
  t.is(c!.price, null);
  t.is(c!.open_interest, null);
});

test('a timestamp sent as a string is drift, named', (t) => {
  const parsed = parseKalshiCandles({ candlesticks: [{ ...recorded.candlesticks[0], end_period_ts: '1789387200' }] });
  t.false(parsed.ok);
  t.like(!parsed.ok && parsed.drift[0], { field: 'candlesticks.0.end_period_ts', got: 'string' });
});

test('ranges are cut into requests of at most 5000 candles', (t) => {
  // hourly: 5000 h = 18,000,000 s per request
  t.deepEqual(candleWindows(0, 36_000_005, 60), [
    { start: 0, end: 18_000_000 },
    { start: 18_000_000, end: 36_000_000 },
    { start: 36_000_000, end: 36_000_005 },
  ]);
  // minutes: 5000 min = 300,000 s
  t.is(candleWindows(1_000, 1_000 + 300_000, 1).length, 1);
  t.is(candleWindows(1_000, 1_000 + 300_001, 1).length, 2);
  t.deepEqual(candleWindows(10, 10, 1440), []);
});

test('fetching a long range asks each window once and returns each period once, oldest first', async (t) => {
  const server = await startScriptedServer((url) => {
    const start = Number(url.searchParams.get('start_ts'));
    const end = Number(url.searchParams.get('end_ts'));
    // the boundary candle comes back in both windows
    return { status: 200, body: { ticker: 'KXELONMARS-99', candlesticks: [end, start].map((ts) => ({ ...recorded.candlesticks[0], end_period_ts: ts })) } };
  });
  try {
    const http = createHttpClient({ venues: [kalshiDescriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const ctx = { http, log, signal: AbortSignal.timeout(5000) };
    const got = await fetchKalshiCandles(ctx, { series: 'KXELONMARS', ticker: 'KXELONMARS-99', startTs: 3600, endTs: 3600 + 18_000_000 + 7200, interval: 60 });
    t.deepEqual(got.map((c) => c.end_ts), [3600, 18_003_600, 18_010_800]);
    t.is(server.requests.length, 2);
    t.is(server.requests[0]!.pathname, '/trade-api/v2/series/KXELONMARS/markets/KXELONMARS-99/candlesticks');
    t.deepEqual(Object.fromEntries(server.requests[1]!.searchParams), { start_ts: '18003600', end_ts: '18010800', period_interval: '60' });
  } finally {
    await server.close();
  }
});

test('a page of another shape is SCHEMA_DRIFT', async (t) => {
  const server = await startScriptedServer(() => ({ status: 200, body: { candles: [] } }));
  try {
    const http = createHttpClient({ venues: [kalshiDescriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const error = await t.throwsAsync(fetchKalshiCandles({ http, log, signal: AbortSignal.timeout(5000) }, { series: 'S', ticker: 'T', startTs: 0, endTs: 60, interval: 1 }));
    t.true(error instanceof VenueError && error.code === 'SCHEMA_DRIFT');
  } finally {
    await server.close();
  }
});
