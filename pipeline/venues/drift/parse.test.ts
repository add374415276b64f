import test from 'ava';
import { readFileSync } from 'node:fs';
import { marketId } from '../../../shared/ids.ts';
import { parseDrift } from './parse.ts';

const ctx = { fetchedAt: '2026-10-22T10:00:00.000Z' };
const load = (name: string): unknown => JSON.parse(readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8')) as unknown;
const stats = (load('stats-markets.btc-perp-ccxt-static-plus-bet-shaped-from-docs.json') as { markets: Array<{ symbol: string }> }).markets;
function item(symbol: string, change: { market?: object; l2?: object | null } = {}) {
  const market = { ...stats.find((m) => m.symbol === symbol)!, ...change.market };
  const l2 = change.l2 === undefined ? load(`dlob-l2.${symbol}.shaped-from-docs.json`) : change.l2;
  return { id: symbol, payload: { market, l2 } };
}

test('a BET market is priced at its YES book midpoint; the quotes are the top of book scaled from 1e6, NO mirrored', (t) => {
  const { markets, skipped } = parseDrift(item('BTC-150K-2026-BET'), ctx);
  t.deepEqual(skipped, []);
  const m = markets[0]!;
  t.is(m.platform_market_id, 'BTC-150K-2026-BET');
  t.is(m.id, marketId('drift', 'BTC-150K-2026-BET'));
  // Recorded book: best bid 118000 -> 0.118, best ask 125000 -> 0.125. Before: Yes 0.125 (the ask) and
  // No 0.882 (1 - bid), summing to 1.007. After: Yes (0.118 + 0.125) / 2 = 0.1215, No 0.8785.
  t.deepEqual(m.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.1215, best_bid: 0.118, best_ask: 0.125 },
    { label: 'No', outcome_index: 1, price: 0.8785, best_bid: 0.875, best_ask: 0.882 },
  ]);
  t.is(m.quoted_at, new Date(1792627200000).toISOString(), 'the book timestamp (ms) is the quote time');
  t.is(m.volume24h, 18342.12, 'quoteVolume is 24h USDC');
  t.is(m.volume_total, null);
  t.deepEqual(m.fee, { kind: 'flat', taker: 0.00035, maker: -0.00002, source: 'market' });
  t.is(m.currency, 'USDC');
  t.is(m.end_time, null);
});

test('the symbol becomes a readable question and a category', (t) => {
  const btc = parseDrift(item('BTC-150K-2026-BET'), ctx).markets[0]!;
  t.is(btc.title, 'Will Bitcoin reach $150,000 in 2026?');
  t.is(btc.category, 'crypto');
  const vance = parseDrift(item('VANCE-WIN-2028-BET'), ctx).markets[0]!;
  t.is(vance.title, 'Will JD Vance win the 2028 US presidential election?');
  t.is(vance.category, 'politics');
});

test('a settled market shows its settlement: the Chiefs market settled at oracle 0, so Yes 0 and No 1', (t) => {
  // Recorded: status "settlement", oraclePrice "0.000000", empty book. Before: [null, null].
  const m = parseDrift(item('SUPERBOWL-LIX-CHIEFS-BET'), ctx).markets[0]!;
  t.is(m.status, 'resolved');
  t.deepEqual(m.outcomes.map((o) => o.price), [0, 1]);
  t.deepEqual(m.outcomes.map((o) => [o.best_bid, o.best_ask]), [[null, null], [null, null]], 'nothing to execute on a settled market');
  t.is(m.category, 'sports');
  const unknown = parseDrift(item('SUPERBOWL-LIX-CHIEFS-BET', { market: { oraclePrice: '0.410000', price: '0.410000' } }), ctx).markets[0]!;
  t.deepEqual(unknown.outcomes.map((o) => o.price), [null, null], 'a settlement that is neither 0 nor 1 is unknown, not a price');
});

test('a market without a book is priced at its last fill and falls back to the fetch time', (t) => {
  // Recorded stats: price "0.155000".
  const m = parseDrift(item('ETH-5K-2026-BET', { l2: null }), ctx).markets[0]!;
  t.deepEqual(m.outcomes.map((o) => o.price), [0.155, 0.845]);
  t.deepEqual(m.outcomes.map((o) => [o.best_bid, o.best_ask]), [[null, null], [null, null]]);
  t.is(m.quoted_at, ctx.fetchedAt);
});

test('decimal-string fees are read as numbers and missing fees use the documented tier', (t) => {
  const asStrings = parseDrift(item('ETH-5K-2026-BET', { market: { fees: { maker: '-0.00002', taker: '0.0005' } } }), ctx).markets[0]!;
  t.deepEqual(asStrings.fee, { kind: 'flat', taker: 0.0005, maker: -0.00002, source: 'market' });
  const missing = parseDrift(item('ETH-5K-2026-BET', { market: { fees: undefined } }), ctx).markets[0]!;
  t.deepEqual(missing.fee, { kind: 'flat', taker: 0.00035, maker: -0.00002, source: 'documentation' });
});

test('a book price outside 0..1 after 1e6 scaling is drift, not a price', (t) => {
  const { markets, skipped } = parseDrift(item('BTC-150K-2026-BET', { l2: { bids: [], asks: [{ price: '1250000000', size: '1' }], ts: 1 } }), ctx);
  t.deepEqual(markets, []);
  t.is(skipped[0]!.drift[0]!.field, 'l2.asks.0.price');
});

test('a missing symbol is skipped with drift', (t) => {
  const { skipped } = parseDrift({ id: 'x', payload: { market: { marketIndex: 1 }, l2: null } }, ctx);
  t.deepEqual(skipped[0]!.drift, [{ field: 'market.symbol', expected: 'string', got: 'missing' }]);
});

test('an unreadable volume is drift, not zero', (t) => {
  const { skipped } = parseDrift(item('VANCE-WIN-2028-BET', { market: { quoteVolume: 'n/a' } }), ctx);
  t.deepEqual(skipped[0]!.drift, [{ field: 'market.quoteVolume', expected: 'decimal string', got: 'n/a' }]);
});
