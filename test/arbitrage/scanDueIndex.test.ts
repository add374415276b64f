import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { ArbitrageOpportunityEvent } from '../../shared/arbitrage/schema.ts';
import { uuidFromName } from '../../shared/ids.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { ScannerMemory } from '../../pipeline/scan/memory.ts';
import { at, coldPassChanges, DAY, linkEvent, market, marketEvent, openMemory, passOf, T0 } from './scanFixtures.ts';

/**
 * A full pass rescores only the questions something could have moved, found through indexes rather than a
 * walk over every question: a clock bound reached (an end time), a venue whose health flipped, a market
 * that changed (in every question sharing it). Each case is checked against hand-computed events and
 * against a scanner that scores every question at the same clock (which must find nothing to publish).
 */

const MINUTE = 60_000;
const confirm = async (memory: ScannerMemory, ms: number, venues: VenueSlug[] = ['polymarket', 'limitless', 'predictfun']) => {
  for (const venue of venues) await memory.onVenue({ type: 'venue_fetch_succeeded', venue, at: at(ms) });
};
const pairs = (events: ArbitrageOpportunityEvent[]) =>
  events.map((e) => [e.change, `${e.opportunity.buy_platform.slug}->${e.opportunity.sell_platform.slug}`, e.opportunity.status, e.opportunity.arbitrage_score]);

test('a question whose verdict changes only because the clock passed one member\'s end time is rescored on the first full pass after it, with no event', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    const q = uuidFromName('expiry-question');
    const far = T0 + 400 * DAY;
    const pfEnd = T0 + 10 * MINUTE;
    // Buy Yes on Polymarket at 0.40; Limitless and Predict.fun both bid 0.45 (no fees). Predict.fun's market ends in 10 minutes.
    const poly = market('polymarket', 'e1', { bid: 0.38, ask: 0.4 }, far, at(T0));
    const lim = market('limitless', 'e2', { bid: 0.45, ask: 0.47 }, far, at(T0));
    const pf = market('predictfun', 'e3', { bid: 0.45, ask: 0.47 }, pfEnd, at(T0));
    for (const m of [poly, lim, pf]) await memory.onMarket(marketEvent(m, at(T0)));
    await memory.onLink(linkEvent(q, [poly, lim, pf]));
    await confirm(memory, T0);
    const events: ArbitrageOpportunityEvent[] = [];
    await passOf(memory, T0, events);
    // Execution 0.5 and market 0.3 in both; temporal 0.2 for 400 days out, 0.2 x (10 min / 30 days) ~ 0 for Predict.fun's.
    t.deepEqual(pairs(events).sort(), [
      ['created', 'polymarket->limitless', 'active', 100],
      ['created', 'polymarket->predictfun', 'active', 80],
    ]);

    // Five minutes on: nothing changed and no bound reached; the question is kept (no event arrives at the end either).
    await confirm(memory, T0 + 5 * MINUTE);
    const before = await passOf(memory, T0 + 5 * MINUTE, events);
    t.is(before.rescanned - before.unchanged, 0);
    t.is(events.length, 2);

    // One second past Predict.fun's end: its market is no longer tradeable and that opportunity resolves; the other stays.
    await confirm(memory, pfEnd + 1_000);
    const after = await passOf(memory, pfEnd + 1_000, events);
    t.is(after.rescanned - after.unchanged, 1, 'the end time was a bound of the kept result');
    t.deepEqual(pairs(events.slice(2)), [['resolved', 'polymarket->predictfun', 'resolved', 80]]);
    t.regex(events[2]!.opportunity.resolution_reason ?? '', /predictfun market e3 closed, resolved, passed its end time/);
    t.is(await coldPassChanges(store, pfEnd + 1_000), 0);
  } finally {
    await store.close();
  }
});

