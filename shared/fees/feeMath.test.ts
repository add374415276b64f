import test from 'ava';
import type { FeeModel } from './feeModel.ts';
import { costPerShareWithFee, isFeeKnown, takerFeePerShare, takerFeeRate, withdrawalFeeRate } from './feeMath.ts';
import { POLYMARKET_GENERAL_FEES, POLYMARKET_FEES_DISABLED } from './venues/polymarket.ts';
import { PREDICTIT_FEE } from './venues/predictit.ts';
import { MANIFOLD_FEE } from './venues/manifold.ts';

const close = (t: { true: (v: boolean, m?: string) => void }, got: number | null, want: number): void =>
  t.true(got !== null && Math.abs(got - want) < 1e-12, `got ${got}, want ${want}`);

test('Polymarket price curve: rate 0.05, exponent 1 at p=0.5 costs 0.0125 per share (1.25% of notional)', (t) => {
  close(t, takerFeePerShare(POLYMARKET_GENERAL_FEES, 0.5), 0.0125);
  close(t, takerFeeRate(POLYMARKET_GENERAL_FEES, 0.5), 0.025);
});

test('Polymarket price curve is symmetric around 0.5 and honours the exponent', (t) => {
  close(t, takerFeePerShare(POLYMARKET_GENERAL_FEES, 0.2), 0.05 * 0.16);
  close(t, takerFeePerShare(POLYMARKET_GENERAL_FEES, 0.8), 0.05 * 0.16);
  const squared: FeeModel = { kind: 'price_curve', rate: 0.25, exponent: 2, taker_only: true, source: 'market' };
  close(t, takerFeePerShare(squared, 0.5), 0.25 * 0.0625);
});

test('Predict.fun charges bps on the cheaper side: 200 bps at p=0.3 is 0.006, at p=0.9 is 0.002', (t) => {
  const fee: FeeModel = { kind: 'min_price_bps', taker_bps: 200, maker_bps: 0, source: 'venue' };
  close(t, takerFeePerShare(fee, 0.3), 0.006);
  close(t, takerFeePerShare(fee, 0.9), 0.002);
});

test('PredictIt takes 10% of the profit of a winning share: 0.1 * (1 - p)', (t) => {
  close(t, takerFeePerShare(PREDICTIT_FEE, 0.4), 0.06);
  close(t, costPerShareWithFee(PREDICTIT_FEE, 0.4), 0.46);
  t.is(withdrawalFeeRate(PREDICTIT_FEE), 0.05);
});

test('flat fees are a share of the notional: taker 0.001 at p=0.6 is 0.0006', (t) => {
  close(t, takerFeePerShare({ kind: 'flat', taker: 0.001, maker: -0.0002, source: 'venue' }, 0.6), 0.0006);
});

test('odds margin and none add nothing on top of the quoted price', (t) => {
  t.is(takerFeePerShare({ kind: 'odds_margin', margin: 0.05, source: 'venue' }, 0.5), 0);
  t.is(takerFeePerShare(MANIFOLD_FEE, 0.5), 0);
  t.is(takerFeePerShare(POLYMARKET_FEES_DISABLED, 0.5), 0);
  t.is(withdrawalFeeRate(MANIFOLD_FEE), 0);
});

test('an unknown fee is null, never 0, and marks the fee as not known', (t) => {
  const unknown: FeeModel = { kind: 'unknown', reason: 'feesEnabled missing' };
  t.is(takerFeePerShare(unknown, 0.5), null);
  t.is(costPerShareWithFee(unknown, 0.5), null);
  t.is(withdrawalFeeRate(unknown), null);
  t.false(isFeeKnown(unknown));
  t.true(isFeeKnown(PREDICTIT_FEE));
});

test('a price outside 0-1 or not a number gives null instead of a made-up fee', (t) => {
  t.is(takerFeePerShare(POLYMARKET_GENERAL_FEES, 1.2), null);
  t.is(takerFeePerShare(POLYMARKET_GENERAL_FEES, -0.1), null);
  t.is(takerFeePerShare(POLYMARKET_GENERAL_FEES, Number.NaN), null);
  t.is(takerFeeRate(POLYMARKET_GENERAL_FEES, 0), null);
});
