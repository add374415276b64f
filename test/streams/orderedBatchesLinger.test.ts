import test from 'ava';
import { startTestNats, silentLog, type TestNats } from '../support/nats.ts';
import { until } from '../support/until.ts';
import { provisionDurable } from '../../pipeline/streams/provision.ts';
import { runOrderedBatches, type OrderedBatchLoop } from '../../pipeline/streams/orderedBatches.ts';

let nats: TestNats;
test.before(async () => {
  nats = await startTestNats();
});
test.after.always(async () => {
  await nats?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A read model that records each run it applied (the sequences of its events) and keeps its checkpoint. */
function recorder() {
  const runs: number[][] = [];
  let checkpoint = 0;
  const start = (lingerMs: number, maxRun: number): OrderedBatchLoop =>
    runOrderedBatches<{ n: number }>({
      conn: nats.conn,
      stream: 'markets',
      durable: 't-linger',
      log: silentLog,
      decode: (value) => ({ ok: true, event: value as { n: number } }),
      checkpoint: async () => checkpoint,
      applyRun: async (events, lastSeq) => {
        runs.push(events.map((e) => e.event.n));
        checkpoint = lastSeq;
      },
      maxRun,
      lingerMs,
    });
  return { runs, start, applied: () => runs.flat() };
}

const publish = (n: number) => nats.conn.js.publish('markets.normalized.drift', JSON.stringify({ n }));

test.serial('a short run waits for more messages (one run where there would be two) until a full run is held, and a stop while it waits leaves the messages to the next consumer, applied once', async (t) => {
  await provisionDurable(nats.conn.jsm, { stream: 'markets', durable: 't-linger', ackWaitMs: 1_000, maxAckPending: 100 });
  const model = recorder();
  // A linger longer than the test may take: only a full run (maxRun 4) is applied by this loop.
  let loop = model.start(600_000, 4);

  // 1 arrives alone and waits; 2, 3 and 4 follow 300 ms later and fill the run: one run of four.
  await publish(1);
  await sleep(300);
  for (const n of [2, 3, 4]) await publish(n);
  await until(() => model.runs.length >= 1);
  t.deepEqual(model.runs, [[1, 2, 3, 4]]);

  // 5 waits for company; the loop stops meanwhile: nothing applied, nothing acked.
  await publish(5);
  await sleep(300);
  await loop.stop();
  t.deepEqual(model.runs, [[1, 2, 3, 4]]);
  const info = await nats.conn.jsm.consumers.info('MARKETS', 't-linger');
  t.is(info.num_ack_pending + info.num_pending, 1, 'message 5 is still owed');

  // The next consumer (no linger) gets it after the ack wait and applies it, once.
  loop = model.start(0, 4);
  await until(() => model.applied().length >= 5);
  await sleep(200);
  await loop.stop();
  t.deepEqual(model.runs, [[1, 2, 3, 4], [5]]);
});
