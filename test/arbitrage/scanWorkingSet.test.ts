import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { ArbitrageOpportunityEvent } from '../../shared/arbitrage/schema.ts';
import { uuidFromName } from '../../shared/ids.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { BookFetcher } from '../../pipeline/scan/books.ts';
import type { OrderBook } from '../../shared/arbitrage/types.ts';
import type { ScannerMemory } from '../../pipeline/scan/memory.ts';
import { at, coldPassChanges, DAY, linkEvent, market, marketEvent, openMemory, passOf, stampedEvent, stored, T0 } from './scanFixtures.ts';

/**
 * The scan pass reads a working set held in memory and skips questions whose verdicts cannot have changed.
 * Proved against two oracles: hand-computed opportunities at each step, and a scanner with nothing in memory
 * (loaded from the store, so it scores every question) finding no change to publish at the same moment.
 */

test('a full pass skips unchanged questions only while their verdicts hold: the 30-day horizon and the end time still move them, as a cold rescan confirms', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    const q = uuidFromName('working-set-question');
    const end = T0 + 40 * DAY;
    // Buy Yes on Polymarket at 0.40, sell on Limitless at 0.45: spread 0.05, no fees, capital 0.95, deep markets.
    const poly = market('polymarket', 'p1', { bid: 0.38, ask: 0.4 }, end, at(T0));
    const lim = market('limitless', 'l1', { bid: 0.45, ask: 0.47 }, end, at(T0));
    await memory.onMarket(marketEvent(poly, at(T0)));
    await memory.onMarket(marketEvent(lim, at(T0)));
    await memory.onLink(linkEvent(q, [poly, lim]));
    const success = async (ms: number) => {
      for (const venue of ['polymarket', 'limitless'] as const) await memory.onVenue({ type: 'venue_fetch_succeeded', venue, at: at(ms) });
    };
    await success(T0);

    // Execution 1 (net 0.05 and 5.26 per 100 both saturate, nothing lost to fees), market 1 (50k depth, 100k
    // volume), temporal 1 (40 days out): score 100.
    const events: ArbitrageOpportunityEvent[] = [];
    const first = await passOf(memory, T0, events);
    t.is(first.unchanged, 0);
    t.deepEqual(events.map((e) => [e.change, e.opportunity.arbitrage_score, e.opportunity.status]), [['created', 100, 'active']]);

    // One minute later, the venues confirmed their quotes: nothing to rescore, nothing to publish.
    await success(T0 + 60_000);
    const again = await passOf(memory, T0 + 60_000, events);
    t.is(again.unchanged, 1, 'the question is skipped');
    t.is(again.changes, 0);
    t.is(await coldPassChanges(store, T0 + 60_000), 0, 'a full rescore finds nothing either');

    // Eleven days on (29 days before the end), quotes confirmed: the temporal factor left saturation, 0.2 x 29/30
    // costs 0.67 points: score 99.
    await success(T0 + 11 * DAY);
    const horizon = await passOf(memory, T0 + 11 * DAY, events);
    t.is(horizon.unchanged, 0, 'inside the 30-day horizon the question is rescored');
    t.deepEqual(events.slice(1).map((e) => [e.change, e.opportunity.arbitrage_score, e.opportunity.score_factors.temporal]), [['updated', 99, 0.967]]);
    t.is(await coldPassChanges(store, T0 + 11 * DAY), 0);
    // Inside the horizon a result is kept for an hour when the score an hour on is the same (99 still: 0.2 x
    // (29 days - 1 hour) / 30 days moves it by 0.003 points).
    await success(T0 + 11 * DAY + 60_000);
    t.is((await passOf(memory, T0 + 11 * DAY + 60_000, events)).unchanged, 1);
    t.is(await coldPassChanges(store, T0 + 11 * DAY + 60_000), 0);

    // Twenty days on (20 before the end): 0.5 + 0.3 + 0.2 x 20/30 = 0.933: score 93, rescored on every pass.
    await success(T0 + 20 * DAY);
    const inside = await passOf(memory, T0 + 20 * DAY, events);
    t.is(inside.unchanged, 0);
    t.deepEqual(events.slice(2).map((e) => [e.change, e.opportunity.arbitrage_score]), [['updated', 93]]);
    t.is(await coldPassChanges(store, T0 + 20 * DAY), 0);

    // Past the markets' end: they stop being tradeable and the opportunity resolves.
    await success(end + 1);
    await passOf(memory, end + 1, events);
    t.deepEqual(events.slice(3).map((e) => [e.change, e.opportunity.status]), [['resolved', 'resolved']]);
    t.is(await coldPassChanges(store, end + 1), 0);
  } finally {
    await store.close();
  }
});

