import test from 'ava';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { startTestService, type TestService } from '../support/service.ts';
import { createHttpClient, type HttpClientOptions } from '../../pipeline/http/index.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import { silentLog } from '../support/nats.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { isPastEnd } from '../../shared/markets/endTimeRule.ts';

type Mode = 'ok' | 'error500' | 'hang' | 'malformed' | 'drift' | 'delist-first' | 'empty';
const VENUES_DIR = fileURLToPath(new URL('../../pipeline/venues/', import.meta.url));

/**
 * A local stand-in for the venues' hosts: serves each venue's recorded payloads while in 'ok'
 * mode, and misbehaves on demand per venue (500, hanging past the timeout, malformed JSON).
 */
async function startVenueHost(modes: Map<VenueSlug, Mode>): Promise<{ server: Server; port: number }> {
  const server = createServer(async (req, res) => {
    const [, venue, ...rest] = (req.url ?? '/').split('/');
    const slug = venue as VenueSlug;
    const original = new URL(decodeURIComponent(rest.join('/')));
    const mode = modes.get(slug) ?? 'ok';
    if (mode === 'error500') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"internal"}');
      return;
    }
    if (mode === 'hang') return; // never answers: the client's timeout must fire
    if (mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"markets": [ {"id": ');
      return;
    }
    const file = VENUE_MODULES[slug]?.connector.recordedFile(original);
    if (!file) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const body = await readFile(path.join(VENUES_DIR, slug, 'recorded', file), 'utf8');
    res.writeHead(200, { 'content-type': 'application/json' }).end(mode === 'drift' ? driftFirstMarket(body) : mode === 'delist-first' ? withoutFirstMarket(body) : mode === 'empty' ? emptyPage(body) : body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, port: (server.address() as AddressInfo).port };
}

/** The venue renames `question` and turns `outcomePrices` into a number in the first market of each page. */
function driftFirstMarket(body: string): string {
  const page = JSON.parse(body) as { markets?: Record<string, unknown>[] };
  const first = page.markets?.[0];
  if (first) {
    first.title = first.question;
    delete first.question;
    first.outcomePrices = 0.5;
  }
  return JSON.stringify(page);
}

/** The venue stops listing the first market of each page (it closed). */
function withoutFirstMarket(body: string): string {
  const page = JSON.parse(body) as { markets?: unknown[] };
  page.markets?.shift();
  return JSON.stringify(page);
}

/** A glitching venue: every page empty, as if the catalogue vanished. */
function emptyPage(body: string): string {
  const page = JSON.parse(body) as { markets?: unknown[]; next_cursor?: unknown };
  return JSON.stringify({ ...page, markets: [], next_cursor: undefined });
}

interface StatusRow {
  slug: string;
  state: string;
  last_success_at: string | null;
  markets_count: number;
  last_error: { code: string; message: string } | null;
  schema_drift_warnings: { platform_market_id: string; reason: string; drift: { field: string; expected: string; got: string }[] }[];
}

const status = async (svc: TestService, slug: string) =>
  ((await svc.get('/api/v1/platforms/status')).body as { data: StatusRow[] }).data.find((r) => r.slug === slug)!;

/**
 * The whole service in live mode, its venue requests sent by the real throttled client to the
 * local venue host (same paths and queries).
 */
async function liveAgainstHost(slugs: VenueSlug[], modes: Map<VenueSlug, Mode>, client: Partial<HttpClientOptions> = {}) {
  const host = await startVenueHost(modes);
  const modules = slugs.map((slug) => VENUE_MODULES[slug]!);
  const http = createHttpClient({
    venues: modules.map((m) => m.connector.descriptor),
    log: silentLog,
    ...client,
    fetch: (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const venue = modules.find((m) => Object.values(m.connector.descriptor.baseUrls).some((b) => url.startsWith(b)))?.connector.descriptor.slug;
      return fetch(`http://127.0.0.1:${host.port}/${venue}/${encodeURIComponent(url)}`, init);
    },
  });
  const svc = await startTestService({ VENUES: slugs.join(','), VENUE_SOURCE: 'live' }, undefined, { http });
  return {
    svc,
    close: async () => {
      await svc.close();
      host.server.closeAllConnections();
      host.server.close();
    },
  };
}

for (const failure of ['error500', 'hang', 'malformed'] as const) {
  test.serial(`a venue answering ${failure} keeps its last data, shows the error, and does not disturb the others`, async (t) => {
    const modes = new Map<VenueSlug, Mode>();
    const { svc, close } = await liveAgainstHost(['polymarket', 'limitless'], modes, { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5, defaultTimeoutMs: 500 });
    try {
      await svc.service.ingestOnce();
      await svc.settle();
      const before = await status(svc, 'polymarket');
      const otherBefore = await status(svc, 'limitless');
      t.true(before.markets_count > 0);
      t.is(before.state, 'ok');

      modes.set('polymarket', failure);
      await svc.service.ingestOnce();
      await svc.settle();

      const after = await status(svc, 'polymarket');
      t.is(after.state, 'failing');
      t.truthy(after.last_error, 'the failure is reported');
      t.regex(after.last_error!.code, failure === 'hang' ? /TIMEOUT/ : failure === 'malformed' ? /MALFORMED/ : /VENUE_UNAVAILABLE/);
      t.is(after.last_success_at, before.last_success_at, 'the last successful fetch is kept');
      t.is(after.markets_count, before.markets_count, 'its markets are still served');
      const page = (await svc.get('/api/v1/markets?platform=polymarket&limit=200')).body as { data: unknown[] };
      t.is(page.data.length, Math.min(200, before.markets_count));

      const other = await status(svc, 'limitless');
      t.is(other.state, 'ok');
      t.not(other.last_success_at, otherBefore.last_success_at, 'the healthy venue kept syncing');
      t.is(other.markets_count, otherBefore.markets_count);
    } finally {
      await close();
    }
  });
}

test.serial('schema drift skips the drifted market with its reason and shows in the venue status, never as zeros', async (t) => {
  const modes = new Map<VenueSlug, Mode>([['polymarket', 'drift']]);
  const { svc, close } = await liveAgainstHost(['polymarket'], modes);
  try {
    await svc.service.ingestOnce();
    await svc.settle();
    const row = await status(svc, 'polymarket');
    t.is(row.state, 'degraded');
    t.true(row.markets_count > 0, 'the other markets flow');
    const fields = row.schema_drift_warnings.flatMap((w) => w.drift.map((d) => d.field));
    t.true(fields.includes('question'), JSON.stringify(fields));
    const skippedIds = new Set(row.schema_drift_warnings.map((w) => w.platform_market_id));
    const page = (await svc.get('/api/v1/markets?platform=polymarket&limit=200')).body as { data: { platform_market_id: string }[] };
    t.false(page.data.some((m) => skippedIds.has(m.platform_market_id)), 'a drifted market is not written at all');
  } finally {
    await close();
  }
});

test.serial('a venue whose API key is not configured is reported as disabled, not failing, and the others run', async (t) => {
  const saved = process.env.PREDICTFUN_API_KEY;
  delete process.env.PREDICTFUN_API_KEY;
  const modes = new Map<VenueSlug, Mode>();
  const { svc, close } = await liveAgainstHost(['limitless', 'predictfun'], modes);
  try {
    await svc.service.ingestOnce();
    await svc.settle();
    const pf = await status(svc, 'predictfun');
    t.is(pf.state, 'disabled');
    t.is(pf.last_error, null);
    t.regex((pf as unknown as { disabled_reason: string }).disabled_reason, /PREDICTFUN_API_KEY is not set/);
    t.is((await status(svc, 'limitless')).state, 'ok');
  } finally {
    if (saved !== undefined) process.env.PREDICTFUN_API_KEY = saved;
    await close();
  }
});

test.serial('a market that leaves the open listing is closed, not left open forever; a vanished catalogue is not taken for closures', async (t) => {
  const modes = new Map<VenueSlug, Mode>();
  const { svc, close } = await liveAgainstHost(['polymarket'], modes);
  type Row = { platform_market_id: string; status: string; delisted_at: string | null; end_time: string | null };
  const all = async () => ((await svc.get('/api/v1/markets?platform=polymarket&limit=200&sort=newest')).body as { data: Row[] }).data;
  // Markets past their own end time are closed by the end-time rule (docs/prices.md), listed or not.
  const current = (rows: Row[]) => rows.filter((m) => !isPastEnd(m.end_time, new Date().toISOString()));
  try {
    await svc.service.ingestOnce();
    await svc.settle();
    const before = await all();
    t.true(current(before).length > 0);
    t.true(current(before).every((m) => m.status === 'open') && before.every((m) => m.delisted_at === null));

    modes.set('polymarket', 'empty');
    await svc.service.ingestOnce();
    await svc.settle();
    t.true(current(await all()).every((m) => m.status === 'open'), 'an empty walk closes nothing');
    t.true((await all()).every((m) => m.delisted_at === null));

    modes.set('polymarket', 'delist-first');
    await svc.service.ingestOnce();
    await svc.settle();
    const after = await all();
    const delisted = after.filter((m) => m.delisted_at !== null);
    t.true(delisted.length >= 1 && delisted.length <= 3, `one market per recorded page left the listing (${delisted.length})`);
    t.true(delisted.every((m) => m.status === 'closed' || m.status === 'resolved'));
    t.is(after.length, before.length, 'closed markets stay readable');

    modes.set('polymarket', 'ok');
    await svc.service.ingestOnce();
    await svc.settle();
    const again = await all();
    t.true(current(again).every((m) => m.status === 'open') && again.every((m) => m.delisted_at === null), 'a market listed again is open again');
  } finally {
    await close();
  }
});
