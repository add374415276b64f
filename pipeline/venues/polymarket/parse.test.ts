import test from 'ava';
import { readFileSync } from 'node:fs';
import { marketId } from '../../../shared/ids.ts';
import type { NormalizedMarket } from '../../../shared/types/market.ts';
import { parsePolymarket } from './parse.ts';

const FIX = new URL('../../../test/fixtures/venues/polymarket/', import.meta.url);
const load = (name: string): unknown => JSON.parse(readFileSync(new URL(name, FIX), 'utf8')) as unknown;
const sample = load('gamma-markets-sample.json') as Array<Record<string, unknown>>;
const fees = load('gamma-markets-fees.dr-manhattan.json') as Array<Record<string, unknown>>;
const composed = (load('markets-keyset-p3-composed-overlap.json') as { markets: Array<Record<string, unknown>> }).markets;
const ctx = { fetchedAt: '2026-01-31T18:10:00.000Z' };

function byId(list: Array<Record<string, unknown>>, id: string): Record<string, unknown> {
  const found = list.find((m) => m.id === id);
  if (!found) throw new Error(`fixture has no market ${id}`);
  return found;
}

function one(payload: unknown): NormalizedMarket {
  const r = parsePolymarket({ id: 'x', payload }, ctx);
  if (r.markets.length !== 1 || !r.markets[0]) throw new Error(`expected one market, got ${JSON.stringify(r.skipped)}`);
  return r.markets[0];
}

test('a real negRisk market: decoded JSON-string prices, USDC volumes, group from the event', (t) => {
  const m = one(byId(sample, '517310'));
  t.is(m.id, marketId('polymarket', '517310'));
  t.is(m.title, 'Will Trump deport less than 250,000?');
  // Recorded: outcomePrices ["0.029","0.971"], bestBid 0.02, bestAsk 0.038 (the Yes book); No mirrors it:
  // No bid = 1 - 0.038 = 0.962, No ask = 1 - 0.02 = 0.98.
  t.deepEqual(m.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.029, best_bid: 0.02, best_ask: 0.038 },
    { label: 'No', outcome_index: 1, price: 0.971, best_bid: 0.962, best_ask: 0.98 },
  ]);
  t.is(m.book_ref, JSON.parse(String(byId(sample, '517310').clobTokenIds))[0], 'the Yes token keys the CLOB book');
  t.is(m.volume_total, 1018500.561838);
  t.is(m.volume24h, 7080.049758000002);
  t.is(m.liquidity, 13635.28337);
  t.is(m.currency, 'USDC');
  t.false(m.play_money);
  t.is(m.end_time, '2025-12-31T12:00:00.000Z');
  t.is(m.status, 'open');
  t.is(m.category, 'politics');
  t.deepEqual(m.group, {
    id: '0xa69729ae3d9838ec5754e0f74bf57dedd5ddbecd9e31b15a04f48f081168ba00',
    title: 'How many people will Trump deport in 2025?',
    outcome_label: '<250k',
  });
  t.deepEqual(m.fee, { kind: 'none', reason: 'fees_disabled', source: 'market' });
  t.is(m.url, 'https://polymarket.com/event/how-many-people-will-trump-deport-in-2025');
  t.is(m.quoted_at, ctx.fetchedAt);
});

test('a stand-alone market has no group', (t) => {
  const m = one(byId(sample, '517321'));
  t.is(m.group, null);
  t.is(m.title, 'Will Trump deport 750,000 or more people in 2025?');
});

test('a negRisk nomination item is one binary market of the event group (composed overlap page)', (t) => {
  const m = one(byId(composed, '559652'));
  t.is(m.title, 'Will Gavin Newsom win the 2028 Democratic presidential nomination?');
  t.deepEqual(m.group, {
    id: '0x2c3d7e0eee6f058be3006baabf0d54a07da254ba47fe6e3e095e7990c7814700',
    title: 'Democratic Presidential Nominee 2028',
    outcome_label: 'Gavin Newsom',
  });
  t.is(m.outcomes[0]?.price, 0.31);
  t.is(m.category, 'politics');
});

