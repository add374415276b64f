import test from 'ava';
import { readFileSync } from 'node:fs';
import { marketId } from '../../../shared/ids.ts';
import { parsePredictIt } from './parse.ts';
import { easternTimeToIso, easternWallClockToIso } from './easternTime.ts';

const FIX = new URL('../../../test/fixtures/venues/predictit/marketdata-all-sample.json', import.meta.url);
const markets = (JSON.parse(readFileSync(FIX, 'utf8')) as { markets: Array<Record<string, unknown> & { contracts: Array<Record<string, unknown>> }> }).markets;
const ctx = { fetchedAt: '2026-01-31T18:11:00.000Z' };
const market = (id: number) => {
  const m = markets.find((x) => x.id === id);
  if (!m) throw new Error(`fixture lacks market ${id}`);
  return m;
};

test('a multi-contract market becomes one binary Yes/No market per contract, grouped under the market', (t) => {
  const raw = market(8153);
  const r = parsePredictIt({ id: '8153', payload: raw }, ctx);
  t.is(r.markets.length, raw.contracts.length);
  t.deepEqual(r.skipped, []);
  const newsom = r.markets.find((m) => m.platform_market_id === '31937');
  t.is(newsom?.id, marketId('predictit', '31937'));
  t.is(newsom?.title, 'Who will win the 2028 Democratic presidential nomination? — Gavin Newsom');
  t.deepEqual(newsom?.group, { id: '8153', title: 'Who will win the 2028 Democratic presidential nomination?', outcome_label: 'Gavin Newsom' });
  // Recorded: last 0.32, Yes bid 0.32 / ask 0.33, No bid 0.67 / ask 0.68.
  t.deepEqual(newsom?.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.32, best_bid: 0.32, best_ask: 0.33 },
    { label: 'No', outcome_index: 1, price: 0.68, best_bid: 0.67, best_ask: 0.68 },
  ]);
  t.is(newsom?.category, 'politics');
  t.is(newsom?.status, 'open');
  t.is(newsom?.end_time, null, '"NA" end date is null');
  t.is(newsom?.currency, 'USD');
  t.false(newsom?.play_money);
});

test('PredictIt publishes no volume or liquidity: null, never 0; fee is the profit share', (t) => {
  const m = parsePredictIt({ id: '8153', payload: market(8153) }, ctx).markets[0];
  t.is(m?.volume24h, null);
  t.is(m?.volume_total, null);
  t.is(m?.liquidity, null);
  t.deepEqual(m?.fee, { kind: 'profit_share', profit_rate: 0.1, withdrawal_rate: 0.05, source: 'venue' });
});

test('quoted_at is the payload timeStamp read as US Eastern time', (t) => {
  const m = parsePredictIt({ id: '8153', payload: market(8153) }, ctx).markets[0];
  t.is(m?.quoted_at, '2026-01-31T18:10:26.324Z');
});

test('a single-contract market keeps its own question as title and has no group', (t) => {
  const r = parsePredictIt({ id: '8268', payload: market(8268) }, ctx);
  t.is(r.markets.length, 1);
  t.is(r.markets[0]?.title, 'Will SCOTUS strike down Trump tariffs?');
  t.is(r.markets[0]?.group, null);
  t.is(r.markets[0]?.end_time, '2026-07-11T03:59:00.000Z', 'July is EDT, UTC-4');
});

test('No is the complement of the last trade even when nobody offers No', (t) => {
  const slotkin = parsePredictIt({ id: '8153', payload: market(8153) }, ctx).markets.find((m) => m.group?.outcome_label === 'Elissa Slotkin');
  t.deepEqual(slotkin?.outcomes.map((o) => o.price), [0.01, 0.99]);
});

test('a contract that never traded is priced at its Yes midpoint; with no Yes book, at the complement of the No midpoint', (t) => {
  const base = market(8268);
  // Recorded quotes of contract 8268: Yes bid 0.72 / ask 0.73, No bid 0.27 / ask 0.28.
  const contract = { ...base.contracts[0], lastTradePrice: null };
  const midOnly = parsePredictIt({ id: '8268', payload: { ...base, contracts: [contract] } }, ctx).markets[0];
  // (0.72 + 0.73) / 2 = 0.725; No = 1 - 0.725 = 0.275
  t.deepEqual(midOnly?.outcomes.map((o) => o.price), [0.725, 0.275]);
  const noYesBook = { ...contract, bestBuyYesCost: null, bestSellYesCost: null };
  const r = parsePredictIt({ id: '8268', payload: { ...base, contracts: [noYesBook] } }, ctx).markets[0];
  // No midpoint (0.27 + 0.28) / 2 = 0.275, so Yes = 0.725
  t.deepEqual(r?.outcomes.map((o) => o.price), [0.725, 0.275]);
  const askOnly = { ...noYesBook, bestSellNoCost: null };
  t.deepEqual(parsePredictIt({ id: '8268', payload: { ...base, contracts: [askOnly] } }, ctx).markets[0]?.outcomes.map((o) => o.price), [null, null], 'one side alone is no probability');
});

test('a contract missing its lastTradePrice key is skipped with drift; its siblings still parse', (t) => {
  const raw = market(8155);
  const { lastTradePrice: _l, ...broken } = raw.contracts[0] as Record<string, unknown>;
  const r = parsePredictIt({ id: '8155', payload: { ...raw, contracts: [broken, raw.contracts[1]] } }, ctx);
  t.is(r.markets.length, 1);
  t.is(r.skipped[0]?.platform_market_id, String(broken.id));
  t.deepEqual(r.skipped[0]?.drift, [{ field: 'contracts[0].lastTradePrice', expected: 'number', got: 'missing' }]);
});

