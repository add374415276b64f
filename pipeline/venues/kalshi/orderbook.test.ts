import test from 'ava';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import type { BookLevel, OrderBook } from '../../../shared/arbitrage/types.ts';
import { VenueError } from '../../../shared/errors.ts';
import { marketId } from '../../../shared/ids.ts';
import { createHttpClient } from '../../http/httpClient.ts';
import { createRecordedHttpClient } from '../../http/recordedHttpClient.ts';
import { startScriptedServer } from '../../../test/http/scriptedServer.ts';
import type { BookRequest, BookResult } from '../types.ts';
import { kalshiDescriptor } from './connector.ts';
import { kalshiVenue } from './index.ts';
import { kalshiOrderBooks, parseKalshiBook } from './orderbook.ts';

const log = pino({ level: 'silent' });
const FETCHED = '2026-09-15T12:00:00.000Z';
const load = (name: string): unknown => JSON.parse(readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8')) as unknown;
const book = (json: unknown): OrderBook => {
  const parsed = parseKalshiBook(json, FETCHED);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.book;
};
const reason = (r: BookResult | undefined): string => (r && !r.ok ? r.reason : `not a failure: ${JSON.stringify(r)}`);
const depth = (levels: readonly BookLevel[]) => Math.round(levels.reduce((s, l) => s + l.size, 0) * 100) / 100;
const request = (ticker: string): BookRequest => ({ market_id: marketId('kalshi', ticker), platform_market_id: ticker, book_ref: null });

test('the real book: both ladders are bids, so the best Yes bid is the last entry and No bids become Yes asks at 1 - q', (t) => {
  const b = book(load('markets-ticker-orderbook.synpath.json'));
  t.deepEqual(b.yes.bids.slice(0, 3), [
    { price: 0.1, size: 79.35 },
    { price: 0.09, size: 735.07 },
    { price: 0.08, size: 1253 },
  ]);
  // No bids 0.88 x 265.22, 0.87 x 1799.44, 0.86 x 10: Yes offered at 0.12, 0.13, 0.14
  t.deepEqual(b.yes.asks.slice(0, 3), [
    { price: 0.12, size: 265.22 },
    { price: 0.13, size: 1799.44 },
    { price: 0.14, size: 10 },
  ]);
  t.deepEqual(b.no.bids[0], { price: 0.88, size: 265.22 });
  t.deepEqual(b.no.asks[0], { price: 0.9, size: 79.35 }, 'a Yes bid at 0.10 is No offered at 0.90');
  t.is(b.yes.bids.length, 10);
  t.is(b.yes.asks.length, 28);
  // 4008.78 + 3539.17 + 19124 + 861.77 + 295 + 2532.98 + 2195.84 + 1253 + 735.07 + 79.35
  t.is(depth(b.yes.bids), 34624.96);
  t.deepEqual(b.yes.asks.at(-1), { price: 0.99, size: 13501 }, 'the No bid at one cent is a Yes offer at 99 cents');
  t.deepEqual(b.no, { bids: b.no.bids, asks: b.no.asks });
  t.deepEqual(b.no.bids.map((l) => l.price), [...b.no.bids.map((l) => l.price)].sort((x, y) => y - x), 'No bids best (highest) first');
  t.is(b.quoted_at, FETCHED, 'Kalshi stamps no time on a book: it is as fresh as its fetch');
  t.false(b.stamped);
});

test('the book agrees with the separately captured market quote: bid 0.10 x 79.35, ask 0.12 x 265.22', (t) => {
  const b = book(load('markets-ticker-orderbook.synpath.json'));
  const market = (load('events-with-nested-markets.synpath.json') as { events: Array<{ markets: Array<Record<string, string>> }> }).events[0]!.markets[0]!;
  t.deepEqual(b.yes.bids[0], { price: Number(market.yes_bid_dollars), size: Number(market.yes_bid_size_fp) });
  t.deepEqual(b.yes.asks[0], { price: Number(market.yes_ask_dollars), size: Number(market.yes_ask_size_fp) });
  t.is(b.no.bids[0]!.price, Number(market.no_bid_dollars));
  t.is(b.no.asks[0]!.price, Number(market.no_ask_dollars));
});

test('an empty side (null) is an empty ladder, and the other outcome has no asks there', (t) => {
  const b = book({ orderbook_fp: { yes_dollars: null, no_dollars: [['0.4500', '10.00']] } });
  t.deepEqual(b.yes.bids, []);
  t.deepEqual(b.no.asks, []);
  t.deepEqual(b.yes.asks, [{ price: 0.55, size: 10 }]);
  t.deepEqual(b.no.bids, [{ price: 0.45, size: 10 }]);
});

test('the legacy cent shape still reads, converted to dollars', (t) => {
  const b = book({ orderbook: { yes: [[9, 735], [10, 79]], no: [[88, 265]] } });
  t.deepEqual(b.yes.bids, [
    { price: 0.1, size: 79 },
    { price: 0.09, size: 735 },
  ]);
  t.deepEqual(b.yes.asks, [{ price: 0.12, size: 265 }]);
});

test('numbers where strings belong, a price outside 0-1 or a negative size are drift naming the level, never an empty book', (t) => {
  t.regex(reason(parseKalshiBook({ orderbook_fp: { yes_dollars: [[0.1, 5]], no_dollars: [] } }, FETCHED)), /orderbook_fp\.yes_dollars\.0\.0 expected string, got number/);
  t.regex(reason(parseKalshiBook({ orderbook_fp: { yes_dollars: [['1.5000', '5.00']], no_dollars: [] } }, FETCHED)), /orderbook_fp\.yes_dollars\.0\.price expected a price strictly between 0 and 1, got 1\.5/);
  t.regex(reason(parseKalshiBook({ orderbook_fp: { yes_dollars: [], no_dollars: [['0.5000', '-3.00']] } }, FETCHED)), /orderbook_fp\.no_dollars\.0\.1 expected contracts/);
  t.regex(reason(parseKalshiBook({ orderbook_fp: { yes: [['0.1', '1']] } }, FETCHED)), /yes_dollars/, 'renamed ladders are drift');
  t.false(parseKalshiBook({ error: 'not found' }, FETCHED).ok);
});

test('recorded mode: the capability answers the real capture, composed books whose top is the listing quote, and nothing for other tickers', async (t) => {
  const http = createRecordedHttpClient({ connectors: [kalshiVenue.connector] });
  t.is(kalshiVenue.orderBooks, kalshiOrderBooks, 'registered with withOrderBooks');
  const books = await kalshiOrderBooks.fetchBooks({ http, log, signal: AbortSignal.timeout(5000) }, ['KXELONMARS-99', 'KXPRESPERSON-28-JVAN', 'KXNOSUCH-1'].map(request));
  const real = books.get(marketId('kalshi', 'KXELONMARS-99'));
  t.true(real?.ok && real.book.yes.bids[0]!.price === 0.1);
  const vance = books.get(marketId('kalshi', 'KXPRESPERSON-28-JVAN'));
  t.true(vance?.ok);
  // The listing: yes_bid 0.27 x 500, yes_ask 0.29 x 400 (no_bid 0.71).
  t.deepEqual(vance?.ok && [vance.book.yes.bids[0], vance.book.yes.asks[0], vance.book.no.bids[0]], [
    { price: 0.27, size: 500 },
    { price: 0.29, size: 400 },
    { price: 0.71, size: 400 },
  ]);
  t.regex(reason(books.get(marketId('kalshi', 'KXNOSUCH-1'))), /nothing recorded|cannot be read/);
  const file = (path: string) => kalshiOrderBooks.recordedFile(new URL(`https://api.elections.kalshi.com/trade-api/v2${path}`));
  t.is(file('/markets/KXELONMARS-99/orderbook'), 'markets-ticker-orderbook.synpath.json');
  t.is(file('/markets/KXBTCMAXY-26DEC31-149999.99/orderbook'), 'orderbook.KXBTCMAXY-26DEC31-149999.99.composed.json');
  t.is(file('/markets/..%2Fsecret/orderbook'), null);
  t.is(file('/events'), null);
  t.is(kalshiOrderBooks.recordedFile(new URL('https://clob.polymarket.com/markets/X/orderbook')), null);
  t.is(kalshiVenue.connector.recordedFile(new URL('https://api.elections.kalshi.com/trade-api/v2/markets/KXELONMARS-99/orderbook')), 'markets-ticker-orderbook.synpath.json', 'the connector serves the books too');
});

test('live: one request per ticker on the book path; a drifted book or a 404 leaves that market without a book, an outage fails the batch', async (t) => {
  const server = await startScriptedServer((url) => {
    if (url.pathname.endsWith('/KXELONMARS-99/orderbook')) return { status: 200, body: load('markets-ticker-orderbook.synpath.json') };
    if (url.pathname.endsWith('/DRIFTED/orderbook')) return { status: 200, body: { orderbook_fp: { yes: [['0.1', '1']] } } };
    if (url.pathname.endsWith('/DOWN/orderbook')) return { status: 503, body: { error: 'unavailable' } };
    return { status: 404, body: { error: 'not found' } };
  });
  try {
    const http = createHttpClient({ venues: [kalshiDescriptor], log, fetch: server.fetch, sleep: async () => undefined, maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 });
    const ctx = { http, log, signal: AbortSignal.timeout(10_000) };
    const books = await kalshiOrderBooks.fetchBooks(ctx, ['KXELONMARS-99', 'DRIFTED', 'GONE'].map(request));
    t.true(books.get(marketId('kalshi', 'KXELONMARS-99'))?.ok);
    t.regex(reason(books.get(marketId('kalshi', 'DRIFTED'))), /drifted/);
    t.false(books.get(marketId('kalshi', 'GONE'))?.ok ?? true);
    t.deepEqual(server.requests.map((u) => u.pathname).sort(), ['/trade-api/v2/markets/DRIFTED/orderbook', '/trade-api/v2/markets/GONE/orderbook', '/trade-api/v2/markets/KXELONMARS-99/orderbook']);
    const error = await t.throwsAsync(kalshiOrderBooks.fetchBooks(ctx, [request('DOWN')]));
    t.true(error instanceof VenueError && error.retryable, 'retryable after the transport gave up: the scanner keeps listing quotes until the TTL');
  } finally {
    await server.close();
  }
});
