import test from 'ava';
import { scanQuestion } from '../../shared/arbitrage/detect.ts';
import { legFee, legOrderFee } from '../../shared/arbitrage/legFees.ts';
import { pairEconomics, walkBooks } from '../../shared/arbitrage/money.ts';
import type { FeeModel } from '../../shared/fees/feeModel.ts';
import type { BookLevel, OpportunityCandidate } from '../../shared/arbitrage/types.ts';
import type { LegOrder } from '../../shared/arbitrage/legFees.ts';
import { CLOCK, FEES, member, mirroredBook, question } from './members.ts';

/**
 * Kalshi's fee (quadratic_per_order) in the arbitrage maths: the per-share curve 0.07 x P x (1 - P) for
 * the spread, and the order's fee as Kalshi charges it (each fill rounded up to $0.0001, the order up to
 * the cent) where the book walk sizes an order. Every expected number is worked out in the comments.
 */

const near = (t: { true: (v: boolean, m?: string) => void }, got: number | null | undefined, want: number, what = '') =>
  t.true(got !== null && got !== undefined && Math.abs(got - want) < 1e-9, `${what} got ${got}, want ${want}`);
const kalshiLeg = (side: 'buy' | 'sell', instrument = 0): Omit<LegOrder, 'price'> => ({ venue: 'kalshi', fee: FEES.kalshi, instrument, side });
const free = (price: number): LegOrder => ({ venue: 'polymarket', fee: FEES.polymarketOff, instrument: 0, side: 'sell', price });
/** Buy Yes on Kalshi at its ask, sell Yes into a fee-free bid. */
const kalshiThenFree = (buyPrice: number, sellPrice: number) => ({ buy: { ...kalshiLeg('buy'), price: buyPrice }, sell: free(sellPrice) });
const lv = (...levels: Array<[number, number]>): BookLevel[] => levels.map(([price, size]) => ({ price, size }));
function only(candidates: readonly OpportunityCandidate[]): OpportunityCandidate {
  if (candidates.length !== 1) throw new Error(`expected one candidate, got ${candidates.length}`);
  return candidates[0] as OpportunityCandidate;
}

test('per share, Kalshi charges 0.07 x p x (1 - p) at the order price, on a buy, a sale or the No side alike', (t) => {
  // Buy Yes at 0.40: 0.07 x 0.4 x 0.6 = 0.0168.
  near(t, legFee({ ...kalshiLeg('buy'), price: 0.4 })?.trade, 0.0168);
  // Sell Yes at 0.70 (= buy No at 0.30): 0.07 x 0.7 x 0.3 = 0.0147 both ways.
  near(t, legFee({ ...kalshiLeg('sell'), price: 0.7 })?.trade, 0.0147);
  near(t, legFee({ ...kalshiLeg('buy', 1), price: 0.3 })?.trade, 0.0147);
  t.is(legFee({ ...kalshiLeg('buy'), price: 0.4 })?.settlement, 0, 'no settlement fee');
  // A series with fee_multiplier 0.5 at 0.50: 0.07 x 0.5 x 0.25 = 0.00875.
  const half: FeeModel = { ...(FEES.kalshi as Extract<FeeModel, { kind: 'quadratic_per_order' }>), multiplier: 0.5 };
  near(t, legFee({ venue: 'kalshi', fee: half, instrument: 0, side: 'buy', price: 0.5 })?.trade, 0.00875);
});

test('a pair through Kalshi nets the spread less the per-share curve: buy at 0.40, sell at 0.45 nets 0.0332', (t) => {
  const e = pairEconomics({ ...kalshiLeg('buy'), price: 0.4 }, free(0.45));
  // spread 0.45 - 0.40 = 0.05; fee 0.0168; capital 0.40 + 0.55 + 0.0168 = 0.9668
  near(t, e.spread, 0.05);
  near(t, e.fees_total, 0.0168);
  near(t, e.net, 0.0332);
  near(t, e.capital, 0.9668);
  near(t, e.buy_fee, 0.0168);
  t.true(e.fees_known);
});

test('an order pays its fills rounded up to the cent once: 10 at 0.40 and 5 at 0.41 pay 0.26, not 0.252665', (t) => {
  // 0.07 x 10 x 0.4 x 0.6 = 0.168 -> fill 0.1680; 0.07 x 5 x 0.41 x 0.59 = 0.084665 -> fill 0.0847;
  // 0.1680 + 0.0847 = 0.2527 -> order 0.26. Per share it would be 0.168 + 0.084665 = 0.252665.
  near(t, legOrderFee(kalshiLeg('buy'), lv([0.4, 10], [0.41, 5]))?.trade, 0.26);
  // A 1-lot at 0.50: 0.0175 -> 0.02, 4% of the 0.50 it buys.
  near(t, legOrderFee(kalshiLeg('buy'), lv([0.5, 1]))?.trade, 0.02);
  // 100 at 0.50 is exactly 1.75: nothing to round.
  near(t, legOrderFee(kalshiLeg('buy'), lv([0.5, 100]))?.trade, 1.75);
  // Other models stay shares x the per-share fee: Predict.fun 200 bps of 0.44 x 100 + of 0.43 x 50 = 0.88 + 0.43.
  near(t, legOrderFee({ venue: 'predictfun', fee: FEES.predictfun, instrument: 0, side: 'sell' }, lv([0.44, 100], [0.43, 50]))?.trade, 1.31);
  t.is(legOrderFee({ venue: 'polymarket', fee: FEES.unknown, instrument: 0, side: 'buy' }, lv([0.5, 1])), null);
});