test('a price that changed type to a string is drift, not a parsed number', (t) => {
  const raw = market(8155);
  const changed = { ...raw.contracts[0], bestBuyYesCost: '0.67' };
  const r = parsePredictIt({ id: '8155', payload: { ...raw, contracts: [changed, raw.contracts[1]] } }, ctx);
  t.deepEqual(r.skipped[0]?.drift, [{ field: 'contracts[0].bestBuyYesCost', expected: 'number', got: 'string' }]);
});

test('a market without a name is skipped whole with drift', (t) => {
  const { name: _n, ...raw } = market(8155);
  const r = parsePredictIt({ id: '8155', payload: raw }, ctx);
  t.deepEqual(r.markets, []);
  t.deepEqual(r.skipped[0]?.drift, [{ field: 'name', expected: 'string', got: 'missing' }]);
});

test('an unknown contract status is drift rather than a guess', (t) => {
  const raw = market(8268);
  const r = parsePredictIt({ id: '8268', payload: { ...raw, contracts: [{ ...raw.contracts[0], status: 'Suspended' }] } }, ctx);
  t.deepEqual(r.markets, []);
  t.is(r.skipped[0]?.drift[0]?.field, 'contracts[0].status');
});

test('Eastern wall-clock times convert across daylight saving', (t) => {
  t.is(easternWallClockToIso('2026-01-31T13:10:26.3247098'), '2026-01-31T18:10:26.324Z');
  t.is(easternWallClockToIso('2026-07-10T23:59:00'), '2026-07-11T03:59:00.000Z');
  t.is(easternWallClockToIso('2026-03-08T03:30:00'), '2026-03-08T07:30:00.000Z', 'just after the spring-forward switch');
  t.is(easternWallClockToIso('NA'), null);
});

// The full recorded catalogue (real capture of 2026-01-31, recorded/marketdata-all.json).
const RECORDED = new URL('./recorded/marketdata-all.json', import.meta.url);
const recorded = (JSON.parse(readFileSync(RECORDED, 'utf8')) as { markets: Array<{ id: number; contracts: Array<Record<string, unknown>> }> }).markets;
const recordedMarket = (id: number) => {
  const m = recorded.find((x) => x.id === id);
  if (!m) throw new Error(`recorded catalogue lacks market ${id}`);
  return m;
};

test('a lastTradePrice of 0 is "never traded", not Yes 0 / No 1: Massachusetts governor, Democratic, is priced at its midpoint', (t) => {
  // Recorded contract 33080: lastTradePrice 0.0, Yes bid 0.89 / ask 0.96, No bid 0.04 / ask 0.11.
  // Before: Yes 0, No 1 (a 90-point "spread" against any other venue). After: (0.89 + 0.96) / 2 = 0.925, No 0.075.
  const democratic = parsePredictIt({ id: '8403', payload: recordedMarket(8403) }, ctx).markets.find((m) => m.platform_market_id === '33080');
  t.deepEqual(democratic?.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.925, best_bid: 0.89, best_ask: 0.96 },
    { label: 'No', outcome_index: 1, price: 0.075, best_bid: 0.04, best_ask: 0.11 },
  ]);
});

test('no recorded contract that never traded shows a Yes price of 0 (44 such contracts in the capture)', (t) => {
  let neverTraded = 0;
  for (const m of recorded) {
    const parsed = parsePredictIt({ id: String(m.id), payload: m }, ctx).markets;
    for (const c of m.contracts) {
      if (c.lastTradePrice !== 0) continue;
      neverTraded += 1;
      const yes = parsed.find((p) => p.platform_market_id === String(c.id))?.outcomes[0]?.price;
      t.not(yes, 0, `contract ${String(c.id)} of market ${m.id}`);
    }
  }
  t.is(neverTraded, 44);
});

test('US-style end dates ("02/04/2026 11:00:00 AM (ET)") are read as Eastern time instead of dropped', (t) => {
  // Market 8543 (Trump RCP approval on Feb. 4): 9 contracts end "02/04/2026 11:00:00 AM (ET)".
  // Before: end_time null. After: 11:00 EST = UTC-5 -> 16:00Z.
  const parsed = parsePredictIt({ id: '8543', payload: recordedMarket(8543) }, ctx).markets;
  t.is(parsed.length, 9);
  for (const m of parsed) t.is(m.end_time, '2026-02-04T16:00:00.000Z');
  const ddhq = parsePredictIt({ id: '8548', payload: recordedMarket(8548) }, ctx).markets;
  t.true(ddhq.every((m) => m.end_time === '2026-02-06T16:00:00.000Z'));
  t.is(easternTimeToIso('07/10/2026 11:59:00 PM (ET)'), '2026-07-11T03:59:00.000Z', 'summer is EDT, UTC-4; PM adds 12 h');
  t.is(easternTimeToIso('12/01/2026 12:30:00 AM (ET)'), '2026-12-01T05:30:00.000Z', '12 AM is midnight');
  t.is(easternTimeToIso('13/01/2026 10:00:00 AM (ET)'), null, 'no 13th month');
  t.is(easternTimeToIso('2026-07-10T23:59:00'), '2026-07-11T03:59:00.000Z', 'ISO still works');
});