test('inside the horizon a result is not kept when the score would round differently within the hour: the next passes rescore until it does', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    const q = uuidFromName('probe-question');
    // 100 x score raw = 50 + 30 + 20 x days/30: it rounds from 100 to 99 at 29.25 days before the end. The
    // markets end 29.25 days and 30 minutes after T0.
    const end = T0 + 29.25 * DAY + 30 * 60_000;
    const poly = market('polymarket', 'p4', { bid: 0.38, ask: 0.4 }, end, at(T0));
    const lim = market('limitless', 'l4', { bid: 0.45, ask: 0.47 }, end, at(T0));
    await memory.onMarket(marketEvent(poly, at(T0)));
    await memory.onMarket(marketEvent(lim, at(T0)));
    await memory.onLink(linkEvent(q, [poly, lim]));
    const passAt = async (ms: number, events: ArbitrageOpportunityEvent[]) => {
      for (const venue of ['polymarket', 'limitless'] as const) await memory.onVenue({ type: 'venue_fetch_succeeded', venue, at: at(ms) });
      return passOf(memory, ms, events);
    };
    const events: ArbitrageOpportunityEvent[] = [];
    await passAt(T0, events);
    t.deepEqual(events.map((e) => e.opportunity.arbitrage_score), [100]);
    const next = await passAt(T0 + 60_000, events);
    t.is(next.unchanged, 0, 'rescored: an hour on the score is 99');
    t.is(events.length, 1, 'still 100 a minute on');
    await passAt(T0 + 31 * 60_000, events);
    t.deepEqual(events.slice(1).map((e) => [e.change, e.opportunity.arbitrage_score]), [['updated', 99]]);
    t.is(await coldPassChanges(store, T0 + 31 * 60_000), 0);
  } finally {
    await store.close();
  }
});

test('a question within reach of an order book is rescored on every pass: a book the venue did not serve before may come back', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    const q = uuidFromName('book-question');
    const end = T0 + 400 * DAY;
    const poly = market('polymarket', 'p5', { bid: 0.38, ask: 0.4 }, end, at(T0));
    const lim = market('limitless', 'l5', { bid: 0.45, ask: 0.47 }, end, at(T0));
    await memory.onMarket(marketEvent(poly, at(T0)));
    await memory.onMarket(marketEvent(lim, at(T0)));
    await memory.onLink(linkEvent(q, [poly, lim]));
    // Polymarket serves books; its first answer fails (listing quotes used), the next one asks 0.39 for 1,000.
    let served: OrderBook | null = null;
    const books: BookFetcher = {
      booksFor: async (markets) => new Map(served ? markets.filter((m) => m.id === poly.id).map((m) => [m.id, served!] as const) : []),
      requested: 0,
      serves: (venue) => venue === 'polymarket',
    };
    const events: ArbitrageOpportunityEvent[] = [];
    const passAt = async (ms: number) => {
      for (const venue of ['polymarket', 'limitless'] as const) await memory.onVenue({ type: 'venue_fetch_succeeded', venue, at: at(ms) });
      return passOf(memory, ms, events, books);
    };
    await passAt(T0);
    t.deepEqual(events.map((e) => [e.change, e.opportunity.buy_price]), [['created', 0.4]]);
    served = { yes: { bids: [{ price: 0.38, size: 1_000 }], asks: [{ price: 0.39, size: 1_000 }] }, no: { bids: [{ price: 0.61, size: 1_000 }], asks: [{ price: 0.62, size: 1_000 }] }, quoted_at: at(T0 + 60_000), stamped: false };
    const second = await passAt(T0 + 60_000);
    t.is(second.unchanged, 0);
    t.deepEqual(events.slice(1).map((e) => [e.change, e.opportunity.buy_price, e.opportunity.legs[0].price_source]), [['updated', 0.39, 'order_book']]);
  } finally {
    await store.close();
  }
});

