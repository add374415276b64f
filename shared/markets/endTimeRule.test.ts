import test from 'ava';
import { readFileSync } from 'node:fs';
import normalize from '../../pipeline/workers/normalize.worker.ts';
import { applyEndTimeRule, isPastEnd } from './endTimeRule.ts';

const recorded = (venue: string, file: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../pipeline/venues/${venue}/recorded/${file}`, import.meta.url), 'utf8')) as unknown;

test('a market is past its end at and after the end instant, never before, and undated markets never are', (t) => {
  t.true(isPastEnd('2026-11-03T00:00:00.000Z', '2026-11-03T00:00:00.000Z'));
  t.true(isPastEnd('2026-11-03T00:00:00.000Z', '2026-11-23T10:00:00.000Z'));
  t.false(isPastEnd('2026-11-03T00:00:00.000Z', '2026-11-02T23:59:59.999Z'));
  t.false(isPastEnd(null, '2099-01-01T00:00:00.000Z'));
});

test('the rule closes only open markets: resolved stays resolved', (t) => {
  const base = { status: 'resolved', end_time: '2026-01-01T00:00:00.000Z', outcomes: [{ label: 'Yes', price: 1 }, { label: 'No', price: 0 }] } as unknown as Parameters<typeof applyEndTimeRule>[0];
  t.is(applyEndTimeRule(base, '2026-06-01T00:00:00.000Z').status, 'resolved');
  t.is(applyEndTimeRule({ ...base, status: 'open' }, '2026-06-01T00:00:00.000Z').status, 'closed');
});

test('every venue gets the same rule in the normaliser: a Polymarket and a Limitless market listed open past their end are closed', (t) => {
  // Polymarket 517310 "Will Trump deport less than 250,000?": active, not closed, endDate 2025-12-31T12:00:00Z.
  const page = recorded('polymarket', 'markets-keyset-p1.json') as { markets: Array<{ id: string }> } | Array<{ id: string }>;
  const items = Array.isArray(page) ? page : page.markets;
  const item = items.find((m) => m.id === '517310');
  const before = normalize({ venue: 'polymarket', item_id: '517310', payload: item, fetched_at: '2025-12-31T11:00:00.000Z' });
  t.is(before.markets[0]?.status, 'open');
  const after = normalize({ venue: 'polymarket', item_id: '517310', payload: item, fetched_at: '2025-12-31T12:00:00.000Z' });
  t.is(after.markets[0]?.status, 'closed');
  // Open, it quotes the book (the recording's bestBid / bestAsk); closed, it keeps its probability and quotes nothing.
  t.true(before.markets[0]?.outcomes.some((o) => typeof o.best_bid === 'number' || typeof o.best_ask === 'number'));
  t.deepEqual(after.markets[0]?.outcomes.map((o) => [o.best_bid, o.best_ask]), [[null, null], [null, null]]);
  t.deepEqual(after.markets[0]?.outcomes.map((o) => o.price), before.markets[0]?.outcomes.map((o) => o.price));
  // Limitless "Will the Republican Party control the Senate after the 2026 Midterm elections?": FUNDED, expires 2026-11-03T00:00Z.
  const limitless = (recorded('limitless', 'markets-active.page-2.composed.json') as { data: Array<{ slug: string }> }).data.find((m) =>
    m.slug.startsWith('republicans-control-senate-2026'),
  );
  const open = normalize({ venue: 'limitless', item_id: 'x', payload: limitless, fetched_at: '2026-11-02T12:00:00.000Z' });
  const closed = normalize({ venue: 'limitless', item_id: 'x', payload: limitless, fetched_at: '2026-11-23T12:00:00.000Z' });
  t.deepEqual([open.markets[0]?.status, closed.markets[0]?.status], ['open', 'closed']);
});
