import test from 'ava';
import { legFee } from '../../shared/arbitrage/legFees.ts';
import { pairEconomics } from '../../shared/arbitrage/money.ts';
import type { FeeModel } from '../../shared/fees/feeModel.ts';
import { POLYMARKET_GENERAL_FEES } from '../../shared/fees/venues/polymarket.ts';
import { LIMITLESS_DEFAULT_FEE } from '../../shared/fees/venues/limitless.ts';
import { PREDICTIT_FEE } from '../../shared/fees/venues/predictit.ts';
import { MANIFOLD_FEE } from '../../shared/fees/venues/manifold.ts';
import { FEES } from './members.ts';

const near = (t: { true: (v: boolean, m?: string) => void }, got: number | null | undefined, want: number, what = '') =>
  t.true(got !== null && got !== undefined && Math.abs(got - want) < 1e-9, `${what} got ${got}, want ${want}`);

test('Polymarket taker fee on a buy at 0.40: 0.05 x (0.4 x 0.6)^1 = 0.012 per share; fees disabled: 0', (t) => {
  near(t, legFee({ venue: 'polymarket', fee: POLYMARKET_GENERAL_FEES, instrument: 0, side: 'buy', price: 0.4 })?.trade, 0.012);
  near(t, legFee({ venue: 'polymarket', fee: FEES.polymarketOff, instrument: 0, side: 'buy', price: 0.4 })?.trade, 0);
});

test('Predict.fun 200 bps of the cheaper side: a buy at 0.64 pays 0.02 x 0.36 = 0.0072', (t) => {
  near(t, legFee({ venue: 'predictfun', fee: FEES.predictfun, instrument: 1, side: 'buy', price: 0.64 })?.trade, 0.0072);
});

test('Limitless 3% of notional for takers: a buy at 0.30 pays 0.009', (t) => {
  near(t, legFee({ venue: 'limitless', fee: LIMITLESS_DEFAULT_FEE, instrument: 0, side: 'buy', price: 0.3 })?.trade, 0.009);
});

test('Drift 3.5 bps on the perp notional: YES at 0.28 and NO at 0.72 (a short at 0.28) both pay 0.00035 x 0.28 = 0.000098', (t) => {
  near(t, legFee({ venue: 'drift', fee: FEES.drift, instrument: 0, side: 'buy', price: 0.28 })?.trade, 0.000098);
  near(t, legFee({ venue: 'drift', fee: FEES.drift, instrument: 1, side: 'buy', price: 0.72 })?.trade, 0.000098);
});

test('PredictIt takes nothing on the trade; a winning share bought at 0.40 pays 10% of 0.60 then 5% of the 0.94 withdrawn', (t) => {
  const f = legFee({ venue: 'predictit', fee: PREDICTIT_FEE, instrument: 0, side: 'buy', price: 0.4 });
  t.is(f?.trade, 0);
  // 0.1 x 0.6 = 0.06; 0.05 x (1 - 0.06) = 0.047; 0.06 + 0.047 = 0.107
  near(t, f?.settlement, 0.107);
  // A sale of Yes at 0.62 holds No at a cost of 0.38: 0.1 x 0.62 = 0.062; 0.05 x 0.938 = 0.0469; total 0.1089
  near(t, legFee({ venue: 'predictit', fee: PREDICTIT_FEE, instrument: 0, side: 'sell', price: 0.62 })?.settlement, 0.1089);
});

test('Azuro (margin inside the odds) and Manifold (play money) add no fee; an unknown fee is null, never 0', (t) => {
  const azuro: FeeModel = { kind: 'odds_margin', margin: 0.047, source: 'market' };
  t.deepEqual(legFee({ venue: 'azuro', fee: azuro, instrument: 0, side: 'buy', price: 0.512821 }), { trade: 0, settlement: 0 });
  t.deepEqual(legFee({ venue: 'manifold', fee: MANIFOLD_FEE, instrument: 0, side: 'buy', price: 0.3 }), { trade: 0, settlement: 0 });
  t.is(legFee({ venue: 'polymarket', fee: FEES.unknown, instrument: 0, side: 'buy', price: 0.3 }), null);
});

test('a pair pays both taker fees but only the larger settlement fee: only one leg can win', (t) => {
  // Buy Yes on PredictIt at 0.40 (settlement 0.107 if Yes wins), buy No on Predict.fun at 0.55 (taker 0.02 x 0.45 = 0.009).
  const e = pairEconomics(
    { venue: 'predictit', fee: PREDICTIT_FEE, instrument: 0, side: 'buy', price: 0.4 },
    { venue: 'predictfun', fee: FEES.predictfun, instrument: 1, side: 'buy', price: 0.55 },
  );
  near(t, e.spread, 0.05, 'spread = (1 - 0.55) - 0.40');
  near(t, e.capital, 0.959, 'capital = 0.40 + 0.55 + 0.009');
  near(t, e.fees_total, 0.116, 'fees = 0 + 0.009 + max(0.107, 0)');
  near(t, e.net, -0.066, 'net = 0.05 - 0.116: the PredictIt fees eat the spread');
  t.true(e.fees_known);
  // Two settlement fees (a second profit-share venue, hypothetical): only the winner's is paid.
  // Yes leg at 0.40: 0.107 (above); No leg at 0.50: 0.1 x 0.5 = 0.05, 0.05 x 0.95 = 0.0475, total 0.0975.
  const both = pairEconomics(
    { venue: 'predictit', fee: PREDICTIT_FEE, instrument: 0, side: 'buy', price: 0.4 },
    { venue: 'polymarket', fee: PREDICTIT_FEE, instrument: 1, side: 'buy', price: 0.5 },
  );
  near(t, both.fees_total, 0.107, 'max(0.107, 0.0975), not their sum 0.2045');
  near(t, both.buy_fee, 0.107);
  near(t, both.sell_fee, 0.0975);
});
