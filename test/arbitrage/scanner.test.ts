import test from 'ava';
import { startTestNats, silentLog } from '../support/nats.ts';
import { waitForQuiet } from '../support/quiesce.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { loadConfig } from '../../shared/config.ts';
import { marketId, uuidFromName } from '../../shared/ids.ts';
import { subjects, STREAMS } from '../../shared/streams/subjects.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { MarketNormalized, QuestionSnapshot, VenueHealthEvent } from '../../shared/events.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { jetStreamPublisher } from '../../pipeline/streams/publisher.ts';
import { SCANNER_DURABLES, startScanner } from '../../pipeline/scan/startScanner.ts';
import type { ArbitrageEvent } from '../../shared/arbitrage/schema.ts';
import type { HttpClient } from '../../pipeline/http/types.ts';

/**
 * The scan role on a real nats-server: it learns markets, links and venue health from JetStream,
 * rescans only the questions that changed, and publishes each opportunity's lifecycle to ARB.
 */

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();

function market(venue: VenueSlug, id: string, yes: { bid: number; ask: number }, fetchedAt: string): NormalizedMarket {
  return {
    id: marketId(venue, id),
    platform_slug: venue,
    platform_market_id: id,
    title: `Will it happen? (${id})`,
    slug: id,
    description: null,
    url: null,
    category: 'politics',
    status: 'open',
    end_time: '2028-11-07T00:00:00.000Z',
    created_at: null,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: (yes.bid + yes.ask) / 2, best_bid: yes.bid, best_ask: yes.ask },
      { label: 'No', outcome_index: 1, price: 1 - (yes.bid + yes.ask) / 2, best_bid: 1 - yes.ask, best_ask: 1 - yes.bid },
    ],
    group: null,
    volume24h: 100_000,
    volume_total: null,
    liquidity: 50_000,
    currency: 'USDC',
    play_money: false,
    fee: { kind: 'none', reason: 'fees_disabled', source: 'market' },
    quoted_at: fetchedAt,
  };
}

function snapshot(questionId: string, members: NormalizedMarket[]): QuestionSnapshot {
  return {
    type: 'question_snapshot',
    question: {
      id: questionId,
      title: `Question ${questionId.slice(0, 4)}`,
      slug: 'question',
      category: 'politics',
      end_time: null,
      anchor_market_id: members[0]!.id,
      members: members.map((m) => ({
        market_id: m.id,
        platform_slug: m.platform_slug,
        platform_market_id: m.platform_market_id,
        title: m.title,
        slug: m.slug,
        status: m.status,
        volume24h: m.volume24h,
        liquidity: m.liquidity,
        play_money: m.play_money,
        outcomes: m.outcomes,
        yes_price: m.outcomes[0]!.price,
        quoted_at: m.quoted_at,
        relation: 'identity',
        confidence: 0.95,
        match_method: 'semantic',
        reasons: [],
      })),
    },
    cause: { market_id: members[0]!.id, kind: 'linked', reason: 'test' },
  };
}

const noHttp: HttpClient = {
  getJson: async () => {
    throw new Error('the scanner fetched without an order-book capability');
  },
};

