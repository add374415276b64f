import test from 'ava';
import pino from 'pino';
import { readFileSync } from 'node:fs';
import { VenueError } from '../../../shared/errors.ts';
import type { HttpClient, HttpRequest } from '../../http/types.ts';
import type { RawItem } from '../types.ts';
import { PREDICTFUN_PAGE_SIZE, predictfunConnector } from './connector.ts';

/** A cursor-paged fake of `/v1/markets` and `/v1/categories`, cursor = base64 of the next offset. */
function fakeVenue(markets: unknown[], categories: unknown[], opts: { ignoreAfter?: boolean } = {}) {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    async getJson(_venue, req) {
      requests.push(req);
      const url = new URL(req.url);
      const list = url.pathname === '/v1/markets' ? markets : categories;
      const first = Number(url.searchParams.get('first'));
      const after = url.searchParams.get('after');
      const offset = after === null || opts.ignoreAfter ? 0 : Number(Buffer.from(after, 'base64').toString());
      const next = offset + first < list.length ? Buffer.from(String(offset + first)).toString('base64') : null;
      return { status: 200, headers: {}, json: { success: true, data: list.slice(offset, offset + first), cursor: next } };
    },
  };
  return { http, requests };
}
async function walk(http: HttpClient, apiKey: string | null = 'test-key'): Promise<RawItem[][]> {
  const pages: RawItem[][] = [];
  const ctx = { http, log: pino({ level: 'silent' }), signal: new AbortController().signal, ...(apiKey === null ? {} : { apiKey }) };
  for await (const page of predictfunConnector.fetchCatalog(ctx)) pages.push([...page]);
  return pages;
}
const category = (n: number, legIds: number[]) => ({ id: n, slug: `cat-${n}`, title: `Category ${n}`, markets: legIds.map((id) => ({ id })) });

test('follows the cursor through every page of both lists and stops on a null cursor', async (t) => {
  const markets = Array.from({ length: PREDICTFUN_PAGE_SIZE * 2 + 1 }, (_, i) => ({ id: i, categorySlug: `cat-${i % 250}`, stats: { volume24hUsd: i } }));
  const categories = Array.from({ length: 250 }, (_, i) => category(i, [i]));
  const { http, requests } = fakeVenue(markets, categories);
  const pages = await walk(http);
  t.deepEqual(pages.map((p) => p.length), [100, 100, 50]);
  t.is(requests.filter((r) => r.url.includes('/v1/markets')).length, 3);
  t.is(requests.filter((r) => r.url.includes('/v1/categories')).length, 3);
  t.is(requests.length, 6);
  t.deepEqual(requests.map((r) => r.headers?.['x-api-key']), Array(6).fill('test-key'), 'mainnet needs the key on every read');
  const first = pages[0]![0]!;
  t.is(first.id, 'cat-0');
  t.deepEqual((first.payload as { marketStats: unknown }).marketStats, { '0': { volume24hUsd: 0 } }, 'each category carries its legs\u2019 stats');
});

test('without an API key the venue is disabled before any request', async (t) => {
  const { http, requests } = fakeVenue([], []);
  const err = await t.throwsAsync(walk(http, null), { instanceOf: VenueError });
  t.is(err?.code, 'DISABLED');
  t.is(requests.length, 0);
});

test('a venue that ignores after (same cursor again) fails instead of looping', async (t) => {
  const { http } = fakeVenue(Array.from({ length: 300 }, (_, i) => ({ id: i })), [], { ignoreAfter: true });
  const err = await t.throwsAsync(walk(http), { instanceOf: VenueError });
  t.is(err?.code, 'MALFORMED_RESPONSE');
});

test('an error envelope in place of a page is schema drift', async (t) => {
  const noKey = JSON.parse(readFileSync(new URL('./recorded/error-401-no-api-key.synpath.json', import.meta.url), 'utf8')) as unknown;
  const http: HttpClient = { getJson: async () => ({ status: 200, headers: {}, json: noKey }) };
  const err = await t.throwsAsync(walk(http), { instanceOf: VenueError });
  t.is(err?.code, 'SCHEMA_DRIFT');
});

test('the recorded pages walk to completion and every real listed market with a recorded category gets its stats', async (t) => {
  const http: HttpClient = {
    async getJson(_v, req) {
      const file = predictfunConnector.recordedFile(new URL(req.url));
      if (file === null) throw new Error(`unrecorded ${req.url}`);
      return { status: 200, headers: {}, json: JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as unknown };
    },
  };
  const items = (await walk(http)).flat();
  t.is(items.length, 9);
  const upDown = items.find((i) => i.id === 'bitcoin-up-or-down-on-october-5-2026')!;
  t.truthy((upDown.payload as { marketStats: Record<string, unknown> }).marketStats['2880279']);
});

test('recorded mode maps first pages and known cursors only', (t) => {
  t.is(predictfunConnector.recordedFile(new URL('https://api.predict.fun/v1/categories?first=100&status=OPEN')), 'v1-categories-open.page-1.synpath.json');
  t.is(predictfunConnector.recordedFile(new URL('https://api.predict.fun/v1/markets?first=100&after=MjY5MzQ%3D')), 'v1-markets-open.page-2.composed.json');
  t.is(predictfunConnector.recordedFile(new URL('https://api.predict.fun/v1/markets?after=other')), null);
  t.is(predictfunConnector.recordedFile(new URL('https://api.predict.fun/v1/markets/1/orderbook')), null);
});

test('open markets whose category never appears are reported in a warning, not dropped silently', async (t) => {
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  const { http } = fakeVenue([{ id: 1, categorySlug: 'cat-1' }, { id: 2, categorySlug: 'gone' }], [category(1, [1])]);
  const items: RawItem[] = [];
  for await (const page of predictfunConnector.fetchCatalog({ http, log, signal: new AbortController().signal, apiKey: 'k' })) items.push(...page);
  t.is(items.length, 1);
  const warning = JSON.parse(lines[0]!) as { count: number; sample: Array<[string, string]> };
  t.is(warning.count, 1);
  t.deepEqual(warning.sample, [['2', 'gone']]);
});
