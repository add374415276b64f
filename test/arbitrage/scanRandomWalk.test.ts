import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { ArbitrageOpportunityEvent } from '../../shared/arbitrage/schema.ts';
import { uuidFromName } from '../../shared/ids.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { at, coldPassChanges, DAY, linkEvent, market, marketEvent, openMemory, passOf, stampedEvent, T0 } from './scanFixtures.ts';

/**
 * The oracle for every index the full pass relies on: after each full pass of a scanner that kept its
 * results, a scanner that scores every question at the same clock finds nothing to publish. A fixed
 * pseudo-random walk of market moves (fetch-stamped and venue-stamped), venue successes and failures, and
 * clock steps from a second to days, over questions sharing markets, with end times the clock passes.
 */

const VENUES: VenueSlug[] = ['polymarket', 'limitless', 'predictfun'];
const MINUTE = 60_000;

test('a pseudo-random walk of events and clock steps: after every full pass a cold rescoring at the same clock has nothing to publish', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const memory = await openMemory(store);
    let seed = 20_261_123;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    // Most ends far off (results kept across steps), one passed within the walk, one entering the 30-day horizon.
    const ends = [T0 + 400 * DAY, T0 + 25 * MINUTE, T0 + 500 * DAY, T0 + 31 * DAY + 2 * 3_600_000, T0 + 450 * DAY, T0 + 600 * DAY];
    // Two markets per venue, each with its own end time; six questions over them (markets shared).
    const markets = new Map<string, NormalizedMarket>();
    VENUES.forEach((venue, v) => {
      for (let k = 0; k < 2; k++) markets.set(`${venue}-${k}`, market(venue, `w${v}${k}`, { bid: 0.4 + 0.02 * v, ask: 0.42 + 0.02 * v }, ends[(v * 2 + k) % ends.length]!, at(T0)));
    });
    const keys = [...markets.keys()];
    for (const m of markets.values()) await memory.onMarket(marketEvent(m, at(T0)));
    const questions = [
      ['polymarket-0', 'limitless-0'],
      ['polymarket-0', 'predictfun-0'],
      ['polymarket-1', 'limitless-1', 'predictfun-1'],
      ['limitless-0', 'predictfun-1'],
      ['polymarket-1', 'predictfun-0'],
      ['limitless-1', 'predictfun-0', 'polymarket-0'],
    ];
    for (const [i, members] of questions.entries()) await memory.onLink(linkEvent(uuidFromName(`walk-${i}`), members.map((k) => markets.get(k)!)));
    for (const venue of VENUES) await memory.onVenue({ type: 'venue_fetch_succeeded', venue, at: at(T0) });

    let now = T0;
    const events: ArbitrageOpportunityEvent[] = [];
    let skipped = 0;
    let rescored = 0;
    for (let step = 0; step < 80; step++) {
      now += pick([1_000, 5_000, 30_000, 30_000, 90_000, 3 * MINUTE, 3_600_000, 1 * DAY]);
      for (let e = 0; e < 3; e++) {
        const r = rand();
        if (r < 0.3) {
          const key = pick(keys);
          const prev = markets.get(key)!;
          const bid = Math.round((0.3 + 0.3 * rand()) * 100) / 100;
          const next = market(prev.platform_slug, prev.platform_market_id, { bid, ask: bid + 0.02 }, Date.parse(prev.end_time!), at(now));
          markets.set(key, next);
          await memory.onMarket(rand() < 0.5 ? marketEvent(next, at(now)) : stampedEvent(next, at(now - 30_000), at(now)));
        } else if (r < 0.65) {
          await memory.onVenue({ type: 'venue_fetch_succeeded', venue: pick(VENUES), at: at(now) });
        } else if (r < 0.72) {
          await memory.onVenue({ type: 'venue_fetch_failed', venue: pick(VENUES), at: at(now) });
        }
      }
      const report = await passOf(memory, now, events);
      skipped += report.unchanged;
      rescored += report.rescanned - report.unchanged;
      t.is(await coldPassChanges(store, now), 0, `step ${step} at +${(now - T0) / 1000} s`);
    }
    // The walk exercised both paths: results kept and skipped, and results rescored.
    t.true(skipped > 0, `skipped ${skipped}`);
    t.true(rescored > 0, `rescored ${rescored}`);
    t.true(events.some((e) => e.change === 'resolved'));
    t.true(events.some((e) => e.opportunity.status === 'stale'));
  } finally {
    await store.close();
  }
});
