import test from 'ava';
import pino from 'pino';
import type { HttpClient, HttpRequest, HttpResponse } from '../../http/types.ts';
import type { RawItem } from '../types.ts';
import { LIMITLESS_PAGE_SIZE, limitlessConnector } from './connector.ts';

/** Serves `/markets/active` pages from an in-memory catalogue, as the venue would. */
function fakeVenue(catalogue: unknown[], opts: { ignorePage?: boolean; shrinkTo?: number } = {}) {
  const requests: string[] = [];
  const http: HttpClient = {
    async getJson(_venue, req: HttpRequest): Promise<HttpResponse> {
      requests.push(req.url);
      const url = new URL(req.url);
      const page = opts.ignorePage ? 1 : Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const live = opts.shrinkTo !== undefined && page > 1 ? catalogue.slice(0, opts.shrinkTo) : catalogue;
      return { status: 200, headers: {}, json: { data: live.slice((page - 1) * limit, page * limit), totalMarketsCount: catalogue.length } };
    },
  };
  return { http, requests };
}
const market = (id: number) => ({ id, slug: `m-${id}`, title: `Market ${id}`, prices: [0.5, 0.5] });
async function walk(http: HttpClient): Promise<RawItem[][]> {
  const pages: RawItem[][] = [];
  const ctx = { http, log: pino({ level: 'silent' }), signal: new AbortController().signal };
  for await (const page of limitlessConnector.fetchCatalog(ctx)) pages.push([...page]);
  return pages;
}

test('walks every page beyond the 25-per-page cap and stops after the last one', async (t) => {
  const catalogue = Array.from({ length: 2 * LIMITLESS_PAGE_SIZE + 3 }, (_, i) => market(i + 1));
  const { http, requests } = fakeVenue(catalogue);
  const pages = await walk(http);
  t.deepEqual(pages.map((p) => p.length), [25, 25, 3]);
  t.is(requests.length, 3, 'no request after totalMarketsCount was reached');
  t.deepEqual(pages.flat().map((i) => i.id), catalogue.map((m) => String(m.id)));
  t.deepEqual(requests.map((u) => new URL(u).searchParams.get('limit')), ['25', '25', '25']);
});

test('an exact multiple of the page size needs no extra empty request', async (t) => {
  const { http, requests } = fakeVenue(Array.from({ length: 50 }, (_, i) => market(i + 1)));
  await walk(http);
  t.is(requests.length, 2);
});

test('a venue that ignores the page parameter does not loop forever', async (t) => {
  const { http, requests } = fakeVenue(Array.from({ length: 60 }, (_, i) => market(i + 1)), { ignorePage: true });
  const pages = await walk(http);
  t.is(pages.flat().length, 25);
  t.is(requests.length, 2);
});

test('a catalogue that shrinks mid-walk ends the walk with a warning instead of spinning', async (t) => {
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  const { http } = fakeVenue(Array.from({ length: 60 }, (_, i) => market(i + 1)), { shrinkTo: 20 });
  const items: RawItem[] = [];
  for await (const page of limitlessConnector.fetchCatalog({ http, log, signal: new AbortController().signal })) items.push(...page);
  t.is(items.length, 25);
  t.like(JSON.parse(lines[0]!), { seen: 25, totalMarketsCount: 60 });
});

test('a page without the envelope is a schema drift error', async (t) => {
  const http: HttpClient = { getJson: async () => ({ status: 200, headers: {}, json: [market(1)] }) };
  await t.throwsAsync(walk(http), { message: /totalMarketsCount/ });
});

test('recorded mode maps both catalogue pages to files and nothing else', (t) => {
  t.is(limitlessConnector.recordedFile(new URL('https://api.limitless.exchange/markets/active?page=1&limit=25')), 'markets-active.page-1.dr-manhattan-enveloped.json');
  t.is(limitlessConnector.recordedFile(new URL('https://api.limitless.exchange/markets/active?page=2&limit=25')), 'markets-active.page-2.composed.json');
  t.is(limitlessConnector.recordedFile(new URL('https://api.limitless.exchange/markets/active?page=3&limit=25')), null);
  t.is(limitlessConnector.recordedFile(new URL('https://api.limitless.exchange/markets/foo/orderbook')), null);
});

test('the recorded pages walk to completion through the connector', async (t) => {
  const { readFileSync } = await import('node:fs');
  const http: HttpClient = {
    async getJson(_v, req) {
      const file = limitlessConnector.recordedFile(new URL(req.url));
      if (file === null) throw new Error(`unrecorded ${req.url}`);
      return { status: 200, headers: {}, json: JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as unknown };
    },
  };
  const pages = await walk(http);
  t.is(pages.flat().length, 16);
});
