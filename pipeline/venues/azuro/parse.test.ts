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

test('each outcome of a condition becomes a binary market priced at its margin-free probability, grouped by condition', (t) => {
  const { markets, skipped } = parseAzuro(item('Arsenal vs Chelsea'), ctx);
  t.deepEqual(skipped, []);
  t.is(markets.length, 5, '3 full-time-result outcomes + 2 total-goals outcomes');
  const arsenal = markets.find((m) => m.title === 'Arsenal vs Chelsea — Arsenal to win')!;
  t.is(arsenal.platform_market_id, '100610000000000251010001:29');
  t.is(arsenal.id, marketId('azuro', '100610000000000251010001:29'));
  // Odds 1.95 / 3.60 / 3.90: 1/odds = 0.512821 + 0.277778 + 0.256410 = 1.047009 (4.7% margin).
  // Before: Yes 1/1.95 = 0.512821 with the margin in it. After: 0.512821 / 1.047009 = 0.489796, No 0.510204.
  // The bettor still pays 0.512821 per unit of payout: that is the ask. No bid (bets are not sold back), and no
  // "not Arsenal" bet in a three-way condition.
  t.deepEqual(arsenal.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.489796, best_bid: null, best_ask: 0.512821 },
    { label: 'No', outcome_index: 1, price: 0.510204, best_bid: null, best_ask: null },
  ]);
  // Two-way Total Goals 1.80 / 2.00: 0.555556 + 0.5 = 1.055556; Over fair 0.555556 / 1.055556 = 0.526316.
  // "Not over" is buying Under at 1/2.00 = 0.5.
  const over = markets.find((m) => m.title === 'Arsenal vs Chelsea — Total Goals: Over (2.5)')!;
  t.deepEqual(over.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.526316, best_bid: null, best_ask: 0.555556 },
    { label: 'No', outcome_index: 1, price: 0.473684, best_bid: null, best_ask: 0.5 },
  ]);
  const fairSum = markets.filter((m) => m.group?.id === arsenal.group?.id).reduce((acc, m) => acc + (m.outcomes[0]?.price ?? 0), 0);
  t.true(Math.abs(fairSum - 1) < 1e-5, `the three fair prices add up to 1 (got ${fairSum})`);
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

test('a stopped condition is closed while the live winner market stays open, with no end time once the game is live', (t) => {
  const { markets } = parseAzuro(item('Kansas City Chiefs vs Buffalo Bills'), ctx);
  const stopped = markets.filter((m) => m.group?.title.endsWith('Total Points'));
  t.true(stopped.every((m) => m.status === 'closed'));
  t.true(stopped.every((m) => m.outcomes.every((o) => o.best_ask === null)), 'a stopped condition takes no bets');
  const live = markets.filter((m) => m.title.endsWith('to win'));
  t.true(live.every((m) => m.status === 'open'));
  t.true(live.every((m) => m.end_time === null), 'kick-off has passed; betting continues until the feed stops it');
});

test('a resolved condition pays its won outcome 1 and the others 0, not their last odds', (t) => {
  const { markets } = parseAzuro(item('Arsenal vs Chelsea', (cs) => cs.map((c) => (c.title === 'Full Time Result' ? { ...c, state: 'Resolved', wonOutcomeIds: ['30'] } : c))), ctx);
  const ftr = markets.filter((m) => m.group?.title.endsWith('Full Time Result'));
  t.deepEqual(ftr.map((m) => [m.title, m.status, m.outcomes[0]?.price]), [
    ['Arsenal vs Chelsea — Arsenal to win', 'resolved', 0],
    ['Arsenal vs Chelsea — Draw', 'resolved', 1],
    ['Arsenal vs Chelsea — Chelsea to win', 'resolved', 0],
  ]);
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
