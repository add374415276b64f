import test from 'ava';
import { startTestService, type TestService } from '../support/service.ts';
import { createRecordedHttpClient } from '../../pipeline/http/index.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { VENUE_SLUGS, type VenueSlug } from '../../shared/venues/registry.ts';
import { silentLog } from '../support/nats.ts';

interface MarketBody {
  id: string;
  platform_slug: string;
  title: string;
  status: string;
  outcomes: { label: string; outcome_index: number; price: number | null }[];
  volume24h: number | null;
  volume_windows: { '24h': { volume: number | null } };
}
interface ListBody {
  data: MarketBody[];
  meta: { count: number; next_cursor: string | null; limit: number };
}

/** What the venues' recorded catalogues parse to, bypassing streams: the expected API content. */
async function parseRecordedDirectly(venue: VenueSlug): Promise<Map<string, NormalizedMarket>> {
  const module = VENUE_MODULES[venue];
  if (!module) throw new Error(`no module for ${venue}`);
  const http = createRecordedHttpClient({ connectors: [module.connector] });
  const out = new Map<string, NormalizedMarket>();
  for await (const page of module.connector.fetchCatalog({ http, log: silentLog, signal: new AbortController().signal })) {
    for (const item of page) {
      for (const m of module.parse(item, { fetchedAt: new Date().toISOString() }).markets) out.set(m.id, m);
    }
  }
  return out;
}

