import test from 'ava';
import { pino } from 'pino';
import { createHttpClient } from '../../http/httpClient.ts';
import { createRecordedHttpClient } from '../../http/recordedHttpClient.ts';
import type { RawItem } from '../types.ts';
import { startRouteServer } from '../../../test/http/routeServer.ts';
import { MANIFOLD_PAGE_SIZE, manifoldConnector } from './connector.ts';

const log = pino({ level: 'silent' });

test('pages open markets newest first by beforeTime until a short page, fetching full markets for multiple-choice items once per change', async (t) => {
  const T0 = 1_800_000_000_000;
  let updated = 1;
  const lite = (i: number) => ({ id: `m${i}`, question: `q${i}`, createdTime: T0 - i * 1000, lastUpdatedTime: updated, outcomeType: i % 100 === 0 ? 'MULTIPLE_CHOICE' : 'BINARY', probability: 0.5 });
  const server = await startRouteServer((u) => {
    const full = /^\/v0\/market\/(.+)$/.exec(u.pathname);
    if (full) return { status: 200, body: { id: full[1], answers: [{ id: 'a1', text: 'A', probability: 0.4 }] } };
    const before = u.searchParams.get('beforeTime');
    const start = before === null ? 0 : (T0 - Number(before)) / 1000 + 1;
    const n = start === 0 ? MANIFOLD_PAGE_SIZE : 3;
    return { status: 200, body: Array.from({ length: n }, (_, i) => lite(start + i)) };
  });
  try {
    const http = createHttpClient({ venues: [manifoldConnector.descriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const walk = async () => {
      const pages: (readonly RawItem[])[] = [];
      for await (const page of manifoldConnector.fetchCatalog({ http, log, signal: AbortSignal.timeout(20_000) })) pages.push(page);
      return pages;
    };
    const pages = await walk();
    t.deepEqual(pages.map((p) => p.length), [MANIFOLD_PAGE_SIZE, 3]);
    const listing = server.requests.filter((u) => u.pathname === '/v0/search-markets');
    t.deepEqual(listing.map((u) => u.searchParams.get('beforeTime')), [null, String(T0 - (MANIFOLD_PAGE_SIZE - 1) * 1000)]);
    t.deepEqual(listing.map((u) => u.searchParams.get('filter')), ['open', 'open'], 'only open markets are listed');
    const mc = pages[0]?.find((i) => i.id === 'm100')?.payload as { answers?: unknown[]; question?: string };
    t.is(mc.answers?.length, 1, 'the multiple-choice item carries its answers');
    t.is(mc.question, 'q100', 'and keeps its listing fields');
    const fullFetches = () => server.requests.filter((u) => u.pathname.startsWith('/v0/market/')).length;
    t.is(fullFetches(), 6, 'm0..m500 step 100');

    const again = await walk();
    t.is(fullFetches(), 6, 'an unchanged multiple-choice market is not fetched again');
    t.is((again[0]?.find((i) => i.id === 'm100')?.payload as { answers?: unknown[] }).answers?.length, 1);
    updated = 2;
    await walk();
    t.is(fullFetches(), 12, 'a changed one is');
  } finally {
    await server.close();
  }
});

test('recorded mode: the real page, then the composed overlap page, with composed answers present', async (t) => {
  const http = createRecordedHttpClient({ connectors: [manifoldConnector] });
  const pages: (readonly RawItem[])[] = [];
  for await (const page of manifoldConnector.fetchCatalog({ http, log, signal: AbortSignal.timeout(20_000) })) pages.push(page);
  t.is(pages.length, 2);
  t.is(pages[0]?.length, 500);
  const composed = pages[1]?.find((i) => i.id === 'composed-dem-nominee-2028')?.payload as { answers?: unknown[] };
  t.true((composed.answers?.length ?? 0) > 5);
});