test('feesEnabled with a feeSchedule becomes a per-market price curve', (t) => {
  const m = one(byId(fees, '540817'));
  t.deepEqual(m.fee, { kind: 'price_curve', rate: 0.05, exponent: 1, taker_only: true, source: 'market' });
});

test('a market payload without feesEnabled gets an unknown fee, not zero', (t) => {
  const { feesEnabled: _f, ...raw } = load('gamma-market.pscanner.json') as Record<string, unknown>;
  t.is(one(raw).fee.kind, 'unknown');
});

test('feesEnabled without a schedule falls back to the documented general fee curve', (t) => {
  const { feeSchedule: _s, ...raw } = byId(fees, '540818');
  t.deepEqual(one(raw).fee, { kind: 'price_curve', rate: 0.05, exponent: 1, taker_only: true, source: 'venue' });
});

test('the single-market capture (GET /markets/{id}) parses with its event group', (t) => {
  const m = one(load('gamma-market.pscanner.json'));
  t.is(m.platform_market_id, '540816');
  t.deepEqual(m.fee, { kind: 'none', reason: 'fees_disabled', source: 'market' });
  t.is(m.group?.title, 'What will happen before GTA VI?');
});

test('a missing question skips the market with a drift entry instead of zero-filling it', (t) => {
  const { question: _q, ...raw } = byId(sample, '517310');
  const r = parsePolymarket({ id: '517310', payload: raw }, ctx);
  t.deepEqual(r.markets, []);
  t.is(r.skipped[0]?.platform_market_id, '517310');
  t.deepEqual(r.skipped[0]?.drift, [{ field: 'question', expected: 'string', got: 'missing' }]);
});

test('outcomePrices arriving as a real array (changed type) is reported as drift', (t) => {
  const raw = { ...byId(sample, '517310'), outcomePrices: ['0.029', '0.971'] };
  const r = parsePolymarket({ id: '517310', payload: raw }, ctx);
  t.deepEqual(r.markets, []);
  t.deepEqual(r.skipped[0]?.drift, [{ field: 'outcomePrices', expected: 'string', got: 'array' }]);
});

test('outcomePrices that is not JSON, or out of 0-1, is drift', (t) => {
  const notJson = parsePolymarket({ id: 'a', payload: { ...byId(sample, '517310'), outcomePrices: '0.029,0.971' } }, ctx);
  t.is(notJson.skipped[0]?.drift[0]?.field, 'outcomePrices');
  t.is(notJson.skipped[0]?.drift[0]?.expected, 'JSON-encoded array of strings');
  const percent = parsePolymarket({ id: 'b', payload: { ...byId(sample, '517310'), outcomePrices: '["2.9", "97.1"]' } }, ctx);
  t.deepEqual(percent.markets, []);
  t.deepEqual(percent.skipped[0]?.drift, [{ field: 'outcomePrices[0]', expected: 'decimal string in 0-1', got: '"2.9"' }]);
});

test('an unquoted market (prices "0","0") has null prices, not zero', (t) => {
  const m = one({ ...byId(sample, '517310'), outcomePrices: '["0", "0"]' });
  t.deepEqual(m.outcomes.map((o) => o.price), [null, null]);
});

test('a closed market settled at 1/0 is resolved; closed without settlement is closed', (t) => {
  t.is(one({ ...byId(sample, '517310'), closed: true, outcomePrices: '["1", "0"]' }).status, 'resolved');
  t.is(one({ ...byId(sample, '517310'), closed: true }).status, 'closed');
});

test('a payload that is not an object at all is skipped, never thrown', (t) => {
  const r = parsePolymarket({ id: 'junk', payload: 'not a market' }, ctx);
  t.deepEqual(r.markets, []);
  t.is(r.skipped[0]?.platform_market_id, 'junk');
});
