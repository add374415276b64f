import { createServer, type Server } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { startTestService } from './service.ts';
import { createHttpClient, type HttpClientOptions } from '../../pipeline/http/index.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import { silentLog } from './nats.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';

export type Mode = 'ok' | 'error500' | 'hang' | 'malformed' | 'drift' | 'delist-first' | 'empty';
const VENUES_DIR = fileURLToPath(new URL('../../pipeline/venues/', import.meta.url));

/**
 * A local stand-in for the venues' hosts: serves each venue's recorded payloads while in 'ok'
 * mode, and misbehaves on demand per venue (500, hanging past the timeout, malformed JSON).
 */
export async function startVenueHost(modes: Map<VenueSlug, Mode>): Promise<{ server: Server; port: number }> {
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

/** What 'delist-first' removes, read from the recorded pages themselves. */
export async function firstMarketOfEachRecordedPage(slug: VenueSlug): Promise<string[]> {
  const dir = path.join(VENUES_DIR, slug, 'recorded');
  const pages = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  const bodies = await Promise.all(pages.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { markets?: Array<{ id: unknown }> }));
  // Listing pages only (the directory also holds books and price histories).
  return bodies.flatMap((b) => (Array.isArray(b.markets) && b.markets.length > 0 ? [String(b.markets[0]!.id)] : [])).sort();
}

/**
 * The whole service in live mode, its venue requests sent by the real throttled client to the
 * local venue host (same paths and queries).
 */
export async function liveAgainstHost(slugs: VenueSlug[], modes: Map<VenueSlug, Mode>, client: Partial<HttpClientOptions> = {}, env: Record<string, string> = {}) {
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
  const svc = await startTestService({ VENUES: slugs.join(','), VENUE_SOURCE: 'live', ...env }, undefined, { http });
  return {
    svc,
    close: async () => {
      await svc.close();
      host.server.closeAllConnections();
      host.server.close();
    },
  };
}

