import test from 'ava';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { VenueError } from '../../../shared/errors.ts';
import { createHttpClient } from '../../http/httpClient.ts';
import { createRecordedHttpClient } from '../../http/recordedHttpClient.ts';
import { startScriptedServer } from '../../../test/http/scriptedServer.ts';
import { kalshiConnector, kalshiDescriptor } from './connector.ts';
import { fetchKalshiOrderBook, parseKalshiOrderBook, type BookLevel, type KalshiOrderBook } from './orderbook.ts';

const log = pino({ level: 'silent' });
const load = (name: string): unknown => JSON.parse(readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8')) as unknown;
const book = (json: unknown): KalshiOrderBook => {
  const parsed = parseKalshiOrderBook('KXELONMARS-99', json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.drift));
  return parsed.book;
};
const depth = (levels: readonly BookLevel[]) => Math.round(levels.reduce((s, l) => s + l.size, 0) * 100) / 100;

test('the real book: both ladders are bids, so the best Yes bid is the last entry and No bids become Yes asks at 1 - q', (t) => {
  const b = book(load('markets-ticker-orderbook.synpath.json'));
  t.deepEqual(b.yes.bids.slice(0, 3), [
    { price: 0.1, size: 79.35 },
    { price: 0.09, size: 735.07 },
    { price: 0.08, size: 1253 },
  ]);
  t.deepEqual(b.yes.asks.slice(0, 3), [
    { price: 0.12, size: 265.22 },
    { price: 0.13, size: 1799.44 },
    { price: 0.14, size: 10 },
  ]);
  t.deepEqual(b.no.bids[0], { price: 0.88, size: 265.22 });
  t.deepEqual(b.no.asks[0], { price: 0.9, size: 79.35 });
  t.is(b.yes.bids.length, 10);
  t.is(b.yes.asks.length, 28);
  // 4008.78 + 3539.17 + 19124 + 861.77 + 295 + 2532.98 + 2195.84 + 1253 + 735.07 + 79.35
  t.is(depth(b.yes.bids), 34624.96);
  t.deepEqual(b.yes.asks.at(-1), { price: 0.99, size: 13501 }, 'the No bid at one cent is a Yes offer at 99 cents');
});

test('the book agrees with the separately captured market quote: bid 0.10 x 79.35, ask 0.12 x 265.22', (t) => {
  const b = book(load('markets-ticker-orderbook.synpath.json'));
  const market = (load('events-with-nested-markets.synpath.json') as { events: Array<{ markets: Array<Record<string, string>> }> }).events[0]!.markets[0]!;
  t.deepEqual(b.yes.bids[0], { price: Number(market.yes_bid_dollars), size: Number(market.yes_bid_size_fp) });
  t.deepEqual(b.yes.asks[0], { price: Number(market.yes_ask_dollars), size: Number(market.yes_ask_size_fp) });
  t.is(b.no.bids[0]!.price, Number(market.no_bid_dollars));
});

test('an empty side (null) is an empty ladder, and the other outcome has no asks there', (t) => {
  const b = book({ orderbook_fp: { yes_dollars: null, no_dollars: [['0.4500', '10.00']] } });
  t.deepEqual(b.yes.bids, []);
  t.deepEqual(b.no.asks, []);
  t.deepEqual(b.yes.asks, [{ price: 0.55, size: 10 }]);
});

test('the legacy cent shape still reads, converted to dollars', (t) => {
  const b = book({ orderbook: { yes: [[9, 735], [10, 79]], no: [[88, 265]] } });
  t.deepEqual(b.yes.bids, [
    { price: 0.1, size: 79 },
    { price: 0.09, size: 735 },
  ]);
  t.deepEqual(b.yes.asks, [{ price: 0.12, size: 265 }]);
});

test('numbers where strings belong, or a price outside 0-1, are drift naming the level', (t) => {
  const numeric = parseKalshiOrderBook('X', { orderbook_fp: { yes_dollars: [[0.1, 5]], no_dollars: [] } });
  t.false(numeric.ok);
  t.like(!numeric.ok && numeric.drift[0], { field: 'orderbook_fp.yes_dollars.0.0', got: 'number' });
  const outside = parseKalshiOrderBook('X', { orderbook_fp: { yes_dollars: [['1.5000', '5.00']], no_dollars: [] } });
  t.deepEqual(!outside.ok && outside.drift, [{ field: 'orderbook_fp.yes_dollars.0.0', expected: 'price strictly between 0 and 1', got: '1.5' }]);
  t.false(parseKalshiOrderBook('X', { error: 'not found' }).ok);
});

test('fetching goes through the transport: recorded mode serves the captured book', async (t) => {
  const http = createRecordedHttpClient({ connectors: [kalshiConnector] });
  const b = await fetchKalshiOrderBook({ http, log, signal: AbortSignal.timeout(5000) }, 'KXELONMARS-99');
  t.is(b.yes.bids[0]!.price, 0.1);
});

test('a live book of another shape is SCHEMA_DRIFT; depth is passed as a query parameter', async (t) => {
  const server = await startScriptedServer(() => ({ status: 200, body: { orderbook_fp: { yes: [['0.1', '1']] } } }));
  try {
    const http = createHttpClient({ venues: [kalshiDescriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const error = await t.throwsAsync(fetchKalshiOrderBook({ http, log, signal: AbortSignal.timeout(5000) }, 'KXELONMARS-99', 5));
    t.true(error instanceof VenueError && error.code === 'SCHEMA_DRIFT');
    t.is(server.requests[0]!.pathname, '/trade-api/v2/markets/KXELONMARS-99/orderbook');
    t.is(server.requests[0]!.searchParams.get('depth'), '5');
  } finally {
    await server.close();
  }
});
