import test from 'ava';
import { startTestApp, type TestApp } from '../support/app.ts';
import { market, marketsFeed, snapshot } from '../support/marketEvents.ts';

interface Body {
  data: Array<{ platform_market_id: string }>;
  meta: { sort: string; next_cursor: string | null };
}

const AT = '2026-01-10T12:00:00.000Z';
let app: TestApp;

test.before(async () => {
  app = await startTestApp();
  const feed = marketsFeed(app.deps.store);
  await feed.apply(
    snapshot(market('btc150', { title: 'Will Bitcoin reach $150,000 by December 31, 2026?', category: 'crypto', volume24h: 900, created_at: '2025-06-01T00:00:00.000Z' }), AT),
    snapshot(market('btc100', { platform_slug: 'limitless', title: 'Bitcoin above $100k on Dec 31?', category: 'crypto', volume_total: 5000, created_at: '2026-01-09T00:00:00.000Z' }), AT),
    snapshot(market('btcmax', { platform_slug: 'manifold', title: 'Who wins the 2028 election?', category: 'politics', volume24h: 99_000, created_at: '2024-01-01T00:00:00.000Z', liquidity: 700,
      outcomes: [{ label: 'Bitcoin maximalist', outcome_index: 0, price: 0.1 }, { label: 'Anyone else', outcome_index: 1, price: 0.9 }] }), AT),
    snapshot(market('poke', { platform_slug: 'manifold', title: 'Pokémon World Championship: will Zürich host?', category: 'entertainment', volume24h: 10 }), AT),
    snapshot(market('nba', { title: 'NBA Finals game 1 winner', category: 'sports', volume24h: 50,
      outcomes: [{ label: 'Celtics', outcome_index: 0, price: 0.55 }, { label: 'Lakers', outcome_index: 1, price: 0.45 }] }), AT),
    snapshot(market('newsom', { platform_slug: 'predictit', title: 'Who will win the 2028 Democratic nomination? — Gavin Newsom', category: 'politics', liquidity: 80,
      group: { id: 'g1', title: 'Who will win the 2028 Democratic nomination?', outcome_label: 'Gavin Newsom' } }), AT),
  );
});
test.after.always(async () => {
  await app?.close();
});

const ids = async (query: string): Promise<string[]> => {
  const res = await app.request(`/api/v1/markets?${query}`);
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as Body).data.map((m) => m.platform_market_id);
};

test('q ranks by relevance by default: a whole-word title match before a label-only match, whatever the volume', async (t) => {
  t.deepEqual(await ids('q=bitcoin'), ['btc150', 'btc100', 'btcmax']);
  const res = await app.request('/api/v1/markets?q=bitcoin');
  t.is((res.body as Body).meta.sort, 'relevance');
});

test('q matches the last word as a prefix and earlier words only whole', async (t) => {
  t.deepEqual(await ids('q=bitc'), ['btc150', 'btc100', 'btcmax']);
  t.deepEqual(await ids('q=bitc%20reach'), []);
  t.deepEqual(await ids('q=bitcoin%20rea'), ['btc150']);
});

test('q is case- and accent-insensitive and searches outcome labels, including a split contract\'s own label', async (t) => {
  t.deepEqual(await ids('q=POKEMON%20zurich'), ['poke']);
  t.deepEqual(await ids('q=pokémon'), ['poke']);
  t.deepEqual(await ids('q=celtics'), ['nba'], 'an outcome label');
  t.deepEqual(await ids('q=newsom'), ['newsom']);
});

test('q combines with platform, category and every sort', async (t) => {
  t.deepEqual(await ids('q=bitcoin&platform=limitless'), ['btc100']);
  t.deepEqual(await ids('q=bitcoin&category=politics'), ['btcmax']);
  t.deepEqual(await ids('q=bitcoin&sort=volume_24h'), ['btcmax', 'btc150', 'btc100'], 'btc100 reports lifetime volume only: 24h still warming up (0)');
  t.deepEqual((await ids('q=bitcoin&sort=volume_24h&window=all'))[0], 'btc100', 'lifetime: only btc100 reports it');
  t.deepEqual(await ids('q=bitcoin&sort=newest&limit=1'), ['btc100']);
  t.deepEqual(await ids('q=2028&sort=liquidity'), ['btcmax', 'newsom']);
});

test('q pages with a cursor through relevance ties', async (t) => {
  const first = await app.request('/api/v1/markets?q=bitcoin&limit=2');
  const body = first.body as Body;
  t.deepEqual(body.data.map((m) => m.platform_market_id), ['btc150', 'btc100']);
  const rest = await app.request(`/api/v1/markets?q=bitcoin&limit=2&cursor=${encodeURIComponent(body.meta.next_cursor as string)}`);
  t.deepEqual((rest.body as Body).data.map((m) => m.platform_market_id), ['btcmax']);
  t.is((rest.body as Body).meta.next_cursor, null);
});

test('sort=relevance needs q, and q needs a word', async (t) => {
  for (const [query, param] of [
    ['sort=relevance', 'sort'],
    ['q=%21%3F', 'q'],
  ] as const) {
    const res = await app.request(`/api/v1/markets?${query}`);
    t.is(res.status, 400, query);
    t.is((res.body as { status: string }).status, 'INVALID_REQUEST');
    t.true((res.body as { message: string }).message.includes(`'${param}'`), (res.body as { message: string }).message);
  }
});