test('a quote stamped with our fetch time stays fresh while its venue confirms it, and a skipped question turns stale once the venue stops', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    const q = uuidFromName('confirmed-question');
    const end = T0 + 400 * DAY;
    const poly = market('polymarket', 'p3', { bid: 0.38, ask: 0.4 }, end, at(T0));
    const lim = market('limitless', 'l3', { bid: 0.45, ask: 0.47 }, end, at(T0));
    await memory.onMarket(marketEvent(poly, at(T0)));
    await memory.onMarket(marketEvent(lim, at(T0)));
    await memory.onLink(linkEvent(q, [poly, lim]));
    const confirm = async (ms: number, venues: VenueSlug[] = ['polymarket', 'limitless']) => {
      for (const venue of venues) await memory.onVenue({ type: 'venue_fetch_succeeded', venue, at: at(ms) });
    };
    const events: ArbitrageOpportunityEvent[] = [];
    await confirm(T0);
    await passOf(memory, T0, events);
    // 200 s on, both venues answered at 100 s: the quotes are 100 s old, fresh.
    await confirm(T0 + 100_000);
    t.is((await passOf(memory, T0 + 200_000, events)).unchanged, 1);
    // Only Polymarket answers from then on: at 221 s Limitless's quote is 121 s old.
    await confirm(T0 + 221_000, ['polymarket']);
    const aged = await passOf(memory, T0 + 221_000, events);
    t.is(aged.unchanged, 0);
    t.deepEqual(events.map((e) => [e.change, e.opportunity.status, e.opportunity.actionable_blockers]), [
      ['created', 'active', []],
      ['updated', 'stale', ['stale_quote:limitless']],
    ]);
    t.is(await coldPassChanges(store, T0 + 221_000), 0);
  } finally {
    await store.close();
  }
});

test('a venue whose latest fetch failed makes a skipped question rescored: its legs are stale at once, whatever their age', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    const q = uuidFromName('failing-question');
    const end = T0 + 400 * DAY;
    const poly = market('polymarket', 'p6', { bid: 0.38, ask: 0.4 }, end, at(T0));
    const lim = market('limitless', 'l6', { bid: 0.45, ask: 0.47 }, end, at(T0));
    await memory.onMarket(marketEvent(poly, at(T0)));
    await memory.onMarket(marketEvent(lim, at(T0)));
    await memory.onLink(linkEvent(q, [poly, lim]));
    for (const venue of ['polymarket', 'limitless'] as const) await memory.onVenue({ type: 'venue_fetch_succeeded', venue, at: at(T0) });
    const events: ArbitrageOpportunityEvent[] = [];
    await passOf(memory, T0, events);
    t.is((await passOf(memory, T0 + 5_000, events)).unchanged, 1);
    await memory.onVenue({ type: 'venue_fetch_failed', venue: 'limitless', at: at(T0 + 10_000) });
    const failing = await passOf(memory, T0 + 20_000, events);
    t.is(failing.unchanged, 0);
    t.deepEqual(events.map((e) => [e.change, e.opportunity.status, e.opportunity.risk_gate_state]), [
      ['created', 'active', 'allowed'],
      ['updated', 'stale', 'degraded'],
    ]);
    t.is(await coldPassChanges(store, T0 + 20_000), 0);
  } finally {
    await store.close();
  }
});

test('a stamped quote ages by its stamp: the skipped question turns stale once the stamp is older than the bound', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    const q = uuidFromName('stamped-question');
    const end = T0 + 400 * DAY;
    const poly = market('polymarket', 'p2', { bid: 0.38, ask: 0.4 }, end, at(T0));
    // PredictIt-like: the venue stamps its quote 30 s before our fetch.
    const lim = market('limitless', 'l2', { bid: 0.45, ask: 0.47 }, end, at(T0));
    await memory.onMarket(marketEvent(poly, at(T0)));
    await memory.onMarket(stampedEvent(lim, at(T0 - 30_000), at(T0)));
    await memory.onLink(linkEvent(q, [poly, lim]));
    const events: ArbitrageOpportunityEvent[] = [];
    const confirm = async (ms: number) => {
      for (const venue of ['polymarket', 'limitless'] as const) await memory.onVenue({ type: 'venue_fetch_succeeded', venue, at: at(ms) });
    };
    await confirm(T0);
    await passOf(memory, T0, events);
    t.deepEqual(events.map((e) => e.opportunity.status), ['active']);

    // 89 s later the stamp is 119 s old: still fresh, skipped.
    await confirm(T0 + 89_000);
    t.is((await passOf(memory, T0 + 89_000, events)).unchanged, 1);
    // 91 s later it is 121 s old, past the 120 s bound, though the venue keeps answering.
    await confirm(T0 + 91_000);
    const aged = await passOf(memory, T0 + 91_000, events);
    t.is(aged.unchanged, 0);
    t.deepEqual(events.map((e) => [e.change, e.opportunity.status, e.opportunity.actionable_blockers]), [
      ['created', 'active', []],
      ['updated', 'stale', ['stale_quote:limitless']],
    ]);
    t.is(await coldPassChanges(store, T0 + 91_000), 0);
  } finally {
    await store.close();
  }
});

