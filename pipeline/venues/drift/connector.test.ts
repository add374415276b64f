import test from 'ava';
import pino from 'pino';
import { readFileSync } from 'node:fs';
import { VenueError } from '../../../shared/errors.ts';
import type { HttpClient, HttpRequest } from '../../http/types.ts';
import type { RawItem } from '../types.ts';
import { DRIFT_BOOKS_PER_PAGE, driftConnector, isBetMarket } from './connector.ts';

async function walk(http: HttpClient): Promise<RawItem[][]> {
  const pages: RawItem[][] = [];
  for await (const p of driftConnector.fetchCatalog({ http, log: pino({ level: 'silent' }), signal: new AbortController().signal })) pages.push([...p]);
  return pages;
}

function fakeDrift(symbols: string[], missingBooks: ReadonlySet<string> = new Set()) {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    async getJson(venue, req) {
      requests.push(req);
      const url = new URL(req.url);
      if (url.pathname === '/stats/markets') return { status: 200, headers: {}, json: { success: true, markets: symbols.map((symbol, marketIndex) => ({ symbol, marketIndex, marketType: 'perp' })) } };
      const name = url.searchParams.get('marketName')!;
      if (missingBooks.has(name)) throw new VenueError(venue, 'NOT_FOUND', 'no book', { httpStatus: 404 });
      return { status: 200, headers: {}, json: { bids: [], asks: [{ price: '500000', size: '1' }], ts: 1, marketName: name } };
    },
  };
  return { http, requests };
}

test('picks only BET markets and fetches a book for each, across several pages', async (t) => {
  const bets = Array.from({ length: DRIFT_BOOKS_PER_PAGE + 3 }, (_, i) => `EVENT${i}-WIN-2026-BET`);
  const { http, requests } = fakeDrift(['BTC-PERP', 'SOL-PERP', ...bets]);
  const pages = await walk(http);
  t.deepEqual(pages.map((p) => p.length), [DRIFT_BOOKS_PER_PAGE, 3]);
  t.deepEqual(pages.flat().map((i) => i.id), bets);
  t.is(requests.length, 1 + bets.length, 'one stats call, one book per BET market, none for perps');
  const first = pages[0]![0]!.payload as { l2: { marketName: string } };
  t.is(first.l2.marketName, bets[0]!);
});

test('a market the DLOB does not know is kept without a book', async (t) => {
  const { http } = fakeDrift(['A-WIN-2026-BET', 'B-WIN-2026-BET'], new Set(['B-WIN-2026-BET']));
  const items = (await walk(http)).flat();
  t.is((items[1]!.payload as { l2: unknown }).l2, null);
});

test('other book failures abort the walk (the transport already retried them)', async (t) => {
  const http: HttpClient = {
    async getJson(venue, req) {
      if (new URL(req.url).pathname === '/stats/markets') return { status: 200, headers: {}, json: { markets: [{ symbol: 'A-WIN-2026-BET', marketIndex: 1 }] } };
      throw new VenueError(venue, 'VENUE_UNAVAILABLE', 'down');
    },
  };
  await t.throwsAsync(walk(http), { instanceOf: VenueError, message: 'down' });
});

test('contractType Prediction marks a BET market even without the suffix', (t) => {
  t.true(isBetMarket({ symbol: 'SOMETHING', marketType: 'perp', contractType: 'Prediction' }));
  t.false(isBetMarket({ symbol: 'BTC-PERP', marketType: 'perp' }));
  t.false(isBetMarket({ symbol: 'X-BET', marketType: 'spot' }));
  t.false(isBetMarket({ marketIndex: 3 }));
});

test('the recorded catalogue yields the four BET markets and drops BTC-PERP', async (t) => {
  const http: HttpClient = {
    async getJson(_v, req) {
      const file = driftConnector.recordedFile(new URL(req.url));
      if (file === null) throw new Error(`unrecorded ${req.url}`);
      return { status: 200, headers: {}, json: JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as unknown };
    },
  };
  const ids = (await walk(http)).flat().map((i) => i.id);
  t.deepEqual(ids, ['BTC-150K-2026-BET', 'ETH-5K-2026-BET', 'VANCE-WIN-2028-BET', 'SUPERBOWL-LIX-CHIEFS-BET']);
  t.is(driftConnector.recordedFile(new URL('https://dlob.drift.trade/l2?marketName=BTC-PERP')), null);
});
