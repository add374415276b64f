import test from 'ava';
import { opportunityId, scanQuestion } from '../../shared/arbitrage/detect.ts';
import { walkBooks } from '../../shared/arbitrage/money.ts';
import type { OpportunityCandidate } from '../../shared/arbitrage/types.ts';
import { CLOCK, FEES, NOW, member, mirroredBook, question } from './members.ts';

const near = (t: { true: (v: boolean, m?: string) => void }, got: number | null | undefined, want: number, what = '') =>
  t.true(got !== null && got !== undefined && Math.abs(got - want) < 1e-6, `${what} got ${got}, want ${want}`);

function only(candidates: readonly OpportunityCandidate[]): OpportunityCandidate {
  if (candidates.length !== 1) throw new Error(`expected one candidate, got ${candidates.length}`);
  return candidates[0] as OpportunityCandidate;
}

test('a dutch book across a complement link: Yes on one venue plus the negated market\'s Yes on another for less than 1', (t) => {
  // Polymarket (identity): question Yes bid 0.38 / ask 0.40.
  // Predict.fun lists the negation ("Will it NOT happen?", complement link): its own Yes = the question's No,
  // bid 0.53 / ask 0.55; its own No mirrors it: bid 0.45 / ask 0.47.
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } });
  const pf = member({ venue: 'predictfun', relation: 'complement', yes: { bid: 0.53, ask: 0.55 }, fee: FEES.predictfun });
  const o = only(scanQuestion(question([poly, pf]), CLOCK).candidates);
  // Buy question-Yes on Polymarket at 0.40 and Predict.fun's own Yes (question-No) at 0.55: 0.95 < 1.
  t.is(o.type, 'dutch_book');
  t.is(o.buy_platform.slug, 'polymarket');
  t.is(o.sell_platform.slug, 'predictfun');
  t.deepEqual(o.legs.map((l) => [l.platform.slug, l.side, l.outcome, l.price]), [
    ['polymarket', 'buy', 'Yes', 0.4],
    ['predictfun', 'buy', 'Yes', 0.55],
  ]);
  t.is(o.buy_price, 0.4);
  t.is(o.sell_price, 0.45, 'sell price = 1 - 0.55');
  t.is(o.spread, 0.05);
  t.is(o.spread_bps, 500);
  // Fees: Polymarket fees disabled (0); Predict.fun 0.02 x min(0.55, 0.45) = 0.009.
  // Capital per pair = 0.40 + 0.55 + 0.009 = 0.959; net = 0.05 - 0.009 = 0.041; profit per 100 = 4.1 / 0.959 = 4.2753.
  near(t, o.net_spread, 0.041);
  near(t, o.capital_per_pair, 0.959);
  near(t, o.estimated_profit, 4.2753);
  near(t, o.fees.buy_fee, 0);
  near(t, o.fees.sell_fee, 0.009385, '0.009 / 0.959');
  near(t, o.fees.total_fees, 0.009385);
  t.is(o.guarantee, 'QUASI', 'a complement link is never STRICT');
  t.is(o.id, opportunityId(question([]).id, poly.market_id, pf.market_id));
});

test('the same prices on an identity link are a direct arbitrage: buy Yes where it is cheap, sell where it is dear', (t) => {
  // Polymarket Yes ask 0.40; Limitless (fee-free) Yes bid 0.45 / ask 0.47.
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } });
  const lim = member({ venue: 'limitless', yes: { bid: 0.45, ask: 0.47 }, fee: FEES.limitlessFree });
  const o = only(scanQuestion(question([poly, lim]), CLOCK).candidates);
  t.is(o.type, 'direct');
  t.deepEqual(o.legs.map((l) => [l.platform.slug, l.side, l.outcome, l.price, l.price_source]), [
    ['polymarket', 'buy', 'Yes', 0.4, 'listing_quote'],
    ['limitless', 'sell', 'Yes', 0.45, 'listing_quote'],
  ]);
  // No fees: net = spread = 0.05; capital = 0.40 + (1 - 0.45) = 0.95; profit per 100 = 5 / 0.95 = 5.2632.
  near(t, o.net_spread, 0.05);
  near(t, o.estimated_profit, 5.2632);
  t.is(o.guarantee, 'STRICT', 'identity links at 0.95 with executable quotes on both legs and nothing degraded');
  t.is(o.risk_gate_state, 'allowed');
});

test('no opportunity when the cheaper ask is not below the dearer bid', (t) => {
  const a = member({ venue: 'polymarket', yes: { bid: 0.4, ask: 0.42 } });
  const b = member({ venue: 'limitless', yes: { bid: 0.41, ask: 0.43 } });
  t.deepEqual(scanQuestion(question([a, b]), CLOCK).candidates, []);
});

