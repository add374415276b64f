import test from 'ava';
import { readFileSync } from 'node:fs';
import { marketId } from '../../../shared/ids.ts';
import { parseLimitless } from './parse.ts';

const ctx = { fetchedAt: '2026-10-06T18:00:00.000Z' };
function recorded(name: string): { data: unknown[]; totalMarketsCount: number } {
  return JSON.parse(readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8')) as { data: unknown[]; totalMarketsCount: number };
}
const page1 = recorded('markets-active.page-1.dr-manhattan-enveloped.json').data;
const page2 = recorded('markets-active.page-2.composed.json').data;
function parseOne(payload: unknown) {
  return parseLimitless({ id: String((payload as { id: number }).id), payload }, ctx);
}
function bySlugPrefix(prefix: string): unknown {
  const found = page2.find((m) => (m as { slug: string }).slug.startsWith(prefix));
  if (found === undefined) throw new Error(`no recorded market ${prefix}`);
  return found;
}

test('a real CLOB market maps to a binary market with 0..1 prices, ms expiry and the crypto category', (t) => {
  const { markets, skipped } = parseOne(page1[1]);
  t.deepEqual(skipped, []);
  const m = markets[0]!;
  t.is(m.platform_market_id, (page1[1] as { slug: string }).slug, 'slug routes orders');
  t.is(m.id, marketId('limitless', m.platform_market_id));
  t.is(m.title, 'BTC Up or Down - 5 Min');
  t.deepEqual(m.outcomes.map((o) => o.price), [0.755, 0.245]);
  t.is(m.end_time, new Date(1782066600000).toISOString());
  t.is(m.category, 'crypto');
  t.is(m.status, 'open');
  t.is(m.volume_total, 0, 'a recorded "0" volume is a real zero, not a missing value');
  t.is(m.volume24h, null);
  t.is(m.currency, 'USDC');
  t.deepEqual(m.fee, { kind: 'flat', taker: 0.03, maker: 0, source: 'documentation' });
  t.is(m.quoted_at, ctx.fetchedAt);
  t.false(m.description?.includes('<p>') ?? true, 'HTML stripped from the description');
});

test('volume is read from raw 1e6 USDC units', (t) => {
  const { markets } = parseOne(page2[0]);
  t.is(markets[0]!.volume_total, 215.066725);
  t.is(markets[0]!.created_at, '2026-10-06T17:50:07.942Z');
});

test('a group market splits into one binary market per child, carrying the group and the parent end date', (t) => {
  const group = bySlugPrefix('2028-democratic-presidential-nominee') as { markets: unknown[]; expirationTimestamp: number };
  const { markets, skipped } = parseOne(group);
  t.deepEqual(skipped, []);
  t.is(markets.length, group.markets.length);
  const newsom = markets.find((m) => m.group?.outcome_label === 'Gavin Newsom')!;
  t.is(newsom.title, 'Who will win the 2028 Democratic presidential nomination? — Gavin Newsom');
  t.is(newsom.group?.id, '2028-democratic-presidential-nominee-1782000000001');
  t.is(newsom.end_time, new Date(group.expirationTimestamp).toISOString());
  t.is(newsom.category, 'politics');
  t.deepEqual(newsom.outcomes.map((o) => o.price), [0.36, 0.64]);
  t.is(new Set(markets.map((m) => m.id)).size, markets.length, 'children get distinct ids');
});

test('a blank in a group title is filled with the child label', (t) => {
  const { markets } = parseOne(bySlugPrefix('bitcoin-above-on-december-31-2026'));
  t.deepEqual(markets.map((m) => m.title), ['Bitcoin above $100,000 on December 31, 2026?', 'Bitcoin above $120,000 on December 31, 2026?']);
});

test('legacy AMM percent prices are normalised to fractions and liquidity is read', (t) => {
  const { markets } = parseOne(bySlugPrefix('will-solana-reach-300'));
  t.deepEqual(markets[0]!.outcomes.map((o) => o.price), [0.235, 0.765]);
  t.is(markets[0]!.liquidity, 1523.402113);
});

test('metadata.fee=false gives a fee-free market', (t) => {
  const { markets } = parseOne(bySlugPrefix('democrats-control-house-2026'));
  t.deepEqual(markets[0]!.fee, { kind: 'none', reason: 'fees_disabled', source: 'market' });
});

test('every recorded item parses without skips', (t) => {
  for (const payload of [...page1, ...page2]) t.deepEqual(parseOne(payload).skipped, []);
});

test('a missing price pair is skipped with drift, never zero-filled', (t) => {
  const broken = { ...(page1[0] as object), prices: undefined };
  const { markets, skipped } = parseOne(broken);
  t.deepEqual(markets, []);
  t.is(skipped[0]!.platform_market_id, 'sol-up-or-down-5-min-1782065705541');
  t.deepEqual(skipped[0]!.drift, [{ field: 'prices', expected: 'tuple', got: 'missing' }]);
});

test('a retyped expiry is reported as drift', (t) => {
  const { skipped } = parseOne({ ...(page1[0] as object), expirationTimestamp: 'Jun 21, 2026' });
  t.deepEqual(skipped[0]!.drift, [{ field: 'expirationTimestamp', expected: 'number', got: 'string' }]);
});

test('one broken group child is skipped while its siblings parse', (t) => {
  const group = bySlugPrefix('2028-republican-presidential-nominee') as { markets: Array<Record<string, unknown>> };
  const children = group.markets.map((c, i) => (i === 1 ? { ...c, prices: ['0.14', '0.86'] } : c));
  const { markets, skipped } = parseOne({ ...group, markets: children });
  t.is(markets.length, children.length - 1);
  t.is(skipped.length, 1);
  t.is(skipped[0]!.drift[0]!.field, 'markets.1.prices.0');
});

test('prices outside both scales are rejected', (t) => {
  const { skipped } = parseOne({ ...(page1[0] as object), prices: [150, -50] });
  t.is(skipped[0]!.drift[0]!.field, 'prices');
});

test('an item without identity is skipped under the raw item id', (t) => {
  const { skipped } = parseLimitless({ id: 'page-3-0', payload: { title: 'x' } }, ctx);
  t.is(skipped[0]!.platform_market_id, 'page-3-0');
  t.true(skipped[0]!.drift.some((d) => d.field === 'slug' && d.got === 'missing'));
});

test('tradePrices give the execution quotes: buy.market is the ask and sell.market the bid of each outcome', (t) => {
  // Composed page 2 "BTC Up or Down Daily": prices [0.037, 0.963], buy.market [0.053, 0.979], sell.market [0.021, 0.947].
  const m = parseLimitless({ id: 'x', payload: bySlugPrefix('btc-up-or-down-daily') }, ctx).markets[0]!;
  t.deepEqual(m.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.037, best_bid: 0.021, best_ask: 0.053 },
    { label: 'No', outcome_index: 1, price: 0.963, best_bid: 0.947, best_ask: 0.979 },
  ]);
  const noQuotes = parseLimitless({ id: 'y', payload: bySlugPrefix('democrats-control-house-2026') }, ctx).markets[0]!;
  t.deepEqual(noQuotes.outcomes.map((o) => [o.best_bid, o.best_ask]), [[null, null], [null, null]], 'no tradePrices, no quotes');
});

test('a resolved market pays its winning outcome 1, not its last price', (t) => {
  const resolved = { ...(bySlugPrefix('btc-up-or-down-daily') as object), status: 'RESOLVED', winningOutcomeIndex: 1 };
  const m = parseLimitless({ id: 'x', payload: resolved }, ctx).markets[0]!;
  t.is(m.status, 'resolved');
  t.deepEqual(m.outcomes.map((o) => [o.price, o.best_bid, o.best_ask]), [[0, null, null], [1, null, null]]);
});
