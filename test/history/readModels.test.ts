import test from 'ava';
import type { QuestionMember, QuestionSnapshot } from '../../shared/events.ts';
import { marketId } from '../../shared/ids.ts';
import { decodePoints } from '../../shared/history/series.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { applyEvent } from '../../projections/applyEvent.ts';
import { evolveQuestionHistory, questionHistoryProjection } from '../../projections/questionHistory/projection.ts';
import { evolvePriceHistory } from '../../projections/priceHistory/projection.ts';
import { evolveMarket } from '../../projections/markets/projection.ts';
import { sortKeyAsOf } from '../../projections/markets/sortVersions.ts';
import { applyPlatformMetrics, PLATFORM_DAYS, PLATFORM_TOTALS, type PlatformTotalsDoc } from '../../projections/platformMetrics/apply.ts';
import { platformStats } from '../../projections/platformMetrics/queries.ts';
import { market, snapshot } from '../support/marketEvents.ts';

const member = (slug: QuestionMember['platform_slug'], yes: number | null, volume24h: number | null, quotedAt: string, status = 'open'): QuestionMember => ({
  market_id: marketId(slug, 'x'),
  platform_slug: slug,
  platform_market_id: 'x',
  title: 'Will X happen?',
  slug: 'x',
  status,
  volume24h,
  liquidity: null,
  play_money: slug === 'manifold',
  outcomes: [],
  yes_price: yes,
  quoted_at: quotedAt,
  relation: 'identity',
  confidence: 1,
  match_method: 'exact',
  reasons: [],
});
const question = (members: QuestionMember[]): QuestionSnapshot => ({
  type: 'question_snapshot',
  question: { id: 'q1', title: 'Will X happen?', slug: 'x', category: 'politics', end_time: null, anchor_market_id: members[0]?.market_id ?? '', members },
  cause: { market_id: members[0]?.market_id ?? '', kind: 'updated', reason: 'test' },
});

test('a question snapshot adds its volume-weighted index at its newest member quote, and records the open venues', (t) => {
  // (0.6 * 300 + 0.5 * 100) / 400 = 0.575, observed at the later quote (12:05).
  const doc = evolveQuestionHistory(null, question([member('polymarket', 0.6, 300, '2026-01-01T12:00:00.000Z'), member('predictit', 0.5, 100, '2026-01-01T12:05:00.000Z')]));
  t.deepEqual(decodePoints(doc?.points), [[Date.UTC(2026, 0, 1, 12, 5) / 1000, 0.575]]);
  t.deepEqual(doc?.venues, { polymarket: true, predictit: true });
  t.is(doc?.market_count, 2);
  // PredictIt's market closes: it no longer prices the question, which is then Polymarket's 0.61 alone.
  const next = evolveQuestionHistory(doc, question([member('polymarket', 0.61, 300, '2026-01-01T12:10:00.000Z'), member('predictit', 0.5, 100, '2026-01-01T12:05:00.000Z', 'closed')]));
  t.deepEqual(decodePoints(next?.points).map(([, p]) => p), [0.575, 0.61]);
  t.deepEqual(next?.venues, { polymarket: true });
  t.is(next?.market_count, 1);
  t.is(evolveQuestionHistory(next, { type: 'question_removed', question_id: 'q1', cause: { market_id: 'x', reason: 'gone' } }), null);
});

test('linked questions count per venue: questions with an open market on it and on at least one other venue', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    await applyEvent(store, questionHistoryProjection, question([member('polymarket', 0.6, 1, '2026-01-01T12:00:00.000Z'), member('manifold', 0.5, 1, '2026-01-01T12:00:00.000Z')]), 1);
    const solo = question([member('polymarket', 0.3, 1, '2026-01-01T12:00:00.000Z')]);
    await applyEvent(store, questionHistoryProjection, { ...solo, question: { ...solo.question, id: 'q2' } }, 2);
    t.is((await platformStats(store, 'polymarket')).linked_questions, 1);
    t.is((await platformStats(store, 'manifold')).linked_questions, 1);
    t.is((await platformStats(store, 'drift')).linked_questions, 0);
  } finally {
    await store.close();
  }
});

test('the price series skips unpriced snapshots and delistings, and never dates a quote after its fetch', (t) => {
  const m = market('a');
  const first = evolvePriceHistory(null, snapshot(m, '2026-01-01T00:00:00.000Z'));
  t.deepEqual(decodePoints(first?.points), [[Date.UTC(2026, 0, 1) / 1000, 0.5]]);
  const unpriced = { ...m, outcomes: m.outcomes.map((o) => ({ ...o, price: null })) };
  t.is(evolvePriceHistory(first, snapshot(unpriced, '2026-01-01T00:10:00.000Z')), first);
  t.is(evolvePriceHistory(first, { type: 'market_delisted', market_id: m.id, venue: 'polymarket', item_id: 'a', at: '2026-01-02T00:00:00.000Z' }), first);
  const future = evolvePriceHistory(first, { ...snapshot(m, '2026-01-01T00:20:00.000Z'), market: { ...m, quoted_at: '2027-01-01T00:00:00.000Z' } });
  t.is(future?.latest, Date.UTC(2026, 0, 1, 0, 20) / 1000, 'a venue clock ahead of ours is clamped to the fetch time');
  const labelled = market('b', { outcomes: [{ label: 'No', outcome_index: 0, price: 0.7 }, { label: 'Yes', outcome_index: 1, price: 0.3 }] });
  t.deepEqual(decodePoints(evolvePriceHistory(null, snapshot(labelled, '2026-01-01T00:00:00.000Z'))?.points).map(([, p]) => p), [0.3], 'the outcome labelled Yes');
});