test('book walk: the largest size at a positive net spread pairs the cheapest levels until the margin is gone', (t) => {
  // Buy side (Yes asks): 100 @ 0.40, 200 @ 0.42, 500 @ 0.46. Sell side (Yes bids): 150 @ 0.47, 300 @ 0.44. No fees.
  //   0.40 vs 0.47: net 0.07, take min(100, 150) = 100, capital 100 x (0.40 + 0.53) = 93
  //   0.42 vs 0.47: net 0.05, take 50 (the rest of the bid), capital 50 x 0.95 = 47.5
  //   0.42 vs 0.44: net 0.02, take 150 (the rest of the ask), capital 150 x 0.98 = 147
  //   0.46 vs 0.44: net -0.02: stop. Size 300, capital 287.5, profit 7 + 2.5 + 3 = 12.5.
  const buy = [{ price: 0.4, size: 100 }, { price: 0.42, size: 200 }, { price: 0.46, size: 500 }];
  const sell = [{ price: 0.47, size: 150 }, { price: 0.44, size: 300 }];
  const r = walkBooks(buy, sell, (bp, sp) => ({
    buy: { venue: 'polymarket', fee: FEES.polymarketOff, instrument: 0, side: 'buy', price: bp },
    sell: { venue: 'limitless', fee: FEES.limitlessFree, instrument: 0, side: 'sell', price: sp },
  }));
  near(t, r.size, 300);
  near(t, r.capital, 287.5);
  near(t, r.profit, 12.5);
});

test('book walk stops where fees eat the level: a 0.5-point gross edge cannot pay a 0.88-point fee', (t) => {
  // Sell on Predict.fun at 0.44 costs 0.02 x 0.44 = 0.0088 per share.
  //   0.40 vs 0.44: net 0.04 - 0.0088 = 0.0312 > 0, take 100, capital 100 x (0.40 + 0.56 + 0.0088) = 96.88
  //   0.435 vs 0.44: net 0.005 - 0.0088 < 0: stop.
  const r = walkBooks([{ price: 0.4, size: 100 }, { price: 0.435, size: 100 }], [{ price: 0.44, size: 1000 }], (bp, sp) => ({
    buy: { venue: 'polymarket', fee: FEES.polymarketOff, instrument: 0, side: 'buy', price: bp },
    sell: { venue: 'predictfun', fee: FEES.predictfun, instrument: 0, side: 'sell', price: sp },
  }));
  near(t, r.size, 100);
  near(t, r.capital, 96.88);
});

test('with order books on both legs, liquidity and max size come from walking them', (t) => {
  const poly = member({ venue: 'polymarket', book: mirroredBook([[0.38, 500]], [[0.4, 100], [0.42, 200], [0.46, 500]]) });
  const lim = member({ venue: 'limitless', fee: FEES.limitlessFree, book: mirroredBook([[0.47, 150], [0.44, 300]], [[0.49, 100]]) });
  const o = only(scanQuestion(question([poly, lim]), CLOCK).candidates);
  t.is(o.legs[0].price_source, 'order_book');
  t.is(o.legs[0].size, 100);
  t.is(o.legs[1].size, 150);
  t.is(o.max_size, 300);
  t.is(o.max_capital, 287.5);
  t.is(o.liquidity, 287.5, 'liquidity = capital deployable at a positive net spread');
  t.is(o.classification, 'informational', 'liquidity 287.5 is not above 500');
});

test('a stale leg: a venue-stamped quote older than the bound makes the opportunity stale and degraded, never actionable', (t) => {
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } });
  // PredictIt stamps its own quotes: 5 minutes old against a 2-minute bound.
  const old = '2026-06-01T11:55:00.000Z';
  const pi = member({ venue: 'predictit', yes: { bid: 0.47, ask: 0.49 }, fee: FEES.polymarketOff, quoted_at: old, fetched_at: NOW });
  const o = only(scanQuestion(question([poly, pi]), CLOCK).candidates);
  t.true(o.stale);
  t.is(o.risk_gate_state, 'degraded');
  t.true(o.actionable_blockers.includes('stale_quote:predictit'));
  t.not(o.classification, 'actionable');
  t.is(o.legs[1].quoted_at, old);
  // The same quote stamped 90 s ago is fresh.
  const fresh = member({ venue: 'predictit', yes: { bid: 0.47, ask: 0.49 }, fee: FEES.polymarketOff, quoted_at: '2026-06-01T11:58:30.000Z', fetched_at: NOW });
  t.false(only(scanQuestion(question([poly, fresh]), CLOCK).candidates).stale);
});

