import test from 'ava';
import { pino } from 'pino';
import { VenueError } from '../../../shared/errors.ts';
import { createHttpClient, type HttpClientOptions } from '../../http/httpClient.ts';
import { createRecordedHttpClient } from '../../http/recordedHttpClient.ts';
import { TokenBucket } from '../../http/tokenBucket.ts';
import type { RawItem, VenueConnector } from '../types.ts';
import { startScriptedServer, type Script } from '../../../test/http/scriptedServer.ts';
import { KALSHI_EVENTS_PAGE_SIZE, SERIES_REFRESH_MS, createKalshiConnector, kalshiConnector, kalshiDescriptor } from './connector.ts';
import { parseKalshi } from './parse.ts';

const log = pino({ level: 'silent' });
const EVENTS = '/trade-api/v2/events';
const SERIES = '/trade-api/v2/series';
const event = (n: number, series = 'KXS') => ({ event_ticker: `KXS-${n}`, series_ticker: series, title: `Event ${n}`, mutually_exclusive: false, markets: [] });
const seriesList = { series: [{ ticker: 'KXS', category: 'Economics', tags: ['Fed'], fee_type: 'quadratic_with_maker_fees', fee_multiplier: 1, title: 'S' }] };
/** Three pages of events: 200, 200, 5; cursors A then B then "" (Kalshi ends with an empty cursor). */
function catalogue(url: URL): Script {
  const cursor = url.searchParams.get('cursor');
  if (cursor === null) return { status: 200, body: { events: Array.from({ length: 200 }, (_, i) => event(i)), cursor: 'A' } };
  if (cursor === 'A') return { status: 200, body: { events: Array.from({ length: 200 }, (_, i) => event(200 + i)), cursor: 'B' } };
  return { status: 200, body: { events: [event(400), event(401, 'KXNEW'), event(402), event(403), event(404)], cursor: '' } };
}

interface Walk {
  pages: RawItem[][];
  error?: unknown;
  requests: URL[];
  hits: (path: string) => number;
  sleeps: number[];
  warnings: string[];
}

/**
 * Walks the connector through the real throttled client against a local scripted host. The clock
 * only moves when the client sleeps, so token waits and back-offs are recorded, never waited.
 */
async function walk(route: (url: URL, nth: number) => Script, opts: { connector?: VenueConnector; client?: Partial<HttpClientOptions>; walks?: number; clock?: { t: number } } = {}): Promise<Walk> {
  const server = await startScriptedServer(route);
  const clock = opts.clock ?? { t: 0 };
  const sleeps: number[] = [];
  const warnings: string[] = [];
  const warnLog = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
  const http = createHttpClient({
    venues: [kalshiDescriptor],
    log,
    fetch: server.fetch,
    now: () => clock.t,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.t += ms;
    },
    defaultTimeoutMs: 5000,
    maxAttempts: 3,
    ...opts.client,
  });
  const connector = opts.connector ?? createKalshiConnector({ now: () => clock.t });
  const pages: RawItem[][] = [];
  try {
    for (let i = 0; i < (opts.walks ?? 1); i += 1) {
      for await (const page of connector.fetchCatalog({ http, log: warnLog, signal: AbortSignal.timeout(20_000) })) pages.push([...page]);
    }
    return { pages, requests: server.requests, hits: server.hits, sleeps, warnings };
  } catch (error) {
    return { pages, error, requests: server.requests, hits: server.hits, sleeps, warnings };
  } finally {
    await server.close();
  }
}
const ok = (body: unknown): Script => ({ status: 200, body });
const route = (events: (url: URL, nth: number) => Script, series: (nth: number) => Script = () => ok(seriesList)) => (url: URL, nth: number): Script =>
  url.pathname === SERIES ? series(nth) : url.pathname === EVENTS ? events(url, nth) : { status: 404, body: { error: 'not found' } };

