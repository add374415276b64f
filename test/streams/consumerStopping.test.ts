import test from 'ava';
import { startTestNats, silentLog, type TestNats } from '../support/nats.ts';
import { until } from '../support/until.ts';
import { provisionDurable } from '../../pipeline/streams/provision.ts';
import { runOrderedBatches } from '../../pipeline/streams/orderedBatches.ts';
import { ConsumerStopping } from '../../pipeline/streams/consumerStopping.ts';
import { capturedLog } from '../support/capturedLog.ts';

let nats: TestNats;
test.before(async () => {
  nats = await startTestNats();
});
test.after.always(async () => {
  await nats?.close();
});

test.serial("a run refused by the gate because its consumer is stopping is not a failure: no error or warning, nothing applied or acked, and the next consumer applies it once", async (t) => {
  await provisionDurable(nats.conn.jsm, { stream: 'markets', durable: 't-stopping', ackWaitMs: 1_000, maxAckPending: 100 });
  const { log, lines } = capturedLog('debug');
  const applied: number[] = [];
  let checkpoint = 0;
  let gateCalls = 0;
  const options = {
    conn: nats.conn,
    stream: 'markets' as const,
    durable: 't-stopping',
    decode: (value: unknown) => ({ ok: true as const, event: value as { n: number } }),
    checkpoint: async () => checkpoint,
    applyRun: async (events: readonly { event: { n: number } }[], lastSeq: number) => {
      applied.push(...events.map((e) => e.event.n));
      checkpoint = lastSeq;
    },
  };
  // The gate of a projection whose stop has begun (runProjection closes the gate, then stops the loop).
  const stopping = runOrderedBatches<{ n: number }>({
    ...options,
    log,
    gate: async () => {
      gateCalls += 1;
      throw new ConsumerStopping('projection t');
    },
  });
  await nats.conn.js.publish('markets.normalized.drift', JSON.stringify({ n: 1 }));
  await until(() => gateCalls >= 1);
  await stopping.stop();
  t.deepEqual(applied, []);
  t.deepEqual(lines.filter((l) => l.level >= 40).map((l) => l.msg), [], 'no warning or error for a stop');
  const info = await nats.conn.jsm.consumers.info('MARKETS', 't-stopping');
  t.is(info.num_ack_pending + info.num_pending, 1, 'the message is still owed');

  const next = runOrderedBatches<{ n: number }>({ ...options, log: silentLog });
  await until(() => applied.length >= 1);
  await next.stop();
  t.deepEqual(applied, [1]);
});