test('the scanner rescans only changed questions and carries one opportunity through created, updated and resolved on ARB', async (t) => {
  const nats = await startTestNats();
  const store = openSqliteStore({ file: ':memory:' });
  const publish = jetStreamPublisher(nats.conn.js);
  const config = loadConfig({ LOG_LEVEL: 'silent', ARB_SCAN_INTERVAL_SECONDS: '3600', ARB_FULL_SCAN_SECONDS: '86400' });
  const scanner = await startScanner({ config, conn: nats.conn, store, publish, http: noHttp, modules: {}, apiKeys: {}, log: silentLog });
  const quiet = () =>
    waitForQuiet(nats.conn, [
      { stream: 'markets', durable: SCANNER_DURABLES.markets },
      { stream: 'links', durable: SCANNER_DURABLES.links },
      { stream: 'venues', durable: SCANNER_DURABLES.venues },
    ]);
  const send = async (m: NormalizedMarket, fetchedAt: string) => {
    const event: MarketNormalized = { type: 'market_normalized', market: { ...m, quoted_at: fetchedAt }, source: { item_id: m.platform_market_id, content_hash: fetchedAt, fetched_at: fetchedAt } };
    await publish(subjects.normalized(m.platform_slug), event);
  };
  const arbEvents = async (): Promise<Array<{ seq: number; event: ArbitrageEvent }>> => {
    const consumer = await nats.conn.js.consumers.get(STREAMS.arbitrage.name);
    const info = await nats.conn.jsm.streams.info(STREAMS.arbitrage.name);
    const out: Array<{ seq: number; event: ArbitrageEvent }> = [];
    if (info.state.messages === 0) return out;
    const it = await consumer.fetch({ max_messages: info.state.messages, expires: 2_000 });
    for await (const m of it) {
      out.push({ seq: m.seq, event: m.json<ArbitrageEvent>() });
      if (m.seq >= info.state.last_seq) break;
    }
    return out;
  };
  try {
    const q1 = uuidFromName('test-question-1');
    const q2 = uuidFromName('test-question-2');
    // Q1: Polymarket asks 0.40, Limitless bids 0.45: a 5-point spread. Q2: 0.40 ask vs 0.39 bid: nothing.
    const a1 = market('polymarket', 'a1', { bid: 0.38, ask: 0.4 }, iso(0));
    const b1 = market('limitless', 'b1', { bid: 0.45, ask: 0.47 }, iso(0));
    const a2 = market('polymarket', 'a2', { bid: 0.38, ask: 0.4 }, iso(0));
    const b2 = market('limitless', 'b2', { bid: 0.39, ask: 0.41 }, iso(0));
    for (const m of [a1, b1, a2, b2]) await send(m, new Date().toISOString());
    await publish(subjects.linked(), snapshot(q1, [a1, b1]));
    await publish(subjects.linked(), snapshot(q2, [a2, b2]));
    for (const venue of ['polymarket', 'limitless'] as const) {
      const ok: VenueHealthEvent = { type: 'venue_fetch_succeeded', venue, at: new Date().toISOString(), item_count: 2, changed_count: 2, duration_ms: 1 };
      await publish(subjects.venueHealth(venue), ok);
    }
    await quiet();

    const first = await scanner.scanNow(false);
    t.is(first.changes, 1, 'one opportunity appears');
    let events = await arbEvents();
    const created = events.filter((e) => e.event.type === 'arbitrage_opportunity');
    t.is(created.length, 1);
    const opp = created[0]!.event.type === 'arbitrage_opportunity' ? created[0]!.event.opportunity : null;
    t.like(opp, { canonical_question_id: q1, buy_price: 0.4, sell_price: 0.45, spread: 0.05, status: 'active' });
    t.true(events.some((e) => e.event.type === 'arbitrage_scan'), 'the pass publishes its stats');

    // Only Q1 changes: Limitless now bids 0.46.
    await send(market('limitless', 'b1', { bid: 0.46, ask: 0.48 }, iso(0)), new Date(Date.now() + 1).toISOString());
    await quiet();
    const second = await scanner.scanNow(false);
    t.is(second.rescanned, 1, 'the unchanged question is not rescanned');
    t.is(second.changes, 1);
    events = await arbEvents();
    const updated = events.filter((e) => e.event.type === 'arbitrage_opportunity').at(-1)!.event;
    t.like(updated, { change: 'updated', opportunity: { id: opp!.id, detected_at: opp!.detected_at, sell_price: 0.46, spread: 0.06 } });

    // Nothing changed: a pass over nothing does nothing.
    await t.throwsAsync(() => scanner.scanNow(false), { message: /skipped/ });

    // The bid falls to 0.39: the spread is gone and the opportunity resolves.
    await send(market('limitless', 'b1', { bid: 0.39, ask: 0.41 }, iso(0)), new Date(Date.now() + 2).toISOString());
    await quiet();
    await scanner.scanNow(false);
    events = await arbEvents();
    const resolved = events.filter((e) => e.event.type === 'arbitrage_opportunity').at(-1)!.event;
    t.like(resolved, { change: 'resolved', opportunity: { id: opp!.id, status: 'resolved', detected_at: opp!.detected_at } });
    const seqs = events.map((e) => e.seq);
    t.deepEqual(seqs, [...seqs].sort((x, y) => x - y));
  } finally {
    await scanner.stop();
    await store.close();
    await nats.close();
  }
});