test('pages open events with nested markets by cursor until it comes back empty, always excluding parlays', async (t) => {
  const { pages, error, requests } = await walk(route(catalogue));
  t.is(error, undefined);
  t.deepEqual(pages.map((p) => p.length), [200, 200, 5]);
  const listing = requests.filter((u) => u.pathname === EVENTS);
  t.deepEqual(listing.map((u) => u.searchParams.get('cursor')), [null, 'A', 'B']);
  for (const u of listing) {
    t.is(u.searchParams.get('status'), 'open');
    t.is(u.searchParams.get('with_nested_markets'), 'true');
    t.is(u.searchParams.get('mve_filter'), 'exclude');
    t.is(u.searchParams.get('limit'), String(KALSHI_EVENTS_PAGE_SIZE));
  }
  t.is(pages[2]![0]!.id, 'KXS-400');
});

test('each event carries the fee and category fields of its series; an unlisted series is null', async (t) => {
  const { pages } = await walk(route(catalogue));
  const last = pages[2]!;
  t.deepEqual((last[0]!.payload as { series: unknown }).series, { ticker: 'KXS', category: 'Economics', tags: ['Fed'], fee_type: 'quadratic_with_maker_fees', fee_multiplier: 1 });
  t.is((last[1]!.payload as { series: unknown }).series, null);
});

test('the series listing is read once and again only after six hours', async (t) => {
  const clock = { t: 0 };
  const connector = createKalshiConnector({ now: () => clock.t });
  const first = await walk(route(catalogue), { connector, clock, walks: 2 });
  t.is(first.hits(SERIES), 1);
  clock.t += SERIES_REFRESH_MS;
  const later = await walk(route(catalogue), { connector, clock });
  t.is(later.hits(SERIES), 1, 'stale after the refresh interval');
});

test('a failing series listing does not stop the markets: events come without series and the general fee applies', async (t) => {
  const { pages, error, warnings } = await walk(route(catalogue, () => ({ status: 503, body: { error: 'down' } })));
  t.is(error, undefined);
  t.is(pages.flat().length, 405);
  t.true(pages.flat().every((i) => (i.payload as { series: unknown }).series === null));
  t.regex(warnings.join('\n'), /series listing failed/);
});

test('the transport paces Kalshi at 5 reads a second after a burst of 2 (10 tokens a read, 50 tokens a second)', async (t) => {
  const { sleeps, hits } = await walk(route(catalogue));
  t.is(hits(SERIES) + hits(EVENTS), 4);
  t.deepEqual(sleeps, [200, 200], 'two reads free, then one every 200 ms');
  const bucket = new TokenBucket({ ...kalshiDescriptor.rateLimit, now: () => 0 });
  t.true(bucket.tryTake(10) && bucket.tryTake(10));
  t.is(bucket.msUntil(10), 200);
});

test('an HTTP 500 is retried and the walk completes', async (t) => {
  const { pages, error, hits } = await walk(route((url, nth) => (nth === 1 ? { status: 500, body: { error: 'internal' } } : catalogue(url))));
  t.is(error, undefined);
  t.is(pages.flat().length, 405);
  t.is(hits(EVENTS), 4);
});

test('a 503 that never clears fails the walk as VENUE_UNAVAILABLE after the last attempt', async (t) => {
  const { error, hits } = await walk(route(() => ({ status: 503, body: { error: 'maintenance' } })));
  t.true(error instanceof VenueError && error.code === 'VENUE_UNAVAILABLE' && error.retryable);
  t.is(hits(EVENTS), 3);
});

test('a 429 with Retry-After waits what the venue asked before trying again', async (t) => {
  const { error, sleeps, hits } = await walk(
    route((url, nth) => (nth === 1 ? { status: 429, body: { error: 'too many requests' }, headers: { 'retry-after': '3' } } : catalogue(url))),
  );
  t.is(error, undefined);
  t.true(sleeps.includes(3000), JSON.stringify(sleeps));
  t.is(hits(EVENTS), 4);
});

test('Kalshi sends its 429 without Retry-After: the client backs off exponentially with jitter instead', async (t) => {
  const { error, sleeps } = await walk(route((url, nth) => (nth <= 2 ? { status: 429, body: { error: 'too many requests' } } : catalogue(url))));
  t.is(error, undefined);
  // full jitter at random 0.5: half of 500 ms, then half of 1000 ms
  const backoffs = sleeps.filter((ms) => ms !== 200);
  t.deepEqual(backoffs, [250, 500]);
});

