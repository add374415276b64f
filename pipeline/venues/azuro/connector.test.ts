import test from 'ava';
import pino from 'pino';
import { readFileSync } from 'node:fs';
import type { HttpClient, HttpRequest } from '../../http/types.ts';
import type { RawItem } from '../types.ts';
import { AZURO_ENVIRONMENT, AZURO_PAGE_SIZE, azuroConnector } from './connector.ts';

/** Serves games-by-filters pages per state and answers conditions-by-game-ids from the POST body. */
function fakeFeed(gamesByState: Record<string, number>) {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    async getJson(_venue, req) {
      requests.push(req);
      const url = new URL(req.url);
      if (url.pathname.endsWith('conditions-by-game-ids')) {
        const { gameIds } = req.body as { gameIds: string[] };
        return { status: 200, headers: {}, json: { conditions: gameIds.map((id) => ({ conditionId: `c-${id}`, game: { gameId: id } })) } };
      }
      const state = url.searchParams.get('gameState')!;
      const perPage = Number(url.searchParams.get('perPage'));
      const page = Number(url.searchParams.get('page'));
      const total = gamesByState[state] ?? 0;
      const games = Array.from({ length: total }, (_, i) => ({ gameId: `${state}-${i}` })).slice((page - 1) * perPage, page * perPage);
      return { status: 200, headers: {}, json: { games, page, perPage, total, totalPages: Math.ceil(total / perPage) } };
    },
  };
  return { http, requests };
}
async function walk(http: HttpClient): Promise<RawItem[][]> {
  const pages: RawItem[][] = [];
  for await (const p of azuroConnector.fetchCatalog({ http, log: pino({ level: 'silent' }), signal: new AbortController().signal })) pages.push([...p]);
  return pages;
}

test('walks all prematch pages past the first cap, then live games, with one conditions call per page', async (t) => {
  const { http, requests } = fakeFeed({ Prematch: AZURO_PAGE_SIZE * 2 + 5, Live: 3 });
  const pages = await walk(http);
  t.deepEqual(pages.map((p) => p.length), [100, 100, 5, 3]);
  t.is(requests.filter((r) => r.method === 'POST').length, 4);
  t.is(requests.length, 8, 'no request after the last page of each state');
  const post = requests.find((r) => r.method === 'POST')!;
  t.is((post.body as { environment: string }).environment, AZURO_ENVIRONMENT);
  const first = pages[0]![0]!;
  t.is(first.id, 'Prematch-0');
  t.deepEqual((first.payload as { conditions: unknown[] }).conditions, [{ conditionId: 'c-Prematch-0', game: { gameId: 'Prematch-0' } }]);
});

test('an empty state costs one request and yields nothing', async (t) => {
  const { http, requests } = fakeFeed({ Prematch: 2, Live: 0 });
  const pages = await walk(http);
  t.deepEqual(pages.map((p) => p.length), [2]);
  t.is(requests.length, 3);
});

test('a games page without totalPages is schema drift', async (t) => {
  const http: HttpClient = { getJson: async () => ({ status: 200, headers: {}, json: { games: [] } }) };
  await t.throwsAsync(walk(http), { message: /totalPages/ });
});

test('the recorded catalogue walks through both prematch pages and the live page', async (t) => {
  const http: HttpClient = {
    async getJson(_v, req) {
      const file = azuroConnector.recordedFile(new URL(req.url));
      if (file === null) throw new Error(`unrecorded ${req.url}`);
      return { status: 200, headers: {}, json: JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as unknown };
    },
  };
  const items = (await walk(http)).flat();
  t.is(items.length, 4);
  t.true(items.every((i) => (i.payload as { conditions: unknown[] }).conditions.length > 0));
  t.is(azuroConnector.recordedFile(new URL('https://api.onchainfeed.org/api/v1/public/market-manager/games-by-filters?gameState=Prematch&page=3')), null);
});
