import test from 'ava';
import { fastMarketEvent } from '../../projections/markets/fastDecode.ts';
import { withFastPath } from '../../projections/decodeFast.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { priceHistoryProjection } from '../../projections/priceHistory/projection.ts';
import { platformMetricsProjection } from '../../projections/platformMetrics/projection.ts';
import { questionsProjection } from '../../projections/questions/projection.ts';
import { catalogueMarkets, snapshotOf } from '../../bench/support/marketEvents.ts';
import { market, snapshot } from '../support/marketEvents.ts';

// The replay's fast path in front of the MARKETS decoder must accept only what the schema accepts and return
// what the schema returns (zod is the oracle): every recorded-shape event, and every field of them mutated.
const zod = (value: unknown) => marketsProjection.decode(value);
const roundTrip = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

// 3,000 markets: the catalogue reaches every venue (drift and azuro have a few dozen) and six fee kinds.
let catalogue: Promise<unknown[]> | undefined;
const recorded = (): Promise<unknown[]> =>
  (catalogue ??= catalogueMarkets(3_000, '2026-05-01T10:00:00.000Z').then((markets) => {
    const start = Date.parse('2026-05-01T10:00:00.000Z');
    return markets.map((m, i) => roundTrip(snapshotOf(m, i % 3, start, 60_000)));
  }));
const venueOf = (e: unknown): string => (e as { market: { platform_slug: string } }).market.platform_slug;

test('every recorded-shape MARKETS event takes the fast path and decodes to what the schema returns, key for key', async (t) => {
  const events = await recorded();
  t.is(events.length, 3_000);
  const venues = new Set<string>();
  const fees = new Set<string>();
  for (const e of events) {
    const fast = fastMarketEvent(e);
    const slow = zod(e);
    t.true(slow.ok);
    if (!fast || !slow.ok) return t.fail(`fast path refused a valid event: ${JSON.stringify(e).slice(0, 200)}`);
    // JSON text compares key order too (the markets document keeps the market's key order).
    t.is(JSON.stringify(fast), JSON.stringify(slow.event));
    const m = (e as { market: { platform_slug: string; fee: { kind: string } } }).market;
    venues.add(m.platform_slug);
    fees.add(m.fee.kind);
  }
  t.is(venues.size, 8, `venues covered: ${[...venues].join(', ')}`);
  t.true(fees.size >= 6, `fee kinds covered: ${[...fees].join(', ')}`);
});

test('the fast path returns the schema keys in schema order without unknown keys, and a delisting', (t) => {
  const m = market('k', { group: { id: 'g', title: 'G', outcome_label: 'Yes' }, book_ref: 'tok' });
  const e = snapshot(m, '2026-05-01T10:00:00.000Z') as unknown as { market: Record<string, unknown>; source: Record<string, unknown> };
  // Keys reversed and extras added, as another producer might write them.
  const reversed = Object.fromEntries(Object.entries(e.market).reverse());
  const input = { extra: 1, source: { ...e.source, note: 'x' }, market: { ...reversed, venue_raw: { a: 1 } }, type: 'market_normalized' };
  const fast = fastMarketEvent(roundTrip(input)) as { market: Record<string, unknown>; source: Record<string, unknown> } | undefined;
  t.deepEqual(Object.keys(fast ?? {}), ['type', 'market', 'source']);
  t.deepEqual(Object.keys(fast?.market ?? {}), [
    'id', 'platform_slug', 'platform_market_id', 'title', 'slug', 'description', 'url', 'category', 'status', 'end_time', 'created_at',
    'outcomes', 'group', 'volume24h', 'volume_total', 'liquidity', 'currency', 'play_money', 'fee', 'quoted_at', 'book_ref',
  ]);
  t.deepEqual(Object.keys(fast?.source ?? {}), ['item_id', 'content_hash', 'fetched_at']);
  t.deepEqual(fast?.market.group, { id: 'g', title: 'G', outcome_label: 'Yes' });
  const delisted = { at: '2026-05-01T11:00:00.000Z', item_id: 'i', venue: 'kalshi', market_id: 'm', type: 'market_delisted', why: 'gone' };
  t.deepEqual(fastMarketEvent(delisted), { type: 'market_delisted', market_id: 'm', venue: 'kalshi', item_id: 'i', at: '2026-05-01T11:00:00.000Z' });
});

test('an event whose keys already are the schema keys in schema order is passed through, not copied', (t) => {
  const e = roundTrip(snapshot(market('k'), '2026-05-01T10:00:00.000Z')) as { market: { outcomes: unknown[] } };
  const fast = fastMarketEvent(e) as typeof e | undefined;
  t.is(fast, e);
  t.is(fast?.market.outcomes, e.market.outcomes);
  const delisted = { type: 'market_delisted', market_id: 'm', venue: 'kalshi', item_id: 'i', at: '2026-05-01T11:00:00.000Z' };
  t.is(fastMarketEvent(delisted), delisted);
});

