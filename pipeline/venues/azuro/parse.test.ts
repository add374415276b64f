import test from 'ava';
import { readFileSync } from 'node:fs';
import { marketId } from '../../../shared/ids.ts';
import { parseAzuro } from './parse.ts';

const ctx = { fetchedAt: '2026-10-21T12:00:00.000Z' };
const load = (name: string): unknown => JSON.parse(readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8')) as unknown;
const games = [
  ...(load('games-by-filters.prematch.page-1.shaped-from-docs.json') as { games: Array<{ gameId: string; title: string }> }).games,
  ...(load('games-by-filters.prematch.page-2.shaped-from-docs.json') as { games: Array<{ gameId: string; title: string }> }).games,
  ...(load('games-by-filters.live.page-1.shaped-from-docs.json') as { games: Array<{ gameId: string; title: string }> }).games,
];
const conditions = (load('conditions-by-game-ids.shaped-from-docs.json') as { conditions: Array<{ game: { gameId: string } }> }).conditions;
function item(title: string, mutate: (conds: Array<Record<string, unknown>>) => unknown[] = (c) => c) {
  const game = games.find((g) => g.title === title)!;
  const own = structuredClone(conditions.filter((c) => c.game.gameId === game.gameId)) as Array<Record<string, unknown>>;
  return { id: game.gameId, payload: { game, conditions: mutate(own) } };
}

test('each outcome of a condition becomes a binary market priced at 1/odds, grouped by condition', (t) => {
  const { markets, skipped } = parseAzuro(item('Arsenal vs Chelsea'), ctx);
  t.deepEqual(skipped, []);
  t.is(markets.length, 5, '3 full-time-result outcomes + 2 total-goals outcomes');
  const arsenal = markets.find((m) => m.title === 'Arsenal vs Chelsea — Arsenal to win')!;
  t.is(arsenal.platform_market_id, '100610000000000251010001:29');
  t.is(arsenal.id, marketId('azuro', '100610000000000251010001:29'));
  t.is(arsenal.outcomes[0]!.price, 1 / 1.95);
  t.is(arsenal.outcomes[1]!.price, null, 'Azuro publishes no price for "not this outcome"');
  t.deepEqual(arsenal.group, { id: '100610000000000251010001', title: 'Arsenal vs Chelsea — Full Time Result', outcome_label: 'Arsenal' });
  t.is(arsenal.end_time, '2026-10-24T14:00:00.000Z', 'startsAt is unix seconds');
  t.is(arsenal.category, 'sports');
  t.is(arsenal.status, 'open');
  t.is(arsenal.currency, 'USDT');
  t.truthy(markets.find((m) => m.title === 'Arsenal vs Chelsea — Draw'));
  t.truthy(markets.find((m) => m.title === 'Arsenal vs Chelsea — Chelsea to win'));
  t.truthy(markets.find((m) => m.title === 'Arsenal vs Chelsea — Total Goals: Over (2.5)'));
});

test('the condition margin is the fee, and it matches the overround of the odds', (t) => {
  const { markets } = parseAzuro(item('Arsenal vs Chelsea'), ctx);
  const fee = markets[0]!.fee;
  if (fee.kind !== 'odds_margin') return t.fail(`fee kind ${fee.kind}`);
  t.is(fee.margin, 0.047);
  const overround = 1 / 1.95 + 1 / 3.6 + 1 / 3.9 - 1;
  t.true(Math.abs(fee.margin - overround) < 1e-4);
  t.is(fee.source, 'market');
});

test('without a margin field the overround of the odds is used', (t) => {
  const { markets } = parseAzuro(item('Real Madrid vs Barcelona', (cs) => cs.map((c) => ({ ...c, margin: undefined }))), ctx);
  const fee = markets[0]!.fee;
  t.is(fee.kind, 'odds_margin');
  if (fee.kind === 'odds_margin') t.true(Math.abs(fee.margin - (1 / 2.3 + 1 / 3.7 + 1 / 2.9 - 1)) < 1e-12);
});

test('a stopped condition is closed while the live winner market stays open', (t) => {
  const { markets } = parseAzuro(item('Kansas City Chiefs vs Buffalo Bills'), ctx);
  // The recorded game has an Active winner condition (…0001) and a Stopped total-points condition (…0002).
  t.deepEqual(
    markets.map((m) => [m.platform_market_id, m.status]),
    [
      ['100610000000000251040001:6983', 'open'],
      ['100610000000000251040001:6984', 'open'],
      ['100610000000000251040002:7001', 'closed'],
      ['100610000000000251040002:7002', 'closed'],
    ],
  );
});

test('every recorded game parses without skips', (t) => {
  for (const g of games) t.deepEqual(parseAzuro(item(g.title), ctx).skipped, [], g.title);
});

test('odds that are not decimal odds skip the whole condition with drift', (t) => {
  const { markets, skipped } = parseAzuro(
    item('Real Madrid vs Barcelona', (cs) => cs.map((c) => ({ ...c, outcomes: (c.outcomes as object[]).map((o, j) => (j === 1 ? { ...o, odds: '0.5' } : o)) }))),
    ctx,
  );
  t.deepEqual(markets, []);
  t.deepEqual(skipped, [{ platform_market_id: '100610000000000251020001', reason: 'condition outcome without valid title or odds', drift: [{ field: 'conditions.0.outcomes.1.odds', expected: 'decimal odds > 1', got: '0.5' }] }]);
});

test('a renamed outcome field is reported as drift', (t) => {
  const { skipped } = parseAzuro(
    item('Real Madrid vs Barcelona', (cs) => cs.map((c) => ({ ...c, outcomes: (c.outcomes as Array<Record<string, unknown>>).map(({ odds, ...rest }) => ({ ...rest, price: odds })) }))),
    ctx,
  );
  t.is(skipped[0]!.drift.length, 3);
  t.like(skipped[0]!.drift[0], { field: 'conditions.0.outcomes.0.odds', got: 'missing' });
});

test('a game whose start time is not unix seconds is skipped', (t) => {
  const base = item('Arsenal vs Chelsea');
  const { skipped } = parseAzuro({ ...base, payload: { ...base.payload, game: { ...base.payload.game, startsAt: 'soon' } } }, ctx);
  t.is(skipped[0]!.drift[0]!.field, 'game.startsAt');
});