test('a venue that starts failing rescores only the questions listing it, and its recovery only those again', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    const far = T0 + 400 * DAY;
    const qa = uuidFromName('flip-a');
    const qb = uuidFromName('flip-b');
    // A: Polymarket 0.40 -> Limitless 0.45. B: Polymarket 0.40 -> Predict.fun 0.45.
    const a1 = market('polymarket', 'fa1', { bid: 0.38, ask: 0.4 }, far, at(T0));
    const a2 = market('limitless', 'fa2', { bid: 0.45, ask: 0.47 }, far, at(T0));
    const b1 = market('polymarket', 'fb1', { bid: 0.38, ask: 0.4 }, far, at(T0));
    const b2 = market('predictfun', 'fb2', { bid: 0.45, ask: 0.47 }, far, at(T0));
    for (const m of [a1, a2, b1, b2]) await memory.onMarket(marketEvent(m, at(T0)));
    await memory.onLink(linkEvent(qa, [a1, a2]));
    await memory.onLink(linkEvent(qb, [b1, b2]));
    await confirm(memory, T0);
    const events: ArbitrageOpportunityEvent[] = [];
    await passOf(memory, T0, events);
    t.is(events.length, 2);

    // Predict.fun's next fetch fails: B's leg there is stale at once and the gate degrades; A is not touched.
    await confirm(memory, T0 + 10_000, ['polymarket', 'limitless']);
    await memory.onVenue({ type: 'venue_fetch_failed', venue: 'predictfun', at: at(T0 + 10_000) });
    const failing = await passOf(memory, T0 + 20_000, events);
    t.deepEqual([failing.rescanned, failing.unchanged], [2, 1], 'only B is rescored');
    t.deepEqual(events.slice(2).map((e) => [e.opportunity.canonical_question_id, e.change, e.opportunity.status, e.opportunity.risk_gate_state]), [[qb, 'updated', 'stale', 'degraded']]);
    t.is(await coldPassChanges(store, T0 + 20_000), 0);

    // It answers again: B is fresh and allowed again, A still untouched.
    await confirm(memory, T0 + 30_000);
    const recovered = await passOf(memory, T0 + 30_000, events);
    t.deepEqual([recovered.rescanned, recovered.unchanged], [2, 1]);
    t.deepEqual(events.slice(3).map((e) => [e.opportunity.canonical_question_id, e.change, e.opportunity.status, e.opportunity.risk_gate_state]), [[qb, 'updated', 'active', 'allowed']]);
    t.is(await coldPassChanges(store, T0 + 30_000), 0);
  } finally {
    await store.close();
  }
});

test('a market linked into two questions moves both: the next pass (full or not) rescores each question it is in', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    const far = T0 + 400 * DAY;
    const qa = uuidFromName('shared-a');
    const qb = uuidFromName('shared-b');
    // One Polymarket market asking 0.40 in both questions; Limitless bids 0.45 in A, Predict.fun 0.44 in B.
    const shared = market('polymarket', 's1', { bid: 0.38, ask: 0.4 }, far, at(T0));
    const lim = market('limitless', 's2', { bid: 0.45, ask: 0.47 }, far, at(T0));
    const pf = market('predictfun', 's3', { bid: 0.44, ask: 0.46 }, far, at(T0));
    for (const m of [shared, lim, pf]) await memory.onMarket(marketEvent(m, at(T0)));
    await memory.onLink(linkEvent(qa, [shared, lim]));
    await memory.onLink(linkEvent(qb, [shared, pf]));
    await confirm(memory, T0);
    const events: ArbitrageOpportunityEvent[] = [];
    await passOf(memory, T0, events);
    t.deepEqual(events.map((e) => [e.opportunity.canonical_question_id, e.opportunity.buy_price, e.opportunity.sell_price]).sort(), [
      [qa, 0.4, 0.45],
      [qb, 0.4, 0.44],
    ].sort());

    // The shared market's ask rises to 0.42: spreads 0.03 in A and 0.02 in B. A pass over the changed questions only.
    await memory.onMarket(marketEvent(market('polymarket', 's1', { bid: 0.4, ask: 0.42 }, far, at(T0)), at(T0 + 1_000)));
    await confirm(memory, T0 + 1_000);
    const changed = memory.takeDirty().ids;
    t.deepEqual([...changed].sort(), [qa, qb].sort(), 'both questions are marked');
    const report = await passOf(memory, T0 + 2_000, events, undefined, { ids: changed, full: false });
    t.is(report.changes, 2);
    t.deepEqual(events.slice(2).map((e) => [e.opportunity.canonical_question_id, e.change, e.opportunity.buy_price, e.opportunity.spread]).sort(), [
      [qa, 'updated', 0.42, 0.03],
      [qb, 'updated', 0.42, 0.02],
    ].sort());
    // A full pass then has nothing left to rescore, and a scanner scoring everything agrees.
    const full = await passOf(memory, T0 + 2_000, events);
    t.deepEqual([full.rescanned, full.unchanged, full.changes], [2, 2, 0]);
    t.is(await coldPassChanges(store, T0 + 2_000), 0);
  } finally {
    await store.close();
  }
});