test('a scanner restarted mid-stream rebuilds its working set from its store and holds the opportunities of one that ran throughout', async (t) => {
  const throughout = openSqliteStore({ file: ':memory:' });
  const restarted = openSqliteStore({ file: ':memory:' });
  try {
    const end = T0 + 200 * DAY;
    const qa = uuidFromName('restart-a');
    const qb = uuidFromName('restart-b');
    const a1 = market('polymarket', 'a1', { bid: 0.38, ask: 0.4 }, end, at(T0));
    const a2 = market('limitless', 'a2', { bid: 0.45, ask: 0.47 }, end, at(T0));
    const b1 = market('polymarket', 'b1', { bid: 0.5, ask: 0.52 }, end, at(T0));
    const b2 = market('predictfun', 'b2', { bid: 0.49, ask: 0.51 }, end, at(T0));
    type Step = (m: ScannerMemory) => Promise<void>;
    const before: Step[] = [
      (m) => m.onMarket(marketEvent(a1, at(T0))),
      (m) => m.onMarket(marketEvent(a2, at(T0))),
      (m) => m.onMarket(marketEvent(b1, at(T0))),
      (m) => m.onLink(linkEvent(qa, [a1, a2])),
      (m) => m.onVenue({ type: 'venue_fetch_succeeded', venue: 'polymarket', at: at(T0) }),
    ];
    // After the restart: B's second venue arrives (B now crosses: ask 0.52 < bid 0.55), A's spread closes.
    const after: Step[] = [
      (m) => m.onMarket(marketEvent(market('predictfun', 'b2', { bid: 0.55, ask: 0.57 }, end, at(T0)), at(T0 + 1_000))),
      (m) => m.onLink(linkEvent(qb, [b1, b2])),
      (m) => m.onMarket(marketEvent(market('limitless', 'a2', { bid: 0.39, ask: 0.41 }, end, at(T0)), at(T0 + 2_000))),
      (m) => m.onVenue({ type: 'venue_fetch_succeeded', venue: 'limitless', at: at(T0 + 2_000) }),
      (m) => m.onVenue({ type: 'venue_fetch_succeeded', venue: 'predictfun', at: at(T0 + 2_000) }),
    ];

    const one = await openMemory(throughout);
    for (const s of before) await s(one);
    await passOf(one, T0 + 500);
    for (const s of after) await s(one);
    await passOf(one, T0 + 3_000);

    const first = await openMemory(restarted);
    for (const s of before) await s(first);
    await passOf(first, T0 + 500);
    // The process stops here; a new one loads what the first wrote and consumes the rest of the streams.
    const second = await openMemory(restarted);
    for (const s of after) await s(second);
    const report = await passOf(second, T0 + 3_000);
    t.is(report.unchanged, 0, 'nothing is skipped right after a restart');

    const expected = await stored(throughout);
    t.deepEqual(expected.map((o) => [o.canonical_question_id, o.status, o.buy_price, o.sell_price]), [
      [qa, 'resolved', 0.4, 0.45],
      [qb, 'active', 0.52, 0.55],
    ].sort((x, y) => (expected.find((o) => o.canonical_question_id === x[0])!.id < expected.find((o) => o.canonical_question_id === y[0])!.id ? -1 : 1)));
    t.deepEqual(await stored(restarted), expected);
  } finally {
    await throughout.close();
    await restarted.close();
  }
});