test('a venue that never answers times out as TIMEOUT, retried, then reported', async (t) => {
  const { error, hits } = await walk(route(() => ({ hang: true })), { client: { maxAttempts: 2, defaultTimeoutMs: 300 } });
  t.true(error instanceof VenueError && error.code === 'TIMEOUT');
  t.is(hits(EVENTS), 2);
});

test('garbage instead of JSON is MALFORMED_RESPONSE and is not retried', async (t) => {
  const { error, hits } = await walk(route(() => ({ status: 200, raw: '{"events": [ {"event_ticker": ' })));
  t.true(error instanceof VenueError && error.code === 'MALFORMED_RESPONSE' && !error.retryable);
  t.is(hits(EVENTS), 1);
});

test('a page of another shape is SCHEMA_DRIFT; a cursor handed back twice stops instead of looping', async (t) => {
  const renamed = await walk(route(() => ok({ data: [event(1)], next_cursor: '' })));
  t.true(renamed.error instanceof VenueError && renamed.error.code === 'SCHEMA_DRIFT');
  t.regex((renamed.error as Error).message, /not \{events\[\], cursor\}/);
  const stuck = await walk(route(() => ok({ events: [event(1)], cursor: 'same' })));
  t.true(stuck.error instanceof VenueError && stuck.error.code === 'SCHEMA_DRIFT' && /repeated/.test((stuck.error as Error).message));
  t.is(stuck.pages.length, 2);
});

test('a market that drifted inside a good page reaches the parser, which names the field', async (t) => {
  const drifted = { ...event(1), markets: [{ ticker: 'KXS-1-A', event_ticker: 'KXS-1', market_type: 'binary', title: 'A?', status: 'active', yes_bid: 40 }] };
  const { pages } = await walk(route(() => ok({ events: [drifted], cursor: '' })));
  const { skipped } = parseKalshi(pages[0]![0]!, { fetchedAt: '2026-10-01T00:00:00.000Z' });
  t.true(skipped[0]!.drift.some((d) => d.field === 'event.markets.0.yes_bid_dollars' && d.got === 'missing'));
});

test('recorded mode walks the real Synpath page, then the composed overlap page its real cursor leads to', async (t) => {
  const http = createRecordedHttpClient({ connectors: [kalshiConnector] });
  const pages: RawItem[][] = [];
  for await (const page of kalshiConnector.fetchCatalog({ http, log, signal: AbortSignal.timeout(10_000) })) pages.push([...page]);
  t.deepEqual(pages.map((p) => p.length), [1, 13]);
  t.is(pages[0]![0]!.id, 'KXELONMARS-99');
  t.like((pages[0]![0]!.payload as { series: unknown }).series, { ticker: 'KXELONMARS', fee_type: 'quadratic', fee_multiplier: 1 }, 'the real series entry');
});

test('recorded mode answers the captured candles, trades and tickers lookups, and nothing else (books are the order-book capability\'s)', (t) => {
  const file = (u: string) => kalshiConnector.recordedFile(new URL(`https://api.elections.kalshi.com/trade-api/v2${u}`));
  t.is(file('/series/KXELONMARS/markets/KXELONMARS-99/candlesticks?period_interval=60&start_ts=1&end_ts=2'), 'series-markets-candlesticks.synpath.json');
  t.is(file('/markets/trades?ticker=KXELONMARS-99&limit=3'), 'markets-trades.synpath.json');
  t.is(file('/markets?tickers=KXELONMARS-99,KXCOLONIZEMARS-50'), 'markets-tickers.ccxt-static.json');
  t.is(file('/events?cursor=unknown'), null);
  t.is(file('/markets/KXELONMARS-99/orderbook'), null, 'served by kalshiOrderBooks.recordedFile, chained in by withOrderBooks');
  t.is(kalshiConnector.recordedFile(new URL('https://api.elections.kalshi.com/v1/search/series')), null);
});
