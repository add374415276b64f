import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { applyEvent } from '../../projections/applyEvent.ts';
import { priceBackfillProjection } from '../../projections/priceHistory/backfillProjection.ts';
import type { MarketHistoryBackfilled } from '../../shared/events.ts';
import { snapshotsFor } from '../../api/watchlists/snapshot.ts';
import { market, member, project, snapshot, tick } from './support.ts';

/*
 * Watchlist snapshots read "24 hours ago" from the price-history read models (observed series, venue backfill,
 * question index series). Each series below is scripted at times away from the 5-minute bucket edges, and every
 * expected value is worked out by hand from it.
 */
const NOW = Date.parse('2026-06-10T12:00:00.000Z');
const M = 60_000;
const H = 60 * M;
const iso = (ms: number) => new Date(ms).toISOString();
const yesAt = (m: ReturnType<typeof market>, yes: number) => ({
  ...m,
  outcomes: [
    { label: 'Yes', outcome_index: 0, price: yes },
    { label: 'No', outcome_index: 1, price: Math.round((1 - yes) * 1e6) / 1e6 },
  ],
});

// Real titles from the recorded catalogues; prices invented so the arithmetic is easy.
const fed = market('polymarket', 'chg-fed', 'Fed decision in December?', 0.61);
const senate = market('kalshi', 'CONTROLS-2026-R', 'Will Republicans control the Senate after the 2026 election?', 0.58);
const young = market('limitless', 'chg-young', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.27);

test('the 24-hour change equals the hand-computed difference against the price that prevailed 24 hours ago', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    await project(store, [
      // fed: 0.40 from 48 h ago, 0.52 from 24 h 17 min ago, 0.55 from 23 h 43 min ago, 0.61 from 2 h ago.
      // At now - 24 h the prevailing price is 0.52: change 0.61 - 0.52 = +0.09.
      { event: tick(yesAt(fed, 0.4), iso(NOW - 48 * H)), seq: 1 },
      { event: tick(yesAt(fed, 0.52), iso(NOW - 24 * H - 17 * M)), seq: 2 },
      { event: tick(yesAt(fed, 0.55), iso(NOW - 23 * H - 43 * M)), seq: 3 },
      { event: tick(fed, iso(NOW - 2 * H)), seq: 4 },
      // senate: quiet for three days at 0.66, then 0.58 since 6 h ago: 0.58 - 0.66 = -0.08.
      { event: tick(yesAt(senate, 0.66), iso(NOW - 72 * H - 7 * M)), seq: 5 },
      { event: tick(senate, iso(NOW - 6 * H)), seq: 6 },
      // young: Concord has seen it for 3 hours only (0.27)...
      { event: tick(young, iso(NOW - 3 * H)), seq: 7 },
      // question: index of fed (volume 1000) and senate (volume 1000) snapshots: 25 h ago (0.52 + 0.66) / 2 = 0.59,
      // 1 h ago (0.61 + 0.58) / 2 = 0.595: change 0.595 - 0.59 = +0.005.
      { event: snapshot('q-chg', 'Rates and the Senate', [member({ ...yesAt(fed, 0.52), quoted_at: iso(NOW - 25 * H) }), member({ ...yesAt(senate, 0.66), quoted_at: iso(NOW - 25 * H) })]), seq: 1 },
      { event: snapshot('q-chg', 'Rates and the Senate', [member({ ...fed, quoted_at: iso(NOW - H) }), member({ ...senate, quoted_at: iso(NOW - H) })]), seq: 2 },
      // q-new: first indexed 20 h ago: its price 24 h ago is unknown.
      { event: snapshot('q-new', 'Only recently linked', [member({ ...fed, quoted_at: iso(NOW - 20 * H) }), member({ ...young, quoted_at: iso(NOW - 20 * H) })]), seq: 3 },
    ]);
    // ...but its venue published earlier prices when it was first seen: 0.31 at 30 h ago, 0.35 at 24 h 40 min ago,
    // 0.30 at 23 h ago. At now - 24 h the venue's 0.35 prevailed: 0.27 - 0.35 = -0.08.
    const s = (ms: number) => Math.floor(ms / 1000);
    const backfill: MarketHistoryBackfilled = {
      type: 'market_history_backfilled',
      market_id: young.id,
      venue: 'limitless',
      platform_market_id: young.platform_market_id,
      fetched_at: iso(NOW - 3 * H),
      source: 'test',
      points: [
        [s(NOW - 30 * H), 0.31],
        [s(NOW - 24 * H - 40 * M), 0.35],
        [s(NOW - 23 * H), 0.3],
      ],
    };
    await applyEvent(store, priceBackfillProjection, backfill, 1);

    const items = [
      { _id: 'i-fed', market_id: fed.id, canonical_question_id: null },
      { _id: 'i-senate', market_id: senate.id, canonical_question_id: null },
      { _id: 'i-young', market_id: young.id, canonical_question_id: null },
      { _id: 'i-q', market_id: null, canonical_question_id: 'q-chg' },
      { _id: 'i-q-new', market_id: null, canonical_question_id: 'q-new' },
    ];
    const snaps = await snapshotsFor(store, items, NOW);
    t.like(snaps.get('i-fed'), { price: 0.61, price_24h_ago: 0.52, change_24h: 0.09 });
    t.like(snaps.get('i-senate'), { price: 0.58, price_24h_ago: 0.66, change_24h: -0.08 }, 'a quiet market\'s last point stands for the quiet time');
    t.like(snaps.get('i-young'), { price: 0.27, price_24h_ago: 0.35, change_24h: -0.08 }, 'the venue\'s backfilled history covers the time before Concord saw the market');
    t.like(snaps.get('i-q'), { kind: 'question', price: 0.595, price_24h_ago: 0.59, change_24h: 0.005 });
    t.like(snaps.get('i-q-new'), { kind: 'question', price_24h_ago: null, change_24h: null }, 'unknown, never 0');

    // Twenty minutes later, 24 h before is 23 h 40 min before NOW: after fed's 0.55 (23 h 43 min before NOW).
    // 0.61 - 0.55 = +0.06.
    t.like((await snapshotsFor(store, items, NOW + 20 * M)).get('i-fed'), { price_24h_ago: 0.55, change_24h: 0.06 });
  } finally {
    await store.close();
  }
});
