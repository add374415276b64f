import test from 'ava';
import { computeIndex, divergenceCategory, type IndexInput } from './indexMath.ts';

const m = (platform_slug: IndexInput['platform_slug'], yes_price: number | null, volume24h: number | null, play_money = false): IndexInput => ({
  platform_slug,
  yes_price,
  volume24h,
  play_money,
});

test('index price weights each venue by its 24-hour volume (hand-computed)', (t) => {
  // (0.60*3000 + 0.50*1000) / 4000 = 0.575
  // divergence = sqrt((3000*(0.025)^2 + 1000*(0.075)^2)/4000) = sqrt((1.875 + 5.625)/4000) = sqrt(0.001875) = 0.0433013
  const r = computeIndex([m('polymarket', 0.6, 3000), m('limitless', 0.5, 1000)]);
  t.is(r.index_price, 0.575);
  t.is(r.divergence, 0.043301);
  t.is(r.divergence_category, 'medium');
  t.is(r.best_buy_price, 0.5);
  t.is(r.best_buy_platform, 'limitless');
  t.is(r.best_sell_price, 0.6);
  t.is(r.best_sell_platform, 'polymarket');
  t.is(r.spread_bps, 1000);
  t.is(r.platform_count, 2);
  t.deepEqual(r.platform_prices, { polymarket: 0.6, limitless: 0.5 });
  t.is(r.weighting, 'volume_24h');
});

test('equal weights when every venue reports zero or no volume', (t) => {
  // (0.40 + 0.44 + 0.48) / 3 = 0.44; divergence = sqrt((0.0016 + 0 + 0.0016)/3) = 0.0326599
  const r = computeIndex([m('predictit', 0.4, null), m('polymarket', 0.44, 0), m('drift', 0.48, 0)]);
  t.is(r.index_price, 0.44);
  t.is(r.divergence, 0.03266);
  t.is(r.weighting, 'equal');
  t.is(r.spread_bps, 800);
});

test('one venue: an index price but no divergence and no spread', (t) => {
  const r = computeIndex([m('polymarket', 0.3, 10)]);
  t.is(r.index_price, 0.3);
  t.is(r.divergence, null);
  t.is(r.divergence_category, null);
  t.is(r.spread_bps, null);
  t.is(r.best_buy_platform, 'polymarket');
});

test('no prices at all: every index field is null but the listing venues are counted', (t) => {
  const r = computeIndex([m('polymarket', null, 100), m('predictit', null, null)]);
  t.is(r.index_price, null);
  t.is(r.best_buy_price, null);
  t.is(r.platform_count, 2);
  t.deepEqual(r.platform_prices, {});
});

test('play money is shown but never moves a real-money consensus', (t) => {
  const r = computeIndex([m('polymarket', 0.6, 100), m('manifold', 0.9, 1_000_000, true)]);
  t.is(r.index_price, 0.6);
  t.is(r.divergence, null);
  t.deepEqual(r.platform_prices, { polymarket: 0.6, manifold: 0.9 });
  t.is(r.basis, 'real_money');
  t.is(r.platform_count, 2);
});

test('best buy, best sell and the spread span every priced venue, play money included, as platform_prices does', (t) => {
  // Yes at 0.53 on Manifold, 0.54 on Polymarket, 0.55 on PredictIt: cheapest 0.53, dearest 0.55, 200 bp apart.
  // The index is still the real-money venues' (PredictIt reports no volume: weight 0 beside Polymarket's 1,000).
  t.like(computeIndex([m('polymarket', 0.54, 1_000), m('predictit', 0.55, null), m('manifold', 0.53, 50_000, true)]), {
    best_buy_price: 0.53,
    best_buy_platform: 'manifold',
    best_sell_price: 0.55,
    best_sell_platform: 'predictit',
    spread_bps: 200,
    index_price: 0.54,
    basis: 'real_money',
  });
  // One real-money venue and one play-money venue: two prices, so a spread.
  t.is(computeIndex([m('polymarket', 0.6, 100), m('manifold', 0.9, 1_000_000, true)]).spread_bps, 3000);
});

test('a venue listing the question twice speaks through its most traded market', (t) => {
  const r = computeIndex([m('manifold', 0.2, 5, true), m('manifold', 0.3, 50, true)]);
  t.is(r.index_price, 0.3);
  t.is(r.basis, 'play_money');
});

test('divergence categories: under 2% low, 2-5% medium, over 5% high', (t) => {
  t.is(divergenceCategory(0.0199), 'low');
  t.is(divergenceCategory(0.02), 'medium');
  t.is(divergenceCategory(0.05), 'medium');
  t.is(divergenceCategory(0.0501), 'high');
});