test('a quote stamped with our fetch time stays fresh while its venue keeps answering, and goes stale when the venue fails', (t) => {
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 }, quoted_at: '2026-06-01T11:00:00.000Z', last_success_at: '2026-06-01T11:59:30.000Z' });
  const lim = member({ venue: 'limitless', yes: { bid: 0.47, ask: 0.49 }, fee: FEES.limitlessFree });
  t.false(only(scanQuestion(question([poly, lim]), CLOCK).candidates).stale, 'unchanged for an hour, confirmed 30 s ago');
  const failing = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 }, failing: true });
  const o = only(scanQuestion(question([failing, lim]), CLOCK).candidates);
  t.true(o.stale);
  t.true(o.actionable_blockers.includes('venue_failing:polymarket'));
});

test('in recorded mode a venue-stamped quote is aged against the newest stamp of its recording, not the wall clock', (t) => {
  // The PredictIt recording was made 2026-01-31T18:10:26Z; today is months later.
  const stamp = '2026-01-31T18:10:26.324Z';
  const pi = member({ venue: 'predictit', yes: { bid: 0.47, ask: 0.49 }, fee: FEES.polymarketOff, quoted_at: stamp, fetched_at: NOW });
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } });
  const recorded = { ...CLOCK, reference: { predictit: stamp } };
  t.false(only(scanQuestion(question([poly, pi]), recorded).candidates).stale);
  t.true(only(scanQuestion(question([poly, pi]), CLOCK).candidates).stale, 'the wall clock would call it months old');
});

test('an unknown fee never makes an opportunity actionable, however good it looks', (t) => {
  const poly = member({ venue: 'polymarket', yes: { bid: 0.3, ask: 0.31 }, fee: FEES.unknown });
  const lim = member({ venue: 'limitless', yes: { bid: 0.4, ask: 0.41 }, fee: FEES.limitlessFree });
  const o = only(scanQuestion(question([poly, lim]), CLOCK).candidates);
  t.false(o.fees_known);
  t.deepEqual(o.actionable_blockers, ['fee_unknown:polymarket']);
  // Its factors would score it 70+ (0.5 x execution + 0.3 x market + 0.2 x temporal); the blocker caps the score served at 69.
  const raw = Math.round(100 * (0.5 * o.score_factors.execution + 0.3 * o.score_factors.market + 0.2 * o.score_factors.temporal));
  t.true(raw >= 70, `factors score ${raw}: actionable but for the fee`);
  t.is(o.arbitrage_score, 69);
  t.is(o.classification, 'informational');
});

test('play money never makes an opportunity actionable: Manifold legs are blocked and say why', (t) => {
  // Manifold is an AMM: no bid or ask, only its probability 0.30, which is shown but not executable.
  const mani = member({ venue: 'manifold', yes: { bid: null, ask: null, price: 0.3 }, no: { bid: null, ask: null, price: 0.7 }, fee: FEES.manifold });
  const lim = member({ venue: 'limitless', yes: { bid: 0.4, ask: 0.41 }, fee: FEES.limitlessFree });
  const o = only(scanQuestion(question([mani, lim]), CLOCK).candidates);
  t.is(o.buy_platform.slug, 'manifold');
  t.is(o.legs[0].price_source, 'probability');
  t.is(o.risk_gate_state, 'blocked');
  t.is(o.guarantee, 'QUASI');
  t.deepEqual(o.actionable_blockers, ['play_money:manifold', 'no_executable_price:manifold']);
  t.not(o.classification, 'actionable');
});

test('markets past their end time or not open are not traded', (t) => {
  const poly = member({ venue: 'polymarket', yes: { bid: 0.3, ask: 0.31 }, end_time: '2026-06-01T11:00:00.000Z' });
  const lim = member({ venue: 'limitless', yes: { bid: 0.4, ask: 0.41 }, fee: FEES.limitlessFree });
  const r = scanQuestion(question([poly, lim]), CLOCK);
  t.deepEqual(r.candidates, []);
  t.deepEqual(r.tradeable_market_ids, [lim.market_id]);
});

test('an Azuro outcome can only be bought: it is a buy leg, or the No side of a two-way condition, never sold', (t) => {
  // Azuro Yes ask 1/1.95 = 0.512821 (no bid); Polymarket Yes bid 0.55 / ask 0.57.
  const azuro = member({ venue: 'azuro', yes: { bid: null, ask: 0.512821 }, no: { bid: null, ask: null }, fee: { kind: 'odds_margin', margin: 0.047, source: 'market' } });
  const poly = member({ venue: 'polymarket', yes: { bid: 0.55, ask: 0.57 } });
  const o = only(scanQuestion(question([azuro, poly]), CLOCK).candidates);
  t.is(o.buy_platform.slug, 'azuro');
  t.is(o.type, 'direct');
  // spread = 0.55 - 0.512821 = 0.037179
  near(t, o.spread, 0.037179);
});
