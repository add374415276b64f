import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { marketTargetOf, tickHandler } from '../../pipeline/alerts/startAlerts.ts';
import { tickFromMarketEvent, triggerIdFor, type EvaluatorDeps } from '../../pipeline/alerts/evaluator.ts';
import { createAlert, updateAlert } from '../../pipeline/alerts/repository.ts';
import { alertCollections, ensureAlertIndexes, ownerKey } from '../../pipeline/alerts/model.ts';
import type { MarketEvent } from '../../shared/events.ts';
import { silentLog } from '../support/nats.ts';
import { market, tick } from './support.ts';

/** The evaluator as the consumer loop drives it (one handler call per delivery), over a real SQLite store. */
async function setup() {
  const store = openSqliteStore({ file: ':memory:' });
  await ensureAlertIndexes(store);
  const deps: EvaluatorDeps = { store, log: silentLog, now: () => new Date('2026-05-01T12:00:00.000Z') };
  const handle = tickHandler<MarketEvent>(marketsProjection.decode, tickFromMarketEvent, deps, marketTargetOf);
  const m = market('polymarket', 'unit', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.5);
  const data = (yes: number, at: string) =>
    new TextEncoder().encode(JSON.stringify(tick({ ...m, outcomes: [{ label: 'Yes', outcome_index: 0, price: yes }, { label: 'No', outcome_index: 1, price: 1 - yes }] }, at)));
  const created = await createAlert(store, {
    owner: ownerKey('account', 'acc-1'),
    type: 'price_threshold',
    target: { kind: 'market', id: m.id },
    condition: { field: 'price', operator: 'above', value: 0.6 },
    isActive: true,
    webhookUrl: 'https://93.184.215.14/hook',
    notifyEmail: true,
    baseline: { seq: 10, price: 0.5, at: '2026-05-01T10:00:00.000Z' },
    now: new Date('2026-05-01T10:30:00.000Z'),
  });
  if (!created.ok) throw new Error('no alert');
  return { store, handle, data, alert: created.alert, c: alertCollections(store), m };
}

test('a redelivered tick (same stream sequence) fires once, and a tick from before the baseline never fires', async (t) => {
  const { handle, data, alert, c, store } = await setup();
  t.deepEqual(await handle(data(0.7, '2026-05-01T09:00:00.000Z'), { streamSeq: 9 }), { kind: 'ack' });
  t.is(await c.triggers.count({}), 0, 'seq 9 is before the baseline (seq 10)');
  for (let i = 0; i < 3; i++) t.deepEqual(await handle(data(0.7, '2026-05-01T11:00:00.000Z'), { streamSeq: 11 }), { kind: 'ack' });
  const triggers = await c.triggers.find({});
  t.is(triggers.length, 1);
  t.is(triggers[0]?._id, triggerIdFor(alert._id, 11));
  t.like(triggers[0], { price: 0.7, previous_price: 0.5, seq: 11 });
  t.deepEqual((await c.deliveries.find({}, { sort: [['_id', 1]] })).map((d) => d._id), [`${triggers[0]?._id}:email`, `${triggers[0]?._id}:webhook`]);
  t.is((await c.alerts.get(alert._id))?.trigger_count, 1);
  await store.close();
});

test('a process that stopped after counting a trigger but before queueing it queues it on redelivery, once', async (t) => {
  const { handle, data, alert, c, store } = await setup();
  await handle(data(0.7, '2026-05-01T11:00:00.000Z'), { streamSeq: 11 });
  // Simulate the crash window: the alert update landed, the trigger and its deliveries did not.
  await c.triggers.deleteMany({});
  await c.deliveries.deleteMany({});
  await handle(data(0.7, '2026-05-01T11:00:00.000Z'), { streamSeq: 11 });
  await handle(data(0.7, '2026-05-01T11:00:00.000Z'), { streamSeq: 11 });
  t.is(await c.triggers.count({}), 1);
  t.is(await c.deliveries.count({}), 2);
  t.is((await c.alerts.get(alert._id))?.trigger_count, 1, 'counted once');
  await store.close();
});

test('an older snapshot that lands late is not compared (parallel workers can publish out of order)', async (t) => {
  const { handle, data, c, store } = await setup();
  await handle(data(0.55, '2026-05-01T11:00:00.000Z'), { streamSeq: 11 });
  await handle(data(0.7, '2026-05-01T10:59:00.000Z'), { streamSeq: 12 });
  t.is(await c.triggers.count({}), 0);
  await handle(data(0.65, '2026-05-01T11:01:00.000Z'), { streamSeq: 13 });
  t.like((await c.triggers.find({}))[0], { price: 0.65, previous_price: 0.55 });
  await store.close();
});

test('an alert changed by the API while a tick is evaluated is evaluated under its new state (compare-and-set on the revision)', async (t) => {
  const { handle, data, alert, c, store } = await setup();
  // The API moves the condition and re-arms it at 0.70 between the evaluator's read and its write.
  const original = c.alerts.find.bind(c.alerts);
  let raced = false;
  c.alerts.find = (async (...args: Parameters<typeof original>) => {
    const rows = await original(...args);
    if (!raced) {
      raced = true;
      await updateAlert(store, alert.owner, alert._id, { condition: { field: 'price', operator: 'above', value: 0.8 }, baseline: { seq: 10, price: 0.7, at: '2026-05-01T10:00:00.000Z' } }, new Date());
    }
    return rows;
  }) as typeof c.alerts.find;
  await handle(data(0.75, '2026-05-01T11:00:00.000Z'), { streamSeq: 11 });
  t.true(raced);
  t.is(await c.triggers.count({}), 0, 'above 0.6 from 0.5 would fire; above 0.8 from 0.7 does not');
  t.like((await c.alerts.get(alert._id))?.eval, { seq: 11, price: 0.75 });
  await store.close();
});

test('a tick no active alert watches is acknowledged unread; a malformed tick of a watched market is poison (dead-lettered with the reason)', async (t) => {
  const { handle, store, m } = await setup();
  const encode = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
  t.deepEqual(await handle(encode({ type: 'market_normalized', market: { id: 'nobody-watches-this' } }), { streamSeq: 20 }), { kind: 'ack' });
  t.deepEqual(await handle(encode({ type: 'market_delisted', market_id: m.id }), { streamSeq: 21 }), { kind: 'ack' });
  const watched = await handle(encode({ type: 'market_normalized', market: { id: m.id, outcomes: 'none' } }), { streamSeq: 22 });
  t.is(watched.kind, 'poison');
  t.regex((watched as { reason: string }).reason, /invalid market_normalized event/);
  t.deepEqual(await handle(new TextEncoder().encode('not json'), { streamSeq: 23 }), { kind: 'poison', reason: 'message is not valid JSON' });
  await store.close();
});
