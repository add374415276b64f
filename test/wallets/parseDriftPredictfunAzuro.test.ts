import test from 'ava';
import { parseDriftPositions, parseDriftPrices, parseDriftTrades } from '../../pipeline/wallets/parse/drift.ts';
import { parsePredictfunMatches, parsePredictfunPositions } from '../../pipeline/wallets/parse/predictfun.ts';
import { parseAzuroBets } from '../../pipeline/wallets/parse/azuro.ts';
import { DEMO_DRIFT_ACCOUNT, fixture, PLACEHOLDER_WALLET, PREDICTFUN_SIGNER, recorded } from './fixtures.ts';

const prices = () => parseDriftPrices((recorded('drift', 'stats-markets.btc-perp-ccxt-static-plus-bet-shaped-from-docs.json') as { markets: unknown[] }).markets);

test('Drift: the real Data API account holds only BTC-PERP, which is not a prediction market: nothing tracked', (t) => {
  const user = fixture('drift', 'user.ccxt-static.json') as { positions: unknown[] };
  const trades = fixture('drift', 'trades.ccxt-static.json') as { records: Array<{ taker: string }> };
  t.deepEqual(parseDriftPositions(user.positions, prices()), { positions: [], skipped: [] });
  // The fill names its taker account; even as that account, a BTC-PERP fill is not BET history.
  t.deepEqual(parseDriftTrades(trades.records, trades.records[0]!.taker), { history: [], skipped: [] });
});

test('Drift BET: long = YES at |quote| / base, short = NO at 1 − that, settled market resolves; priced by /stats/markets', (t) => {
  const user = recorded('drift', `user.${DEMO_DRIFT_ACCOUNT}.composed.json`) as { positions: unknown[] };
  const { positions, skipped } = parseDriftPositions(user.positions, prices());
  t.deepEqual(skipped, []);
  t.is(positions.length, 3);
  // 500 long at 50 USDC: entry 0.10; mark 0.121 → 60.5 value, +10.5 = +21 %.
  t.like(positions.find((p) => p.marketTitle === 'BTC-150K-2026-BET'), { outcome: 'Yes', size: 500, avgPrice: 0.1, currentPrice: 0.121, currentValue: 60.5, pnl: 10.5, pnlPercent: 21, status: 'open' });
  // 200 short at 60 USDC: YES entry 0.30, so NO at 0.70 costs 140; YES now 0.282 → NO 0.718 → 143.6, +3.6 = +2.5714 %.
  t.like(positions.find((p) => p.marketTitle === 'VANCE-WIN-2028-BET'), { outcome: 'No', size: 200, avgPrice: 0.7, currentPrice: 0.718, currentValue: 143.6, pnl: 3.6, pnlPercent: 2.5714 });
  // Chiefs BET settled at 0: 100 YES bought at 0.45 are worth nothing.
  t.like(positions.find((p) => p.marketTitle === 'SUPERBOWL-LIX-CHIEFS-BET'), { status: 'resolved', currentValue: 0, pnl: -45, pnlPercent: -100 });
  t.is(positions[0]!.marketUrl, `https://app.drift.trade/${positions[0]!.marketTitle}`);
});

test("Drift fills: the account's own side (taker or maker) of BET fills only", (t) => {
  const trades = recorded('drift', `trades.${DEMO_DRIFT_ACCOUNT}.composed.json`) as { records: unknown[] };
  const { history } = parseDriftTrades(trades.records, DEMO_DRIFT_ACCOUNT);
  t.deepEqual(history, [
    { platform: 'drift', type: 'BUY', side: 'YES', marketTitle: 'BTC-150K-2026-BET', price: 0.1, size: 500, timestamp: new Date(1791900000 * 1000).toISOString() },
    { platform: 'drift', type: 'SELL', side: 'YES', marketTitle: 'VANCE-WIN-2028-BET', price: 0.3, size: 200, timestamp: new Date(1791800000 * 1000).toISOString() },
  ]);
});

test('Predict.fun positions: 1e18 share strings, valueUsd as the mark, a resolved winner pays 1, dust left out', (t) => {
  const body = recorded('predictfun', `positions.${PLACEHOLDER_WALLET}.composed.json`) as { data: unknown[] };
  const { positions, skipped } = parsePredictfunPositions(body.data);
  t.deepEqual(skipped, []);
  t.is(positions.length, 2); // the 0.003-share Down row is dust
  // "125400000000000000000" = 125.4 shares; valueUsd 109.098 → 0.87 each; cost 125.4 × 0.612 = 76.7448; pnl 32.3532 (= pnlUsd).
  t.like(positions[0], { marketTitle: 'Bitcoin Up or Down on October 5?', outcome: 'Up', size: 125.4, avgPrice: 0.612, currentPrice: 0.87, currentValue: 109.098, pnl: 32.3532, status: 'open' });
  // Market 407 resolved Yes: 40 shares pay 40, bought at 0.715 (28.6): +11.4 = +39.8601 %.
  t.like(positions[1], { outcome: 'Yes', size: 40, currentPrice: 1, currentValue: 40, pnl: 11.4, pnlPercent: 39.8601, status: 'resolved' });
  t.is(positions[1]!.marketUrl, 'https://predict.fun/market/game-awards-clair-obscur-game-of-the-year-2025');
});