async function walkAll(svc: TestService, query: string, pageSize = 200): Promise<MarketBody[]> {
  const all: MarketBody[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const res = await svc.get(`/api/v1/markets?${query}&limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status !== 200) throw new Error(`status ${res.status}: ${JSON.stringify(res.body)}`);
    const body = res.body as ListBody;
    all.push(...body.data);
    cursor = body.meta.next_cursor;
    if (!cursor) break;
  }
  return all;
}

let svc: TestService;
test.before(async () => {
  svc = await startTestService({ VENUES: 'polymarket,manifold,kalshi' });
  await svc.service.ingestOnce();
  await svc.settle();
});
test.after.always(async () => {
  await svc?.close();
});

for (const venue of ['polymarket', 'manifold', 'kalshi'] as const) {
  test.serial(`every ${venue} market of the recorded catalogue comes out of GET /api/v1/markets with its parsed prices`, async (t) => {
    const expected = await parseRecordedDirectly(venue);
    t.true(expected.size > 0, 'the recorded catalogue parses to markets');
    const served = await walkAll(svc, `platform=${venue}`);
    t.is(new Set(served.map((m) => m.id)).size, served.length, 'cursor pages never repeat a market');
    t.deepEqual(served.map((m) => m.id).sort(), [...expected.keys()].sort());
    for (const m of served) {
      t.is(m.platform_slug, venue);
      const want = expected.get(m.id)!;
      t.is(m.title, want.title);
      // docs/prices.md "Past the end time": a market listed open after its end time is served closed, with its
      // probability and no bid or ask (the recordings are older than today's clock).
      const pastEnd = want.status === 'open' && want.end_time !== null && Date.parse(want.end_time) <= Date.now();
      const unquoted = (o: NormalizedMarket['outcomes'][number]) => ('best_bid' in o || 'best_ask' in o ? { ...o, best_bid: null, best_ask: null } : o);
      t.deepEqual(m.outcomes, pastEnd ? want.outcomes.map(unquoted) : want.outcomes);
      if (pastEnd) t.is(m.status, 'closed');
      t.is(m.volume24h, want.volume24h);
    }
  });
}

test.serial('the default sort is 24-hour volume, highest first, unknown volumes last, ties by id, across cursor pages', async (t) => {
  const served = await walkAll(svc, 'window=24h', 97);
  const parsed = (await Promise.all((['polymarket', 'manifold', 'kalshi'] as const).map(parseRecordedDirectly))).flatMap((m) => [...m.values()]);
  // The oracle: a plain sort of what the recorded catalogues parse to, by the documented rule.
  // docs/history.md "Window volumes": the venue's own 24-hour figure when it reports one; a lifetime-only
  // market seen once has traded nothing inside the window since Concord first saw it (0), unless it was created
  // inside the window (then all its lifetime volume is); no volume at all stays unknown (null, last).
  const dayAgo = Date.now() - 24 * 3600_000;
  const window24h = (m: NormalizedMarket): number | null =>
    m.volume24h ?? (m.volume_total === null ? null : m.created_at !== null && Date.parse(m.created_at) > dayAgo ? m.volume_total : 0);
  const byId = (a: NormalizedMarket, b: NormalizedMarket) => (a.id < b.id ? -1 : 1);
  const expected = parsed.sort((a, b) => {
    const va = window24h(a);
    const vb = window24h(b);
    if (va === null || vb === null) return va === vb ? byId(a, b) : va === null ? 1 : -1;
    return vb - va || byId(a, b);
  });
  t.true(parsed.filter((m) => m.volume24h === null).length > 10 && parsed.filter((m) => m.volume24h === 0).length > 10, 'unknown and zero volumes both occur');
  t.deepEqual(served.map((m) => m.id), expected.map((m) => m.id));
});

test.serial('q finds markets whose title holds every word, case-insensitively, combined with the platform filter', async (t) => {
  const everything = await walkAll(svc, 'sort=volume_24h');
  const expected = everything.filter((m) => /bitcoin/i.test(m.title) && /2026/.test(m.title) && m.platform_slug === 'polymarket');
  t.true(expected.length > 0);
  const found = await walkAll(svc, 'q=BITCOIN%202026&platform=polymarket');
  t.deepEqual(found.map((m) => m.id).sort(), expected.map((m) => m.id).sort());
  // category=all, the spec's default for the category filter, filters nothing; an unknown category is a 400.
  t.deepEqual((await walkAll(svc, 'sort=volume_24h&category=all')).map((m) => m.id), everything.map((m) => m.id));
  const unknown = await svc.get('/api/v1/markets?category=weather');
  t.is(unknown.status, 400);
  t.regex((unknown.body as { message: string }).message, /'category': must be all or one of crypto, politics/);
});

test.serial('a market is served by id, an unknown id is 404 MARKET_NOT_FOUND, a malformed id is 400', async (t) => {
  const list = (await svc.get('/api/v1/markets?limit=1')).body as ListBody;
  const first = list.data[0]!;
  const one = await svc.get(`/api/v1/markets/${first.id}`);
  t.is(one.status, 200);
  t.deepEqual((one.body as { data: MarketBody }).data, first);
  const missing = await svc.get('/api/v1/markets/00000000-0000-4000-8000-000000000000');
  t.is(missing.status, 404);
  t.is((missing.body as { status: string }).status, 'MARKET_NOT_FOUND');
  const bad = await svc.get('/api/v1/markets/not-a-uuid');
  t.is(bad.status, 400);
  t.is((bad.body as { status: string }).status, 'INVALID_REQUEST');
});

test.serial('venue status shows the last successful fetch and the markets count per venue', async (t) => {
  const res = await svc.get('/api/v1/platforms/status');
  t.is(res.status, 200);
  const rows = (res.body as { data: { slug: string; state: string; last_success_at: string | null; markets_count: number }[] }).data;
  const poly = rows.find((r) => r.slug === 'polymarket')!;
  const served = await walkAll(svc, 'platform=polymarket');
  t.truthy(poly.last_success_at);
  t.is(poly.markets_count, served.length);
  const kalshi = rows.find((r) => r.slug === 'kalshi')!;
  t.is(kalshi.state, 'ok');
  t.is(kalshi.markets_count, (await walkAll(svc, 'platform=kalshi')).length);
  t.deepEqual(rows.map((r) => r.slug), [...VENUE_SLUGS], 'every venue of the registry is listed in registry order, ingested or not');
});

test.serial('/health answers and /ready is 200 while NATS and the store answer', async (t) => {
  const health = await svc.get('/health');
  t.is(health.status, 200);
  t.deepEqual(health.body, { status: 'ok', service: 'concord', version: '1.0.0' });
  const ready = await svc.get('/ready');
  t.is(ready.status, 200);
});
