import test from 'ava';
import { parsePolymarketActivity, parsePolymarketClosedPositions, parsePolymarketPositions } from '../../pipeline/wallets/parse/polymarket.ts';
import { fixture, POLY_WALLET, recorded } from './fixtures.ts';

interface VenueRow {
  title: string;
  currentValue: number;
  cashPnl: number;
  percentPnl: number;
  curPrice: number;
  redeemable: boolean;
}

const openRows = recorded('polymarket', `positions.${POLY_WALLET}.pscanner.json`) as VenueRow[];

test('held positions: value, P&L and P&L % agree with what Polymarket itself reports for each row', (t) => {
  const { positions, skipped } = parsePolymarketPositions(openRows);
  t.deepEqual(skipped, []);
  t.is(positions.length, 5);
  for (const row of openRows) {
    const p = positions.find((x) => x.marketTitle === row.title);
    if (!p) return t.fail(`missing ${row.title}`);
    // The venue's currentValue / cashPnl / percentPnl are an oracle independent of our formula.
    t.true(Math.abs(p.currentValue - row.currentValue) < 0.001, `${row.title} value ${p.currentValue} vs ${row.currentValue}`);
    t.true(Math.abs(p.pnl - row.cashPnl) < 0.001, `${row.title} pnl ${p.pnl} vs ${row.cashPnl}`);
    t.true(Math.abs(p.pnlPercent - row.percentPnl) < 0.0011, `${row.title} pnl% ${p.pnlPercent} vs ${row.percentPnl}`);
    t.is(p.status, row.redeemable ? 'resolved' : 'open');
  }
});

test('a held position carries the spec fields, its cost from initialValue and endDate as YYYY-MM-DD', (t) => {
  const p = parsePolymarketPositions(openRows).positions.find((x) => x.marketTitle.startsWith('Will the Tampa Bay Lightning'));
  t.deepEqual(p, {
    platform: 'polymarket',
    marketTitle: 'Will the Tampa Bay Lightning win the 2026 NHL Stanley Cup?',
    marketUrl: 'https://polymarket.com/event/2026-nhl-stanley-cup-champion/will-the-tampa-bay-lightning-win-the-2026-nhl-stanley-cup',
    outcome: 'No',
    size: 271790.1,
    // 234044.7062 / 271790.1 by hand: the venue's avgPrice 0.8611 is rounded to 4 places.
    avgPrice: 0.861123,
    currentPrice: 0.9145,
    // 271790.1 × 0.9145 = 248552.04645; minus 234044.7062 = 14507.34025; / 234044.7062 = 6.19853 %.
    currentValue: 248552.04645,
    pnl: 14507.34025,
    pnlPercent: 6.1985,
    status: 'open',
    endDate: '2026-06-30',
  });
});

test('a resolved losing position is worth 0 and loses its whole cost', (t) => {
  const p = parsePolymarketPositions(openRows).positions.find((x) => x.marketTitle === 'Clippers vs. Trail Blazers');
  t.like(p, { status: 'resolved', currentPrice: 0, currentValue: 0, pnl: -84456.408, pnlPercent: -100, endDate: '2026-04-11' });
});

test('closed positions: the exit price makes the formula give the realised P&L; markets paid 1, so exit is 1', (t) => {
  const rows = recorded('polymarket', `closed-positions.${POLY_WALLET}.pscanner.json`) as Array<{ title: string; realizedPnl: number; curPrice: number }>;
  const { positions, skipped } = parsePolymarketClosedPositions(rows);
  t.deepEqual(skipped, []);
  t.is(positions.length, 5);
  for (const row of rows) {
    const p = positions.find((x) => x.marketTitle === row.title)!;
    t.is(p.status, 'closed');
    t.true(Math.abs(p.pnl - row.realizedPnl) < 0.001);
    // Every row here is a market that resolved for the holder: the venue's curPrice (1) is the exit price.
    t.true(Math.abs(p.currentPrice - row.curPrice) < 1e-6, `${row.title}: ${p.currentPrice}`);
  }
  const villarreal = positions.find((x) => x.marketTitle === 'Will Villarreal CF win on 2026-01-20?');
  // 1 500 000 shares bought at 0.27, closed at 1: 1 095 000 profit = 270.37 % of 405 000.
  t.like(villarreal, { size: 1500000, avgPrice: 0.27, currentValue: 1500000, pnl: 1095000, pnlPercent: 270.3704, endDate: '2026-01-20' });
});

test('activity TRADE rows become BUY/SELL of their outcome with shares, price and ISO time', (t) => {
  const rows = recorded('polymarket', `activity.${POLY_WALLET}.pscanner.json`) as unknown[];
  const { history, skipped } = parsePolymarketActivity(rows);
  t.deepEqual(skipped, []);
  t.is(history.length, 10);
  t.deepEqual(history[0], {
    platform: 'polymarket',
    type: 'BUY',
    side: 'Ducks',
    marketTitle: 'Oilers vs. Ducks',
    price: 0.860000001148,
    size: 714.285713,
    timestamp: '2026-04-25T04:39:38.000Z',
  });
  t.true(history.every((h) => h.type === 'BUY'));
});

test('activity of every type: rewards, rebates and redemptions keep their USDC amount and no price', (t) => {
  const rows = fixture('polymarket', 'activity.0x09b428f7c2b469786286214aa5c90dd9015f7320.edulabrador.json') as unknown[];
  const { history, skipped } = parsePolymarketActivity(rows);
  t.deepEqual(skipped, []);
  const count = (type: string) => history.filter((h) => h.type === type).length;
  // The capture: 42 TRADE, 4 REWARD, 2 REDEEM, 1 MAKER_REBATE, 1 TAKER_REBATE.
  t.is(count('BUY') + count('SELL'), 42);
  t.is(count('REWARD'), 4);
  t.is(count('REDEMPTION'), 2);
  t.is(count('REBATE'), 2);
  const redeem = history.find((h) => h.type === 'REDEMPTION')!;
  t.deepEqual(redeem, {
    platform: 'polymarket',
    type: 'REDEMPTION',
    side: 'NONE',
    marketTitle: 'France vs. Spain: Team to Advance',
    size: 10980911.728675,
    timestamp: new Date(1784064509 * 1000).toISOString(),
  });
  t.is(history.find((h) => h.type === 'REBATE')?.marketTitle, 'Polymarket rebate');
});

test('a row missing a field it needs is reported, the other rows still count', (t) => {
  const broken = [...openRows.slice(0, 2), { ...openRows[2], size: 'lots' }];
  const { positions, skipped } = parsePolymarketPositions(broken);
  t.is(positions.length, 2);
  t.is(skipped.length, 1);
  t.regex(skipped[0]!, /positions\[2\]: size/);
});
