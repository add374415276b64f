import test from 'ava';
import { pino } from 'pino';
import { VenueError } from '../../../shared/errors.ts';
import { createHttpClient } from '../../http/httpClient.ts';
import { createRecordedHttpClient } from '../../http/recordedHttpClient.ts';
import type { RawItem } from '../types.ts';
import { startRouteServer, type Reply } from '../../../test/http/routeServer.ts';
import { POLYMARKET_PAGE_SIZE, polymarketConnector } from './connector.ts';

const log = pino({ level: 'silent' });
const markets = (from: number, n: number): unknown[] => Array.from({ length: n }, (_, i) => ({ id: String(from + i), question: `q${from + i}` }));

async function collect(route: (u: URL) => Reply): Promise<{ pages: (readonly RawItem[])[]; error?: unknown; requests: URL[] }> {
  const server = await startRouteServer(route);
  const http = createHttpClient({ venues: [polymarketConnector.descriptor], log, fetch: server.fetch, sleep: async () => undefined });
  const pages: (readonly RawItem[])[] = [];
  try {
    for await (const page of polymarketConnector.fetchCatalog({ http, log, signal: AbortSignal.timeout(10_000) })) pages.push(page);
    return { pages, requests: server.requests };
  } catch (error) {
    return { pages, error, requests: server.requests };
  } finally {
    await server.close();
  }
}

test('keyset paging follows next_cursor until it is absent', async (t) => {
  const { pages, error, requests } = await collect((u) => {
    const cursor = u.searchParams.get('after_cursor');
    if (cursor === null) return { status: 200, body: { markets: markets(0, 100), next_cursor: 'A' } };
    if (cursor === 'A') return { status: 200, body: { markets: markets(100, 100), next_cursor: 'B' } };
    return { status: 200, body: { markets: markets(200, 7) } };
  });
  t.is(error, undefined);
  t.deepEqual(pages.map((p) => p.length), [100, 100, 7]);
  t.is(pages[2]?.[6]?.id, '206');
  t.deepEqual(
    requests.map((u) => [u.pathname, u.searchParams.get('limit'), u.searchParams.get('after_cursor')]),
    [
      ['/markets/keyset', String(POLYMARKET_PAGE_SIZE), null],
      ['/markets/keyset', String(POLYMARKET_PAGE_SIZE), 'A'],
      ['/markets/keyset', String(POLYMARKET_PAGE_SIZE), 'B'],
    ],
  );
});

test('a keyset cursor handed back twice stops with SCHEMA_DRIFT instead of looping', async (t) => {
  const { error } = await collect(() => ({ status: 200, body: { markets: markets(0, 100), next_cursor: 'same' } }));
  t.true(error instanceof VenueError && error.code === 'SCHEMA_DRIFT' && /repeated/.test(error.message));
});

test('without the keyset endpoint it falls back to offset paging and pages to the end', async (t) => {
  const { pages, error, requests } = await collect((u) => {
    if (u.pathname === '/markets/keyset') return { status: 404, body: { error: 'not found' } };
    const offset = Number(u.searchParams.get('offset'));
    return { status: 200, body: markets(offset, offset < 200 ? 100 : 37) };
  });
  t.is(error, undefined);
  t.deepEqual(pages.map((p) => p.length), [100, 100, 37]);
  t.deepEqual(requests.filter((u) => u.pathname === '/markets').map((u) => u.searchParams.get('offset')), ['0', '100', '200']);
});

test('an offset cap on the legacy listing is an error naming the incomplete catalogue, never a silent stop', async (t) => {
  const { pages, error } = await collect((u) => {
    if (u.pathname === '/markets/keyset') return { status: 404, body: {} };
    const offset = Number(u.searchParams.get('offset'));
    return offset >= 200 ? { status: 400, body: { error: 'offset too large' } } : { status: 200, body: markets(offset, 100) };
  });
  t.is(pages.length, 2);
  t.true(error instanceof VenueError && error.code === 'BAD_REQUEST');
  t.regex((error as Error).message, /offset 200; catalogue incomplete/);
});

test('a keyset page of the wrong shape is reported as SCHEMA_DRIFT', async (t) => {
  const { error } = await collect(() => ({ status: 200, body: [{ id: '1' }] }));
  t.true(error instanceof VenueError && error.code === 'SCHEMA_DRIFT');
});

test('recorded mode pages through the three recorded keyset pages', async (t) => {
  const http = createRecordedHttpClient({ connectors: [polymarketConnector] });
  const sizes: number[] = [];
  for await (const page of polymarketConnector.fetchCatalog({ http, log, signal: AbortSignal.timeout(10_000) })) sizes.push(page.length);
  t.is(sizes.length, 3);
  t.deepEqual(sizes.slice(0, 2), [100, 50]);
  t.true((sizes[2] ?? 0) > 0);
});
