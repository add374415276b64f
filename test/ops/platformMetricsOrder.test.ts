import test from 'ava';
import type { JsMsg } from 'nats';
import { startTestNats, silentLog } from '../support/nats.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { startCustomProjection, projectionDurable, BATCHED_MAX_ACK_PENDING } from '../../projections/runProjection.ts';
import { platformMetricsProjection } from '../../projections/platformMetrics/projection.ts';
import { PLATFORM_TOTALS, type PlatformTotalsDoc } from '../../projections/platformMetrics/apply.ts';
import { provisionDurable } from '../../pipeline/streams/provision.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { waitFor } from '../faults/waitFor.ts';
import { waitForQuiet } from '../support/quiesce.ts';
import { market, snapshot } from '../support/marketEvents.ts';

// Ten open Polymarket markets, each with a lifetime volume of $100 and liquidity of $50: one event each.
const events = Array.from({ length: 10 }, (_, i) =>
  snapshot(market(`m${i}`, { volume_total: 100, liquidity: 50 }), `2026-05-01T10:0${i}:00.000Z`),
);

test('venue totals count every market when earlier messages come back after later ones were delivered (a dropped connection): the projection waits for them', async (t) => {
  const nats = await startTestNats();
  const store = openSqliteStore({ file: ':memory:' });
  const durable = projectionDurable(platformMetricsProjection.name);
  // Another delivery holds sequences 1-3 unacked, as a process whose connection died mid-batch leaves them.
  await provisionDurable(nats.conn.jsm, { stream: 'markets', durable, maxAckPending: BATCHED_MAX_ACK_PENDING });
  for (const e of events) await nats.conn.js.publish(subjects.normalized('polymarket'), JSON.stringify(e));
  const other = await nats.conn.js.consumers.get('MARKETS', durable);
  const held: JsMsg[] = [];
  for await (const m of await other.fetch({ max_messages: 3, expires: 2_000 })) held.push(m);
  t.deepEqual(held.map((m) => m.seq), [1, 2, 3]);

  const loop = await startCustomProjection(nats.conn, store, platformMetricsProjection, silentLog);
  try {
    await waitFor(async () => ((await nats.conn.jsm.consumers.info('MARKETS', durable)).delivered.stream_seq === 10 ? true : undefined), 30_000, 'the rest delivered to the projection');
    await new Promise((r) => setTimeout(r, 500));
    for (const m of held) m.nak();
    await waitForQuiet(nats.conn, [{ stream: 'markets', durable }], 60_000);
    const totals = await store.collection<PlatformTotalsDoc>(PLATFORM_TOTALS).get('polymarket');
    // By hand: 10 open markets; lifetime volume 10 x $100 = 100,000 cents; liquidity 10 x $50 = 50,000 cents.
    t.deepEqual(totals?.status, { open: 10 });
    t.is(totals?.open_vt, 100_000);
    t.is(totals?.open_vt_reporting, 10);
    t.is(totals?.open_liquidity, 50_000);
  } finally {
    await loop.stop();
    await store.close();
    await nats.close();
  }
});
