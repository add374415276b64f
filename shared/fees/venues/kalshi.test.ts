import test from 'ava';
import { readFileSync } from 'node:fs';
import type { FeeModel } from '../feeModel.ts';
import { takerFeePerShare } from '../feeMath.ts';
import { takerFeeForOrder } from '../orderFee.ts';
import { feeModelSchema } from '../../types/marketSchema.ts';
import { KALSHI_GENERAL_FEE, kalshiFee, kalshiFillFee, kalshiOrderFee, roundUpTo } from './kalshi.ts';

type Quadratic = Extract<FeeModel, { kind: 'quadratic_per_order' }>;
const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../pipeline/venues/kalshi/recorded/${name}`, import.meta.url), 'utf8')) as unknown;
const general = KALSHI_GENERAL_FEE as Quadratic;
const makerSeries = kalshiFee({ fee_type: 'quadratic_with_maker_fees', fee_multiplier: 1 }) as Quadratic;
const close = (t: { true: (v: boolean, m?: string) => void }, got: number | null, want: number): void =>
  t.true(got !== null && Math.abs(got - want) < 1e-12, `got ${got}, want ${want}`);

test('a 1-lot taker at 0.50 pays 0.07 * 0.25 = $0.0175, rounded up to $0.02 for the order', (t) => {
  close(t, kalshiFillFee(general, 0.5, 1, 'taker'), 0.0175);
  close(t, kalshiOrderFee(general, [{ price: 0.5, contracts: 1 }], 'taker'), 0.02);
  close(t, takerFeeForOrder(general, 0.5, 1), 0.02);
});

test('larger orders: 100 at 0.50 is exactly $1.75; 10 at 0.30 is 0.147, rounded up to $0.15', (t) => {
  close(t, takerFeeForOrder(general, 0.5, 100), 1.75);
  close(t, takerFeeForOrder(general, 0.3, 10), 0.15);
  close(t, takerFeeForOrder(general, 0.01, 1), 0.01);
  close(t, takerFeeForOrder(general, 0.5, 0), 0);
});

test('the recorded taker fill (1 contract at 0.98) cost fee_cost 0.0014: 0.07 * 0.98 * 0.02 = 0.001372 rounded up to $0.0001', (t) => {
  const fill = (recorded('portfolio-fills.synpath.json') as { fills: Array<{ count_fp: string; yes_price_dollars: string; fee_cost: string; is_taker: boolean }> }).fills[0]!;
  t.true(fill.is_taker);
  const fee = kalshiFillFee(general, Number(fill.yes_price_dollars), Number(fill.count_fp), 'taker');
  t.is(fee, Number(fill.fee_cost));
  close(t, fee, 0.0014);
});

test('rounding is per order, not per fill: three 1-lots at 0.98 in one order pay $0.01, in three orders $0.03', (t) => {
  const fill = { price: 0.98, contracts: 1 };
  close(t, kalshiOrderFee(general, [fill, fill, fill], 'taker'), 0.01);
  close(t, 3 * (kalshiOrderFee(general, [fill], 'taker') ?? NaN), 0.03);
  // 0.0175 + 0.07 * 0.6 * 0.4 = 0.0343 -> $0.04
  close(t, kalshiOrderFee(general, [{ price: 0.5, contracts: 1 }, { price: 0.6, contracts: 1 }], 'taker'), 0.04);
});

test('makers pay nothing on a quadratic series and 0.0175 * C * P * (1-P) on a maker-fee series', (t) => {
  close(t, kalshiOrderFee(general, [{ price: 0.4, contracts: 100 }], 'maker'), 0);
  // 0.0175 * 100 * 0.4 * 0.6 = 0.42; 0.0175 * 10 * 0.24 = 0.042 -> 0.05
  close(t, kalshiOrderFee(makerSeries, [{ price: 0.4, contracts: 100 }], 'maker'), 0.42);
  close(t, kalshiOrderFee(makerSeries, [{ price: 0.4, contracts: 10 }], 'maker'), 0.05);
  close(t, kalshiOrderFee(makerSeries, [{ price: 0.4, contracts: 100 }], 'taker'), 1.68);
});

test('the series multiplier scales the rate: 0.5 on 100 at 0.50 is 0.875, rounded up to $0.88', (t) => {
  const half = kalshiFee({ fee_type: 'quadratic', fee_multiplier: 0.5 }) as Quadratic;
  t.is(half.multiplier, 0.5);
  close(t, takerFeeForOrder(half, 0.5, 100), 0.88);
  close(t, takerFeePerShare(half, 0.5), 0.00875);
});

test('per share before rounding is the curve the arbitrage maths uses: 0.0175 at 0.50, symmetric in P', (t) => {
  close(t, takerFeePerShare(general, 0.5), 0.0175);
  close(t, takerFeePerShare(general, 0.2), 0.07 * 0.16);
  close(t, takerFeePerShare(general, 0.8), 0.07 * 0.16);
  t.is(takerFeePerShare(general, 1.2), null);
});

test('the recorded series (fee_type quadratic, multiplier 1) gives the taker curve read from the market, makers free', (t) => {
  const { series } = recorded('series-ticker.synpath.json') as { series: { fee_type: string; fee_multiplier: number } };
  t.deepEqual(kalshiFee(series), {
    kind: 'quadratic_per_order',
    taker_rate: 0.07,
    maker_rate: 0,
    multiplier: 1,
    fill_round_up_to: 0.0001,
    order_round_up_to: 0.01,
    source: 'market',
  });
});

test('no series means the general schedule from the documentation; flat and unknown fee types are unknown, never 0', (t) => {
  t.is(kalshiFee(null), KALSHI_GENERAL_FEE);
  t.is(KALSHI_GENERAL_FEE.kind === 'quadratic_per_order' && KALSHI_GENERAL_FEE.source, 'documentation');
  const flat = kalshiFee({ fee_type: 'flat', fee_multiplier: 1 });
  t.is(flat.kind, 'unknown');
  t.is(takerFeeForOrder(flat, 0.5, 10), null);
  t.regex((kalshiFee({ fee_type: 'tiered_2027' }) as { reason: string }).reason, /tiered_2027/);
  t.is(kalshiFee({ fee_type: 'quadratic', fee_multiplier: -1 }).kind, 'unknown');
});

test('the fee model passes the shared zod schema that guards stream boundaries', (t) => {
  t.true(feeModelSchema.safeParse(makerSeries).success);
  t.false(feeModelSchema.safeParse({ ...makerSeries, order_round_up_to: 0 }).success);
});

test('roundUpTo ignores binary noise but never rounds a real fraction down', (t) => {
  t.is(roundUpTo(1.75, 0.01), 1.75);
  t.is(roundUpTo(0.147, 0.01), 0.15);
  t.is(roundUpTo(0.0100001, 0.01), 0.02);
  t.is(roundUpTo(0, 0.01), 0);
});