test('sort keys are read as of a stream sequence from the version log', (t) => {
  const v = (volume24h: number, at: string, seq: number, doc: ReturnType<typeof evolveMarket> | null) => evolveMarket(doc, snapshot(market('a', { volume24h }), at), seq);
  const d1 = v(100, '2026-01-01T00:00:00.000Z', 10, null);
  const d2 = v(200, '2026-01-01T00:01:00.000Z', 20, d1);
  const d3 = v(300, '2026-01-01T00:02:00.000Z', 30, d2);
  t.is(sortKeyAsOf(d3, 'volume_24h', 9), null, 'not yet created');
  t.is(sortKeyAsOf(d3, 'volume_24h', 10), 100);
  t.is(sortKeyAsOf(d3, 'volume_24h', 25), 200);
  t.is(sortKeyAsOf(d3, 'volume_24h', 30), 300);
  t.is(sortKeyAsOf(d3, 'newest', 15), d3._sort.newest, 'dates read as current');
  t.deepEqual(d3._seq, { a: 30 });
  const same = v(300, '2026-01-01T00:03:00.000Z', 40, d3);
  t.is(same._sort_log.length, 2, 'a snapshot that moves no key logs nothing');
});

test('platform metrics apply each event exactly once, even when a crash interrupted the first delivery', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const e1 = snapshot(market('a', { volume24h: 10, volume_total: 100 }), '2026-01-01T10:00:00.000Z');
    const e2 = snapshot(market('a', { volume24h: 20, volume_total: 150 }), '2026-01-01T11:00:00.000Z');
    await applyPlatformMetrics(store, e1, 1);
    await applyPlatformMetrics(store, e2, 2);
    await applyPlatformMetrics(store, e2, 2);
    const totals = () => store.collection<PlatformTotalsDoc>(PLATFORM_TOTALS).get('polymarket');
    const day = () => store.collection<{ _id: string; volume: number }>(PLATFORM_DAYS).get('polymarket:2026-01-01');
    t.is((await totals())?.all_vt, 15_000, 'cents: lifetime 150');
    t.is((await day())?.volume, 5_000, 'a redelivered event adds nothing: the rise of 50 once');

    // Crash after the totals and day were written but before the market's own contribution: redelivery finishes.
    const e3 = snapshot(market('a', { volume24h: 30, volume_total: 190 }), '2026-01-01T12:00:00.000Z');
    const markets = store.collection('platform_metric_markets');
    const before = await markets.get(market('a').id);
    await applyPlatformMetrics(store, e3, 3);
    await markets.put(before as never);
    await applyPlatformMetrics(store, e3, 3);
    t.is((await totals())?.all_vt, 19_000);
    t.is((await day())?.volume, 9_000);
    t.is((await totals())?.open_v24, 3_000);
  } finally {
    await store.close();
  }
});

test('GET /questions/{id}/history serves the index series to a session, and refuses anonymous callers', async (t) => {
  const { startTestApp } = await import('../support/app.ts');
  const app = await startTestApp();
  try {
    await applyEvent(app.deps.store, questionHistoryProjection, question([member('polymarket', 0.6, 300, '2026-01-01T12:00:00.000Z'), member('predictit', 0.5, 100, '2026-01-01T12:05:00.000Z')]), 1);
    const anonymous = await app.request('/api/v1/questions/00000000-0000-4000-8000-000000000001/history');
    t.is(anonymous.status, 401);
    const reg = await app.request('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'h@example.com', password: 'a long password', name: 'H' }),
    });
    const token = (reg.body as { tokens: { access_token: string } }).tokens.access_token;
    const auth = { authorization: `Bearer ${token}` };
    const missing = await app.request('/api/v1/questions/00000000-0000-4000-8000-000000000001/history', { headers: auth });
    t.is(missing.status, 404);
    t.is((missing.body as { status: string }).status, 'QUESTION_NOT_FOUND');
    const bad = await app.request('/api/v1/questions/q1/history?range=all', { headers: auth });
    t.is(bad.status, 400, 'a question id is a UUID');
    const { uuidFromName } = await import('../../shared/ids.ts');
    const id = uuidFromName('question-history-test');
    const snap = question([member('polymarket', 0.6, 300, '2026-01-01T12:00:00.000Z'), member('predictit', 0.5, 100, '2026-01-01T12:05:00.000Z')]);
    await applyEvent(app.deps.store, questionHistoryProjection, { ...snap, question: { ...snap.question, id } }, 2);
    const ok = await app.request(`/api/v1/questions/${id}/history?range=all`, { headers: auth });
    t.is(ok.status, 200);
    t.deepEqual((ok.body as { data: { points: unknown } }).data.points, [[Date.UTC(2026, 0, 1, 12, 5) / 1000, 0.575]]);
  } finally {
    await app.close();
  }
});
