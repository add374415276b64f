import test from 'ava';
import { pino } from 'pino';
import { createHttpClient } from '../../http/httpClient.ts';
import { createRecordedHttpClient } from '../../http/recordedHttpClient.ts';
import type { RawItem } from '../types.ts';
import { startRouteServer } from '../../../test/http/routeServer.ts';
import { MANIFOLD_PAGE_SIZE, manifoldConnector } from './connector.ts';

const log = pino({ level: 'silent' });

test('pages with before=<last id> until a short page, fetching full markets for multiple-choice items', async (t) => {
  const lite = (i: number) => ({ id: `m${i}`, question: `q${i}`, outcomeType: i % 100 === 0 ? 'MULTIPLE_CHOICE' : 'BINARY', probability: 0.5 });
  const server = await startRouteServer((u) => {
    const full = /^\/v0\/market\/(.+)$/.exec(u.pathname);
    if (full) return { status: 200, body: { id: full[1], answers: [{ id: 'a1', text: 'A', probability: 0.4 }] } };
    const start = u.searchParams.get('before') === null ? 0 : Number(u.searchParams.get('before')?.slice(1)) + 1;
    const n = start === 0 ? MANIFOLD_PAGE_SIZE : 3;
    return { status: 200, body: Array.from({ length: n }, (_, i) => lite(start + i)) };
  });
  try {
    const http = createHttpClient({ venues: [manifoldConnector.descriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const pages: (readonly RawItem[])[] = [];
    for await (const page of manifoldConnector.fetchCatalog({ http, log, signal: AbortSignal.timeout(20_000) })) pages.push(page);
    t.deepEqual(pages.map((p) => p.length), [MANIFOLD_PAGE_SIZE, 3]);
    const listing = server.requests.filter((u) => u.pathname === '/v0/markets');
    t.deepEqual(listing.map((u) => u.searchParams.get('before')), [null, `m${MANIFOLD_PAGE_SIZE - 1}`]);
    const mc = pages[0]?.find((i) => i.id === 'm100')?.payload as { answers?: unknown[]; question?: string };
    t.is(mc.answers?.length, 1, 'the multiple-choice item carries its answers');
    t.is(mc.question, 'q100', 'and keeps its listing fields');
    t.is(server.requests.filter((u) => u.pathname.startsWith('/v0/market/')).length, 6, 'm0..m500 step 100');
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
