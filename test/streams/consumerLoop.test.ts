import test from 'ava';
import { startTestNats, silentLog, type TestNats } from '../support/nats.ts';
import { provisionDurable } from '../../pipeline/streams/provision.ts';
import { runConsumer, ACK, type HandleOutcome } from '../../pipeline/streams/consume.ts';

let nats: TestNats;
test.before(async () => {
  nats = await startTestNats();
});
test.after.always(async () => {
  await nats?.close();
});

interface DeadLetter {
  reason: string;
  durable: string;
  subject: string;
  stream_seq: number;
  data: string;
}

async function deadLetters(durable: string): Promise<DeadLetter[]> {
  const info = await nats.conn.jsm.streams.info('DEADLETTER');
  const out: DeadLetter[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const m = await nats.conn.jsm.streams.getMessage('DEADLETTER', { seq }).catch(() => null);
    if (!m || m.subject !== `deadletter.${durable}`) continue;
    out.push(JSON.parse(new TextDecoder().decode(m.data)) as DeadLetter);
  }
  return out;
}

const until = async (cond: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

test.serial('a transient failure is nak-ed and redelivered, then acked once the effect succeeds', async (t) => {
  await provisionDurable(nats.conn.jsm, { stream: 'venues', durable: 't-retry', filterSubject: 'venues.health.drift' });
  const deliveries: number[] = [];
  const loop = runConsumer({
    conn: nats.conn,
    stream: 'venues',
    durable: 't-retry',
    log: silentLog,
    handle: async (_data, meta): Promise<HandleOutcome> => {
      deliveries.push(meta.deliveryCount);
      return deliveries.length < 3 ? { kind: 'retry', delayMs: 50, reason: 'store busy' } : ACK;
    },
  });
  await nats.conn.js.publish('venues.health.drift', JSON.stringify({ n: 1 }));
  await until(() => deliveries.length >= 3);
  await loop.stop();
  t.deepEqual(deliveries, [1, 2, 3]);
  const info = await nats.conn.jsm.consumers.info('VENUES', 't-retry');
  t.is(info.num_ack_pending, 0);
  t.is(info.num_pending, 0);
  t.is((await deadLetters('t-retry')).length, 0);
});

test.serial('a poison message is terminated and dead-lettered with its reason and payload', async (t) => {
  await provisionDurable(nats.conn.jsm, { stream: 'venues', durable: 't-poison', filterSubject: 'venues.health.azuro' });
  let seen = 0;
  const loop = runConsumer({
    conn: nats.conn,
    stream: 'venues',
    durable: 't-poison',
    log: silentLog,
    handle: async (data) => {
      seen += 1;
      return Buffer.from(data).toString() === 'garbage' ? { kind: 'poison', reason: 'not JSON: garbage' } : ACK;
    },
  });
  await nats.conn.js.publish('venues.health.azuro', 'garbage');
  await nats.conn.js.publish('venues.health.azuro', '{"ok":true}');
  await until(async () => (await deadLetters('t-poison')).length === 1 && seen === 2);
  await loop.stop();
  const [dl] = await deadLetters('t-poison');
  t.is(dl!.reason, 'not JSON: garbage');
  t.is(dl!.subject, 'venues.health.azuro');
  t.is(Buffer.from(dl!.data, 'base64').toString(), 'garbage');
  t.is(seen, 2, 'the poison message is not redelivered and the next one flows');
});

test.serial('a message that keeps failing is dead-lettered after the delivery limit instead of looping forever', async (t) => {
  await provisionDurable(nats.conn.jsm, { stream: 'venues', durable: 't-giveup', filterSubject: 'venues.health.manifold', maxDeliver: 10 });
  let attempts = 0;
  const loop = runConsumer({
    conn: nats.conn,
    stream: 'venues',
    durable: 't-giveup',
    log: silentLog,
    maxDeliver: 3,
    handle: async () => {
      attempts += 1;
      throw new Error('downstream still down');
    },
  });
  await nats.conn.js.publish('venues.health.manifold', '{}');
  await until(async () => (await deadLetters('t-giveup')).length === 1, 20_000);
  await loop.stop();
  t.is(attempts, 3);
  t.regex((await deadLetters('t-giveup'))[0]!.reason, /gave up after 3 deliveries: downstream still down/);
});

test('a consumer stopped right after it started (before its subscription was up) stops instead of waiting for a message', async (t) => {
  const durable = 'stop-at-once';
  await provisionDurable(nats.conn.jsm, { stream: 'usage', durable });
  const loop = runConsumer({ conn: nats.conn, stream: 'usage', durable, log: silentLog, handle: async () => ACK });
  const stopped = await Promise.race([loop.stop().then(() => 'stopped'), new Promise((r) => setTimeout(() => r('still waiting after 10 s'), 10_000))]);
  t.is(stopped, 'stopped');
});
