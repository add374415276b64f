import test from 'ava';
import { classify, isLowLiquidity, servedScore } from '../../shared/arbitrage/classify.ts';
import { arbitrageScore, executionQuality, marketQuality, temporalQuality } from '../../shared/arbitrage/score.ts';

const near = (t: { true: (v: boolean, m?: string) => void }, got: number, want: number, what = '') =>
  t.true(Math.abs(got - want) < 1e-6, `${what} got ${got}, want ${want}`);

test('classification at the spec boundaries: 39 noise, 40 informational, 69 informational, 70 actionable', (t) => {
  const at = (score: number) => classify({ score, netSpread: 0.02, liquidity: 10_000 });
  t.is(at(39), 'noise');
  t.is(at(40), 'informational');
  t.is(at(69), 'informational');
  t.is(at(70), 'actionable');
  t.is(at(100), 'actionable');
});

test('liquidity 500 is low (actionable needs above 500): informational at any score, even below 40', (t) => {
  t.true(isLowLiquidity(500));
  t.false(isLowLiquidity(500.01));
  t.is(classify({ score: 90, netSpread: 0.02, liquidity: 500 }), 'informational');
  t.is(classify({ score: 90, netSpread: 0.02, liquidity: 500.01 }), 'actionable');
  t.is(classify({ score: 10, netSpread: 0.02, liquidity: 500 }), 'informational');
  t.is(classify({ score: 10, netSpread: 0.02, liquidity: 501 }), 'noise');
});

test('score 70+ without a positive net spread is informational, not actionable', (t) => {
  t.is(classify({ score: 80, netSpread: 0, liquidity: 10_000 }), 'informational');
});

test('a policy blocker caps the served score at 69, so the spec rule on the served score makes it informational', (t) => {
  t.is(servedScore(80, ['play_money:manifold']), 69);
  t.is(servedScore(55, ['stale_quote:polymarket']), 55, 'a score already under the bound is left alone');
  t.is(servedScore(80, []), 80);
  t.is(classify({ score: servedScore(80, ['play_money:manifold']), netSpread: 0.03, liquidity: 10_000 }), 'informational');
});

test('execution quality: 40% net spread (full at 5 points), 40% profit per 100 (full at 5), 20% of the spread kept after fees', (t) => {
  // spread 0.05, net 0.041, profit 4.2753: 0.4 x 0.82 + 0.4 x 0.85506 + 0.2 x 0.82 = 0.328 + 0.342024 + 0.164 = 0.834024
  near(t, executionQuality({ spread: 0.05, netSpread: 0.041, estimatedProfit: 4.2753 }), 0.834024);
  t.is(executionQuality({ spread: 0.05, netSpread: -0.01, estimatedProfit: -1 }), 0, 'a loss earns nothing');
});

test('market quality: liquidity (60%) and 24-hour volume (40%) on log scales, full at 50k and 100k', (t) => {
  // log10(1 + 50000) / log10(50001) = 1; log10(1 + 999) / log10(100001) = 3 / 5.0000043 = 0.5999995
  near(t, marketQuality({ liquidity: 50_000, volume24h: 999 }), 0.6 + 0.4 * (3 / Math.log10(100_001)));
  t.is(marketQuality({ liquidity: 0, volume24h: 0 }), 0);
});

test('temporal quality: linear up to 30 days before the earlier end, neutral 0.5 when no end is known', (t) => {
  t.is(temporalQuality(15), 0.5);
  t.is(temporalQuality(45), 1);
  t.is(temporalQuality(0), 0);
  t.is(temporalQuality(null), 0.5);
});

test('the score is 50% execution + 30% market + 20% temporal, times 100, rounded', (t) => {
  // execution 0.834024 (above), market 1 (50k liquidity, 100k volume), temporal 1 (a year out):
  // 100 x (0.5 x 0.834024 + 0.3 x 1 + 0.2 x 1) = 100 x 0.917012 = 91.7 -> 92
  const s = arbitrageScore({ spread: 0.05, netSpread: 0.041, estimatedProfit: 4.2753, liquidity: 50_000, volume24h: 100_000, daysToExpiry: 365 });
  t.is(s.score, 92);
  t.deepEqual(s.factors, { execution: 0.834, market: 1, temporal: 1 });
  // A 1-point net edge in the same market: execution 0.4 x 0.2 + 0.4 x (1.0309 / 5) + 0.2 x 1 = 0.08 + 0.082472 + 0.2 = 0.362472
  // score 100 x (0.181236 + 0.3 + 0.2) = 68.1 -> 68: informational.
  const thin = arbitrageScore({ spread: 0.01, netSpread: 0.01, estimatedProfit: 1.0309, liquidity: 50_000, volume24h: 100_000, daysToExpiry: 365 });
  t.is(thin.score, 68);
});