test('book walk through Kalshi: the sized order pays the rounded fee once, across its levels', (t) => {
  // Kalshi Yes asks 10 @ 0.40, 5 @ 0.41, 100 @ 0.47; fee-free bids 12 @ 0.46, 100 @ 0.45.
  //   0.40 vs 0.46: net 0.06 - 0.0168 > 0, take 10
  //   0.41 vs 0.46: net 0.05 - 0.016933 > 0, take the 2 bids left
  //   0.41 vs 0.45: net 0.04 - 0.016933 > 0, take the 3 asks left
  //   0.47 vs 0.45: the spread is gone: stop at 15 pairs.
  // Kalshi order: 10 @ 0.40 + 5 @ 0.41 = 0.26 (above). Spread 10 x 0.06 + 2 x 0.05 + 3 x 0.04 = 0.82, profit 0.82 - 0.26 = 0.56.
  // Capital: 10 x 0.40 + 5 x 0.41 = 6.05; 12 x 0.54 + 3 x 0.55 = 8.13; 6.05 + 8.13 + 0.26 = 14.44.
  const r = walkBooks(lv([0.4, 10], [0.41, 5], [0.47, 100]), lv([0.46, 12], [0.45, 100]), kalshiThenFree);
  near(t, r.size, 15);
  near(t, r.profit, 0.56);
  near(t, r.capital, 14.44);
});

test('book walk: a 1-lot at 0.50 with a 2-point edge cannot pay its $0.02 fee, so the order shrinks to 0.57 contracts', (t) => {
  // Kalshi asks 1 @ 0.50, then 500 @ 0.60; fee-free bids 1000 @ 0.52.
  // Per share the first pair nets 0.02 - 0.0175 = 0.0025 > 0; the next (0.60 vs 0.52) loses: the walk takes 1.
  // As an order, 1 contract pays 0.0175 -> 0.02 and earns 0.02: profit 0, not a profitable order.
  // One fee step lower is 0.01: 0.07 x q x 0.25 <= 0.01 up to q = 0.5714..., 0.57 in Kalshi's hundredths:
  // fill 0.07 x 0.57 x 0.25 = 0.009975 -> 0.0100, order 0.01; profit 0.57 x 0.02 - 0.01 = 0.0014;
  // capital 0.57 x (0.50 + 0.48) + 0.01 = 0.5686.
  const r = walkBooks(lv([0.5, 1], [0.6, 500]), lv([0.52, 1000]), kalshiThenFree);
  near(t, r.size, 0.57);
  near(t, r.profit, 0.0014);
  near(t, r.capital, 0.5686);
});

test('book walk: when no order size can pay Kalshi\'s rounding, the books support nothing', (t) => {
  // 0.4 contracts at 0.50 against a 0.518 bid: per share 0.018 - 0.0175 > 0, so the walk takes 0.4;
  // as an order: 0.07 x 0.4 x 0.25 = 0.007 -> 0.01, against 0.4 x 0.018 = 0.0072 earned: a loss.
  // Any smaller order still pays at least 0.0001 -> 0.01 and earns less: size 0.
  const r = walkBooks(lv([0.5, 0.4]), lv([0.518, 1000]), kalshiThenFree);
  t.deepEqual(r, { size: 0, capital: 0, profit: 0 });
});

test('an opportunity with a Kalshi book: per-share net spread and fees, max size and capital with the order\'s rounded fee', (t) => {
  // Kalshi Yes: bid 0.48 x 50, asks 1 @ 0.50 then 500 @ 0.60 (its No mirrors it). Polymarket (fee-free) bid 0.534 x 1000, ask 0.55.
  const kalshi = member({ venue: 'kalshi', fee: FEES.kalshi, book: mirroredBook([[0.48, 50]], [[0.5, 1], [0.6, 500]], CLOCK.now, false) });
  const poly = member({ venue: 'polymarket', book: mirroredBook([[0.534, 1000]], [[0.55, 1000]]) });
  const o = only(scanQuestion(question([kalshi, poly]), CLOCK).candidates);
  t.is(o.buy_platform.slug, 'kalshi');
  // Per share at the top: spread 0.534 - 0.50 = 0.034, Kalshi fee 0.07 x 0.25 = 0.0175, net 0.0165;
  // capital per pair 0.50 + 0.466 + 0.0175 = 0.9835; buy_fee 0.0175 / 0.9835 = 0.0177936... -> 0.017794.
  t.like(o, { buy_price: 0.5, sell_price: 0.534, spread: 0.034, net_spread: 0.0165, capital_per_pair: 0.9835 });
  t.is(o.fees.buy_fee, 0.017794);
  t.is(o.fees.sell_fee, 0);
  t.is(o.legs[0].fee_per_share, 0.0175);
  t.is(o.legs[0].price_source, 'order_book');
  // The walk takes the one contract at 0.50 (0.60 vs 0.534 loses). As an order it pays 0.02, so
  // profit 0.034 - 0.02 = 0.014 > 0: max size 1, capital 0.50 + 0.466 + 0.02 = 0.986 -> 0.99
  // (the per-share fee would say 0.9835 -> 0.98).
  t.is(o.max_size, 1);
  t.is(o.max_capital, 0.99);
  t.is(o.liquidity, 0.99);
});
