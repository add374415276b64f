import test from 'ava';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { packMessages, prepareEach, type PrepareOutcome } from '../../pipeline/process/prepareMarkets.ts';
import { createWorkerPool } from '../../pipeline/process/workerPool.ts';
import { market } from '../support/marketEvents.ts';

const NORMALIZE_WORKER = new URL('../../pipeline/workers/normalize.worker.ts', import.meta.url);
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const at = '2026-03-04T05:06:07.000Z';
const rawTick = (item_id: string) => bytes({ type: 'raw_tick', venue: 'polymarket', item_id, content_hash: `h-${item_id}`, fetched_at: at, payload: {} });

/** The outcomes with every message's bytes as hex: what a caller can read, whatever buffer holds them. */
const readable = (outcomes: readonly PrepareOutcome[]) =>
  outcomes.map((o) => (o.ok && o.result.kind === 'tick' ? { ...o, result: { ...o.result, prepared: { ...o.result.prepared, publishes: o.result.prepared.publishes.map((m) => ({ ...m, data: Buffer.from(m.data).toString('hex') })) } } } : o));

function batch(): PrepareOutcome[] {
  return prepareEach([rawTick('a'), rawTick('boom'), bytes('{"type":"raw_tick",'), rawTick('b'), rawTick('none')], (task) => {
    if (task.item_id === 'boom') throw new Error('parser exploded');
    if (task.item_id === 'none') return { markets: [], skipped: [] };
    return { markets: [market(`${task.item_id}1`), market(`${task.item_id}2`)], skipped: [{ platform_market_id: 'x', reason: 'no price', drift: [] }] };
  });
}

test("packed, every message keeps its bytes, as a view of one buffer holding them all in order; posted with that buffer transferred, the other side reads the same", (t) => {
  const expected = readable(batch());
  const outcomes = batch();
  const buffer = packMessages(outcomes);
  t.truthy(buffer);
  t.deepEqual(readable(outcomes), expected);
  const views = outcomes.flatMap((o) => (o.ok && o.result.kind === 'tick' ? o.result.prepared.publishes.map((m) => m.data) : []));
  t.is(views.length, 6);
  t.true(views.every((v) => v.buffer === buffer));
  t.is(views.reduce((n, v) => n + v.byteLength, 0), buffer!.byteLength);
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(outcomes, [buffer!]);
  t.is(buffer!.byteLength, 0, 'transferred, not copied');
  const received = receiveMessageOnPort(port2)!.message as PrepareOutcome[];
  t.deepEqual(readable(received), expected);
  port1.close();
});

test('a batch with no message to publish packs nothing', (t) => {
  const outcomes = prepareEach([bytes('nope')], () => ({ markets: [], skipped: [] }));
  t.is(packMessages(outcomes), null);
});

test('through the real pool, a batch comes back as prepareEach makes it in this thread', async (t) => {
  const pool = createWorkerPool(NORMALIZE_WORKER, 1);
  try {
    const payload = { id: '0xabc', question: 'Will it rain in Paris?', outcomes: '["Yes","No"]', outcomePrices: '["0.4","0.6"]', conditionId: '0xabc', slug: 'rain-paris', active: true, closed: false };
    const raw = [bytes({ type: 'raw_delisted', venue: 'kalshi', item_id: 'KX-1', at }), bytes({ type: 'raw_tick', venue: 'polymarket', item_id: 'e1', content_hash: 'h1', fetched_at: at, payload: { id: 'e1', title: 'Rain', markets: [payload] } }), bytes('x')];
    const { default: normalize } = await import('../../pipeline/workers/normalize.worker.ts');
    const here = readable(prepareEach(raw, normalize));
    const there = readable(await pool.run<PrepareOutcome[]>(raw.map((r) => new Uint8Array(r)), 'prepareBatch'));
    t.true(here.some((o) => o.ok && o.result.kind === 'tick' && o.result.prepared.publishes.length > 0), 'the tick made messages, so the packed path ran');
    t.deepEqual(there, here);
  } finally {
    await pool.close();
  }
});