test('poison gets the live decoder verdict and reason through the fast path', (t) => {
  const decode = withFastPath(marketsProjection);
  const bad = roundTrip(snapshot(market('k', { title: '' }), '2026-05-01T10:00:00.000Z'));
  t.is(fastMarketEvent(bad), undefined);
  t.deepEqual(decode(bad), { ok: false, reason: 'invalid market_normalized event: market.title Too small: expected string to have >=1 characters' });
  t.deepEqual(decode(bad), zod(bad));
  const price = roundTrip(snapshot(market('k', { outcomes: [{ label: 'Yes', outcome_index: 0, price: 1.2 }] }), '2026-05-01T10:00:00.000Z'));
  t.deepEqual(decode(price), zod(price));
  t.false(decode(price).ok);
  t.deepEqual(decode('not an object'), zod('not an object'));
});

// Replaces the value at `path` (undefined: removes the key).
function mutated(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = roundTrip(root) as Record<string | number, unknown>;
  let cur = copy;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete cur[last];
  else cur[last] = value;
  return copy;
}

function paths(v: unknown, at: (string | number)[] = []): Array<(string | number)[]> {
  if (v === null || typeof v !== 'object') return [at];
  const keys: Array<string | number> = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [at, ...keys.flatMap((k) => paths((v as Record<string | number, unknown>)[k], [...at, k]))];
}

const HOSTILE: unknown[] = [undefined, null, '', 'x', 'not-a-date', '2026-05-01', -1, 0, 0.5, 1, 1.5, 2 ** 60, -0.1, true, false, [], {}, [{}], { kind: 'flat' }, 'USDC', 'open', 'crypto', 'kalshi', 'none', 'market'];

test('no mutation of any field of recorded events is accepted by the fast path unless the schema accepts it with the same result', async (t) => {
  // Three events of each venue.
  const seen = new Map<string, number>();
  const events = (await recorded()).filter((e) => {
    const n = seen.get(venueOf(e)) ?? 0;
    seen.set(venueOf(e), n + 1);
    return n < 3;
  });
  t.is(events.length, 24);
  let refusedBySchema = 0;
  let tried = 0;
  for (const e of events) {
    for (const p of paths(e)) {
      if (p.length === 0) continue;
      for (const value of HOSTILE) {
        const m = mutated(e, p, value);
        tried++;
        const fast = fastMarketEvent(m);
        const slow = zod(m);
        if (!slow.ok) refusedBySchema++;
        if (fast === undefined) continue;
        if (!slow.ok) return t.fail(`fast path accepted ${p.join('.')} = ${JSON.stringify(value)}, the schema refuses: ${slow.reason}`);
        if (JSON.stringify(fast) !== JSON.stringify(slow.event)) return t.fail(`fast path differs at ${p.join('.')} = ${JSON.stringify(value)}`);
      }
    }
  }
  // An unknown key added to every object (the schema strips it), and every object's keys reversed (the schema
  // writes its own order): the fast path must copy, not pass the input through.
  let copied = 0;
  for (const e of events) {
    for (const p of paths(e)) {
      const at = p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], e);
      if (at === null || typeof at !== 'object' || Array.isArray(at)) continue;
      for (const change of [(o: Record<string, unknown>) => ({ ...o, zz_extra: 1 }), (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse())]) {
        const m = p.length === 0 ? change(at as Record<string, unknown>) : mutated(e, p, change(at as Record<string, unknown>));
        const fast = fastMarketEvent(m);
        const slow = zod(m);
        if (!slow.ok || fast === undefined) return t.fail(`${p.join('.')}: fast ${fast === undefined ? 'refused' : 'accepted'}, schema ${slow.ok ? 'accepted' : slow.reason}`);
        if (JSON.stringify(fast) !== JSON.stringify(slow.event)) return t.fail(`fast path differs after changing the keys at ${p.join('.') || 'the top'}`);
        copied++;
      }
    }
  }
  t.true(copied > 100);
  t.true(tried > 10_000, `${tried} mutations`);
  t.true(refusedBySchema > 1_000, `${refusedBySchema} refused by the schema`);
});

test('every consumer of one decoder gets the same function back, so read models of one stream still share a decode', (t) => {
  // Price history and platform metrics read MARKETS with the markets decoder; pipeline/streams/sharedDecodes.ts
  // shares a message's decode between consumers passing the same decoder function.
  t.is(withFastPath(marketsProjection), withFastPath(priceHistoryProjection));
  t.is(withFastPath(marketsProjection), withFastPath(platformMetricsProjection));
  t.not(withFastPath(marketsProjection), marketsProjection.decode, 'the markets decoder has its fast path in front');
  // A decoder without a fast path is passed through as it is.
  t.is(withFastPath(questionsProjection), questionsProjection.decode);
});