test("Predict.fun fills: the signer's own maker and taker legs, 1e18 amounts and prices, each fill once", (t) => {
  const body = recorded('predictfun', `orders-matches.${PREDICTFUN_SIGNER}.synpath.json`) as { data: unknown[] };
  // Asked as maker and as taker, the venue may return the same fill twice.
  const { history, skipped } = parsePredictfunMatches([...body.data, ...body.data], PREDICTFUN_SIGNER.toLowerCase());
  t.deepEqual(skipped, []);
  t.deepEqual(
    history.map((h) => [h.type, h.side, h.price, h.size, h.timestamp]),
    [
      ['SELL', 'Down', 0.13, 12.388586206896552, '2026-10-05T11:43:04.000Z'], // maker Ask, 12388586206896551724 / 1e18
      ['SELL', 'Down', 0.13, 2.82, '2026-10-05T11:42:34.000Z'], // maker Ask
      ['SELL', 'Down', 0.13, 30.59141379310345, '2026-10-05T11:40:59.000Z'], // taker Ask
    ],
  );
  t.is(history[0]!.marketTitle, 'Bitcoin Up or Down on October 5?');
});

test('Azuro bets: O·S shares at 1/O; open legs at current odds, settled at payout, combos leg by leg', (t) => {
  const orders = (recorded('azuro', `bet-orders.${PLACEHOLDER_WALLET}.composed.json`) as { orders: unknown[] }).orders;
  const games = (recorded('azuro', 'games-by-ids.composed.json') as { games: unknown[] }).games;
  const conditions = (recorded('azuro', 'conditions-by-game-ids.composed.json') as { conditions: unknown[] }).conditions;
  const { positions, history, skipped } = parseAzuroBets(orders, { games, conditions });
  t.deepEqual(skipped, []);
  const by = (outcome: string) => positions.find((p) => p.outcome === outcome);
  // 40 on Arsenal at 2.05 = 82 shares; the line is 1.95 now: 82 / 1.95 = 42.051282, +2.051282 = +5.1282 %.
  t.deepEqual(by('Arsenal'), {
    platform: 'azuro',
    marketTitle: 'Arsenal vs Chelsea — Full Time Result',
    marketUrl: 'https://bookmaker.xyz/polygon/sports/football/england/premier-league/1006000000000025101',
    outcome: 'Arsenal',
    size: 82,
    avgPrice: 0.487805,
    currentPrice: 0.512821,
    currentValue: 42.051282,
    pnl: 2.051282,
    pnlPercent: 5.1282,
    status: 'open',
    endDate: '2026-10-24',
  });
  // Stopped condition (game live), line unchanged at 1.90: still open, worth its stake.
  t.like(by('Over (47.5)'), { size: 47.5, currentValue: 25, pnl: 0, status: 'open' });
  // Won at 1.60 with 30: payout 48.
  t.like(by('Liverpool'), { currentPrice: 1, currentValue: 48, pnl: 18, pnlPercent: 60, status: 'resolved' });
  // Lost 20 at 1.50.
  t.like(by('Manchester City'), { currentValue: 0, pnl: -20, pnlPercent: -100, status: 'resolved' });
  // Combo 10 at 3.168 (2.00 × 1.60 × 0.99): Liverpool leg won, Arsenal leg now 1.95 instead of 2.00:
  // 10 × 1.6 × 2.00 / 1.95 = 16.410256.
  t.like(by('2-leg combo'), { size: 31.68, currentValue: 16.410256, pnl: 6.410256, status: 'open' });
  t.is(positions.length, 5, 'the rejected order holds nothing');
  t.is(history.length, 6);
  t.deepEqual(
    history.find((h) => h.status === 'rejected'),
    { platform: 'azuro', type: 'BET', side: 'Chelsea', marketTitle: 'Arsenal vs Chelsea — Full Time Result', price: 0.25641, size: 58.5, timestamp: '2026-10-19T09:30:00.000Z', status: 'rejected' },
  );
});
