import test from 'ava';
import { limitlessPortfolioSchema, parseLimitlessPositions } from '../../pipeline/wallets/parse/limitless.ts';
import { manifoldMetricsSchema, parseManifoldBets, parseManifoldMetrics } from '../../pipeline/wallets/parse/manifold.ts';
import { fixture, PLACEHOLDER_WALLET, recorded } from './fixtures.ts';

const portfolio = () => limitlessPortfolioSchema.parse(recorded('limitless', `portfolio-positions.${PLACEHOLDER_WALLET}.synpath.json`));

test('Limitless: 1e6 integer strings become USDC and shares; a resolved losing side is worth 0, dust is left out', (t) => {
  const { positions, skipped } = parseLimitlessPositions(portfolio());
  t.deepEqual(skipped, []);
  // Three entries: two hold YES (3.985058 and 5.24739 shares); every NO balance is 1e-6..3e-6 shares of dust.
  t.is(positions.length, 2);
  t.deepEqual(positions.find((p) => p.marketTitle === 'ETH Up or Down - Hourly'), {
    platform: 'limitless',
    marketTitle: 'ETH Up or Down - Hourly',
    marketUrl: 'https://limitless.exchange/markets/eth-up-or-down-hourly-1783634400',
    outcome: 'Yes',
    size: 3.985058,
    avgPrice: 0.94, // cost 3.745955 / 3.985058 shares = fillPrice 940000 / 1e6
    currentPrice: 0, // winningOutcomeIndex 1: NO won, the YES shares pay nothing
    currentValue: 0,
    pnl: -3.745955,
    pnlPercent: -100,
    status: 'resolved',
    endDate: '2026-07-09',
  });
  t.like(positions.find((p) => p.marketUrl.endsWith('sol-up-or-down-hourly-1787950800')), { size: 5.24739, pnl: -1.94, status: 'resolved' });
});

test('Limitless: a winning side is worth its shares; an unresolved market is valued at the last trade of that side', (t) => {
  const body = portfolio();
  const eth = body.clob[0] as { market: Record<string, unknown> };
  const won = { ...eth, market: { ...eth.market, winningOutcomeIndex: 0 } };
  const open = { ...eth, market: { ...eth.market, status: 'FUNDED', closed: false, winningOutcomeIndex: null } };
  const [w] = parseLimitlessPositions({ clob: [won], amm: [], group: [] }).positions;
  // 3.985058 shares × 1 − cost 3.745955 = 0.239103, 6.3830 %.
  t.like(w, { currentPrice: 1, currentValue: 3.985058, pnl: 0.239103, pnlPercent: 6.383, status: 'resolved' });
  const [o] = parseLimitlessPositions({ clob: [open], amm: [], group: [] }).positions;
  // latestYesPrice 0.88: 3.985058 × 0.88 = 3.50685104.
  t.like(o, { currentPrice: 0.88, currentValue: 3.506851, status: 'open' });
});

test('Manifold metrics: the held side, valued at payout / shares, cost = invested, closeTime as the end date', (t) => {
  const body = manifoldMetricsSchema.parse(recorded('manifold', 'contract-metrics.AJwLWoo3xue32XIiAVrL5SyR1WB2.docs-example.json'));
  const { positions, skipped, titles } = parseManifoldMetrics(body);
  t.deepEqual(skipped, []);
  t.deepEqual(positions, [
    {
      platform: 'manifold',
      marketTitle: 'Will TSLA reach >$ 275 before 8pm EST on 8/8?',
      marketUrl: 'https://manifold.markets/MolbyDick/will-tesla-stock-reach-275-by-88-of-e836ca33649e',
      outcome: 'No',
      size: 132936.841617,
      // 63625.999354329724 mana invested / 132936.84161688015 NO shares.
      avgPrice: 0.478618,
      // Resolved NO: each NO share pays 1 (payout = shares).
      currentPrice: 1,
      currentValue: 132936.841617,
      // 132936.84161688015 − 63625.999354329724 = 69310.84226255; / invested = 108.93478 %.
      pnl: 69310.842263,
      pnlPercent: 108.9348,
      status: 'resolved',
      endDate: '2024-08-09',
    },
  ]);
  t.is(titles.get('xv86CDBe0flxF2epvO3f'), 'Will TSLA reach >$ 275 before 8pm EST on 8/8?');
});

test('Manifold bets: a purchase is BET, price = amount / shares, a resting limit order says open', (t) => {
  const rows = fixture('manifold', 'bets.docs-example.json') as unknown[];
  const { history, skipped } = parseManifoldBets(rows, new Map());
  t.deepEqual(skipped, []);
  t.deepEqual(history, [
    {
      platform: 'manifold',
      type: 'BET',
      side: 'YES',
      marketTitle: 'Manifold market Tz5dA01GkK5QKiQfZeDL',
      price: 0.5, // 15.5967 mana for 31.1934 shares
      size: 31.193363210707616,
      timestamp: '2022-08-02T23:26:15.970Z',
      status: 'open',
    },
    {
      platform: 'manifold',
      type: 'BET',
      side: 'YES',
      marketTitle: 'Manifold market Tz5dA01GkK5QKiQfZeDL',
      price: 0.576354, // 10 / 17.350459904608414
      size: 17.350459904608414,
      timestamp: '2022-08-02T23:25:57.271Z',
      status: 'filled',
    },
  ]);
});

test('Manifold bets: a sale (negative amount) is SELL with a positive size', (t) => {
  const rows = fixture('manifold', 'bets.docs-example.json') as Array<Record<string, unknown>>;
  const sale = { ...rows[1], amount: -8, shares: -16, outcome: 'NO' };
  const [h] = parseManifoldBets([sale], new Map([['Tz5dA01GkK5QKiQfZeDL', 'A market']])).history;
  t.like(h, { type: 'SELL', side: 'NO', price: 0.5, size: 16, marketTitle: 'A market' });
});
