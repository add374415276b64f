import test from 'ava';
import { createHash } from 'node:crypto';
import { prepareMarkets, prepareEach, type PrepareTask } from '../../pipeline/process/prepareMarkets.ts';
import { market } from '../support/marketEvents.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';

const tick: PrepareTask = { venue: 'polymarket', item_id: 'item-7', content_hash: 'abc123', fetched_at: '2026-01-02T03:04:05.000Z', payload: {} };
const json = (data: Uint8Array) => JSON.parse(new TextDecoder().decode(data)) as unknown;

/** Every key at every level, sorted: JSON.stringify with this list writes keys in sorted order (an oracle independent of stableStringify). */
function sortedKeys(value: unknown, into = new Set<string>()): string[] {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      sortedKeys(v, into);
    }
  }
  return [...into].sort();
}
const hash16 = (m: NormalizedMarket) => createHash('sha256').update(JSON.stringify(m, sortedKeys(m))).digest('hex').slice(0, 16);

test('a valid market becomes its market_normalized message (subject, bytes, de-duplication id); an invalid one and a parser skip become venue health events after it', (t) => {
  const good = market('m1');
  const bad = { ...market('m2'), outcomes: 'not a list' } as unknown as NormalizedMarket;
  const prepared = prepareMarkets(tick, {
    markets: [good, bad],
    skipped: [{ platform_market_id: 'm3', reason: 'no price', drift: [] }],
  });
  t.deepEqual(prepared.market_ids, [good.id, bad.id], 'the item record names every market the parser produced');
  t.is(prepared.skipped, 2);
  t.deepEqual(
    prepared.publishes.map((m) => [m.subject, m.msgId]),
    [
      ['markets.normalized.polymarket', `${good.id}:${hash16(good)}:2026-01-02T03:04:05.000Z`],
      ['venues.health.polymarket', 'skip:polymarket:item-7:abc123:0'],
      ['venues.health.polymarket', 'skip:polymarket:item-7:abc123:1'],
    ],
  );
  t.deepEqual(json(prepared.publishes[0]!.data), {
    type: 'market_normalized',
    market: JSON.parse(JSON.stringify(good)),
    source: { item_id: 'item-7', content_hash: 'abc123', fetched_at: '2026-01-02T03:04:05.000Z' },
  });
  t.deepEqual(json(prepared.publishes[1]!.data), {
    type: 'venue_item_skipped', venue: 'polymarket', at: '2026-01-02T03:04:05.000Z', item_id: 'item-7', platform_market_id: 'm3', reason: 'no price', drift: [],
  });
  const invalid = json(prepared.publishes[2]!.data) as { platform_market_id: string; reason: string };
  t.is(invalid.platform_market_id, 'm2');
  t.regex(invalid.reason, /^normalised market failed validation at outcomes: /);
});

test('every market gets the schema verdict (a fast check answers only for the certainly valid), and a refused one the schema reason', (t) => {
  const cases: Array<[string, NormalizedMarket, string | null]> = [
    ['plain', market('v1'), null],
    // Values the fast check leaves to zod: an optional key present as undefined, and an unknown key; zod accepts both.
    ['book_ref undefined', { ...market('v2'), book_ref: undefined }, null],
    ['unknown key', { ...market('v3'), extra: 1 } as NormalizedMarket, null],
    ['price above 1', market('v4', { outcomes: [{ label: 'Yes', outcome_index: 0, price: 1.5 }] }), 'outcomes.0.price'],
    ['id not a uuid', market('v5', { id: 'not-a-uuid' }), 'id'],
    ['end time not a date', market('v6', { end_time: 'soon' }), 'end_time: must be an ISO 8601 date'],
    ['no outcomes', market('v7', { outcomes: [] }), 'outcomes'],
    ['negative fee rate', market('v8', { fee: { kind: 'quadratic_per_order', taker_rate: -1, maker_rate: 0, multiplier: 1, fill_round_up_to: 1, order_round_up_to: 1, source: 'venue' } }), 'fee.taker_rate'],
  ];
  for (const [name, m, refusedAt] of cases) {
    const prepared = prepareMarkets(tick, { markets: [m], skipped: [] });
    const [first] = prepared.publishes;
    if (refusedAt === null) {
      t.is(first?.subject, 'markets.normalized.polymarket', name);
      t.is(prepared.skipped, 0, name);
      continue;
    }
    t.is(first?.subject, 'venues.health.polymarket', name);
    t.true((json(first!.data) as { reason: string }).reason.startsWith(`normalised market failed validation at ${refusedAt}`), name);
  }
});

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const rawTick = (item_id: string) => bytes({ type: 'raw_tick', ...tick, item_id });

test('in a batch, a tick whose parser throws fails alone', (t) => {
  const out = prepareEach([rawTick('item-7'), rawTick('boom')], (task) => {
    if (task.item_id === 'boom') throw new Error('parser exploded');
    return { markets: [market('m9')], skipped: [] };
  });
  t.like(out[0], { ok: true, result: { kind: 'tick', venue: 'polymarket', item_id: 'item-7' } });
  t.deepEqual(out[1], { ok: false, error: 'parser exploded' });
});

test('RAW bytes are decoded in the worker: the tick reaches the parser as ingest sent it, a delisting comes back to close, and bad bytes come back as poison without parsing', (t) => {
  const seen: PrepareTask[] = [];
  const parse = (task: PrepareTask) => {
    seen.push(task);
    return { markets: [market('m1')], skipped: [] };
  };
  const payload = { question: 'Will it rain?', nested: [1, 'two', null] };
  const [tickOut, delisted, notJson, wrongShape] = prepareEach(
    [
      bytes({ type: 'raw_tick', venue: 'manifold', item_id: 'abc', content_hash: 'h1', fetched_at: '2026-03-04T05:06:07.000Z', payload }),
      bytes({ type: 'raw_delisted', venue: 'kalshi', item_id: 'KX-1', at: '2026-03-04T05:06:07.000Z' }),
      bytes('{"type":"raw_tick",'),
      bytes({ type: 'raw_tick', venue: 'nowhere', item_id: 'x', content_hash: '', fetched_at: '', payload: null }),
    ],
    parse,
  );
  t.deepEqual(seen, [{ venue: 'manifold', item_id: 'abc', content_hash: 'h1', fetched_at: '2026-03-04T05:06:07.000Z', payload }], 'only the tick was parsed, with its own fields');
  t.like(tickOut, { ok: true, result: { kind: 'tick', venue: 'manifold', item_id: 'abc', prepared: { market_ids: [market('m1').id], skipped: 0 } } });
  t.deepEqual(delisted, { ok: true, result: { kind: 'delisted', event: { type: 'raw_delisted', venue: 'kalshi', item_id: 'KX-1', at: '2026-03-04T05:06:07.000Z' } } });
  t.deepEqual(notJson, { ok: true, result: { kind: 'poison', reason: 'message is not valid JSON' } });
  t.like(wrongShape, { ok: true, result: { kind: 'poison' } });
  t.regex((wrongShape as { result: { reason: string } }).result.reason, /^invalid raw tick: venue /);
});
