import test from 'ava';
import { readFileSync } from 'node:fs';
import { marketId } from '../../../shared/ids.ts';
import type { NormalizedMarket } from '../../../shared/types/market.ts';
import { parsePredictfun } from './parse.ts';

const ctx = { fetchedAt: '2026-10-05T12:00:00.000Z' };
type Page = { data: Array<Record<string, unknown>>; cursor: string | null };
const load = (name: string): Page => JSON.parse(readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8')) as Page;
const categories = [...load('v1-categories-open.page-1.synpath.json').data, ...load('v1-categories-open.page-2.composed.json').data];
const listed = [...load('v1-markets-open.page-1.synpath.json').data, ...load('v1-markets-open.page-2.composed.json').data];
const statsById = new Map(listed.map((m) => [String(m.id), m.stats]));

/** Composes a raw item the way the connector does: the category plus its legs' listing stats. */
function item(slug: string, mutate: (c: Record<string, unknown>) => Record<string, unknown> = (c) => c) {
  const category = categories.find((c) => c.slug === slug);
  if (category === undefined) throw new Error(`no recorded category ${slug}`);
  const marketStats: Record<string, unknown> = {};
  for (const leg of category.markets as Array<{ id: number }>) if (statsById.has(String(leg.id))) marketStats[String(leg.id)] = statsById.get(String(leg.id));
  return { id: slug, payload: { category: mutate(structuredClone(category)), marketStats } };
}
const leg = (markets: readonly NormalizedMarket[], id: string) => markets.find((m) => m.platform_market_id === id)!;

test('a neg-risk category splits into one binary market per leg with the category end date and tags', (t) => {
  const { markets, skipped } = parsePredictfun(item('balance-of-power-2026-midterm-elections'), ctx);
  t.deepEqual(skipped, []);
  t.is(markets.length, 5);
  const sweep = leg(markets, '1910');
  t.is(sweep.id, marketId('predictfun', '1910'));
  t.is(sweep.title, '2026 Balance of Power: D Senate, D House');
  t.deepEqual(sweep.group, { id: 'balance-of-power-2026-midterm-elections', title: 'Balance of Power: 2026 Midterms', outcome_label: 'Democrats Sweep' });
  t.is(sweep.end_time, '2026-11-03T00:00:00.000Z', 'markets have no end date; it comes from the category');
  t.is(sweep.category, 'politics');
  // Recorded top of book: Yes bid 0.653 / ask 0.667, No bid 0.333 / ask 0.347. Before: price = the asks,
  // 0.667 + 0.347 = 1.014 (not a probability). After: Yes (0.653 + 0.667) / 2 = 0.66, No 1 - 0.66 = 0.34.
  t.deepEqual(sweep.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.66, best_bid: 0.653, best_ask: 0.667 },
    { label: 'No', outcome_index: 1, price: 0.34, best_bid: 0.333, best_ask: 0.347 },
  ]);
  t.is(sweep.currency, 'USDT');
  t.deepEqual(sweep.fee, { kind: 'min_price_bps', taker_bps: 200, maker_bps: 0, source: 'market' });
});

test('stats from the market listing become volumes and liquidity in USD', (t) => {
  const { markets } = parsePredictfun(item('presidential-election-winner-2028'), ctx);
  const brunson = leg(markets, '932144');
  t.is(brunson.volume24h, 66371.11);
  t.is(brunson.volume_total, 2716198.06);
  t.is(brunson.liquidity, 40196.15);
  t.is(brunson.title, 'Will Jalen Brunson win the 2028 US Presidential Election?');
  t.is(brunson.end_time, '2028-11-07T00:00:00.000Z');
});

test('a leg with no listing stats has null volumes, never 0', (t) => {
  const { markets } = parsePredictfun(item('will-polymarket-launch-their-official-token-by'), ctx);
  const dec = leg(markets, '264021');
  t.is(dec.volume24h, 67769.44, 'real stats from the real listing page');
  const sweepLess = parsePredictfun(item('balance-of-power-2026-midterm-elections'), ctx).markets[0]!;
  t.is(sweepLess.volume24h, null);
  t.is(sweepLess.volume_total, null);
  t.is(dec.category, 'crypto');
});

test('resolved legs inside an open category are resolved at their WON / LOST outcome; named outcomes keep their names', (t) => {
  const { markets } = parsePredictfun(item('unl-kvx-aut-2026-10-04'), ctx);
  t.true(markets.every((m) => m.status === 'resolved'));
  // Recorded legs: 2497624 Yes LOST / No WON, 2497627 Yes WON / No LOST (books empty). Before: [null, null].
  t.deepEqual(leg(markets, '2497624').outcomes.map((o) => o.price), [0, 1]);
  t.deepEqual(leg(markets, '2497627').outcomes.map((o) => o.price), [1, 0]);
  t.true(markets.every((m) => m.outcomes.every((o) => o.best_bid === null && o.best_ask === null)), 'empty books: no execution quote');
  t.is(markets[0]!.category, 'sports');
  const upDown = parsePredictfun(item('bitcoin-up-or-down-on-october-5-2026'), ctx).markets[0]!;
  t.deepEqual(upDown.outcomes.map((o) => o.label), ['Up', 'Down']);
  // Up bid 0.87 / ask 0.89 -> 0.88; Down 1 - 0.88 = 0.12.
  t.deepEqual(upDown.outcomes.map((o) => o.price), [0.88, 0.12]);
  t.is(upDown.group, null, 'a one-market category is not a group');
  t.is(upDown.status, 'open');
});

test('a paused leg is closed', (t) => {
  const { markets } = parsePredictfun(
    item('what-price-will-bitcoin-hit-in-2026', (c) => ({ ...c, markets: (c.markets as object[]).map((m) => ({ ...m, status: 'PAUSED' })) })),
    ctx,
  );
  t.is(markets[0]!.status, 'closed');
});

test('every recorded category parses without skips', (t) => {
  for (const c of categories) t.deepEqual(parsePredictfun(item(c.slug as string), ctx).skipped, [], c.slug as string);
});

test('a leg missing its outcomes is skipped with drift while its siblings parse', (t) => {
  const { markets, skipped } = parsePredictfun(
    item('democratic-presidential-nominee-2028', (c) => ({ ...c, markets: (c.markets as object[]).map((m, i) => (i === 0 ? { ...m, outcomes: undefined } : m)) })),
    ctx,
  );
  t.is(markets.length, 3);
  t.deepEqual(skipped, [{ platform_market_id: '940100', reason: 'market leg does not match the Predict.fun schema', drift: [{ field: 'category.markets.0.outcomes', expected: 'array', got: 'missing' }] }]);
});

test('a price sent as a string is drift, not a number guessed from it', (t) => {
  const { skipped } = parsePredictfun(
    item('what-price-will-bitcoin-hit-in-2026', (c) => {
      const [m] = c.markets as Array<{ outcomes: Array<Record<string, unknown>> }>;
      m!.outcomes[0]!.bestAsk = { price: '0.083', size: 500 };
      return c;
    }),
    ctx,
  );
  t.is(skipped[0]!.drift[0]!.field, 'category.markets.0.outcomes.0.bestAsk.price');
  t.is(skipped[0]!.drift[0]!.got, 'string');
});

test('a category without its end-date-bearing shape is skipped whole', (t) => {
  const { markets, skipped } = parsePredictfun({ id: 'x', payload: { category: { id: 1, title: 'x', markets: [] }, marketStats: {} } }, ctx);
  t.deepEqual(markets, []);
  t.deepEqual(skipped[0]!.drift, [{ field: 'category.slug', expected: 'string', got: 'missing' }]);
});
