import test from 'ava';
import { usageOutbox, type UsageOutboxLimits } from '../../api/middleware/usageOutbox.ts';
import type { ApiRequestBatch, ApiRequestLogged } from '../../shared/events.ts';
import { capturedLog } from '../support/capturedLog.ts';

const LIMITS: UsageOutboxLimits = { flushMs: 1, batchMax: 1_000, maxInFlight: 3, maxHeld: 10, retryFirstMs: 5, retryMaxMs: 20 };

function event(i: number): ApiRequestLogged {
  return { type: 'api_request', id: `e${i}`, api_key_id: 'k', account_id: 'a', method: 'GET', endpoint: '/api/v1/markets', status: 200, duration_ms: 1, at: '2026-07-01T00:00:00.000Z' };
}

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error(`never happened: ${what}`);
}

interface Attempt {
  readonly msgId: string;
  /** The message as it went out, serialised at the attempt (a later change to the object would show). */
  readonly json: string;
}

const idsIn = (json: string) => (JSON.parse(json) as ApiRequestBatch).events.map((e) => e.id);

/** A stream that refuses every publish until `up` is set, recording each attempt; stores a message id once. */
function flakyStream() {
  const attempts: Attempt[] = [];
  const stored = new Map<string, string>();
  const state = { up: false };
  return {
    attempts,
    stored,
    state,
    /** The events stored, each message once (the duplicate window), in the order stored. */
    storedEvents: () => [...stored.values()].flatMap(idsIn),
    publish: async (_subject: string, payload: unknown, msgId?: string) => {
      const json = JSON.stringify(payload);
      attempts.push({ msgId: msgId ?? '', json });
      await new Promise((r) => setImmediate(r));
      if (!state.up) throw new Error('503 no responders');
      if (!stored.has(msgId ?? '')) stored.set(msgId ?? '', json);
    },
  };
}

test('the events of one flush leave as one batch message under its own id, in capture order', async (t) => {
  const { log } = capturedLog();
  const stream = flakyStream();
  stream.state.up = true;
  const outbox = usageOutbox(stream.publish, log, LIMITS);
  for (let i = 0; i < 6; i++) outbox.add(event(i));
  await until(() => outbox.held === 0, 'stored');
  t.is(stream.attempts.length, 1);
  const batch = JSON.parse(stream.attempts[0]!.json) as ApiRequestBatch;
  t.is(batch.type, 'api_request_batch');
  t.is(batch.id, stream.attempts[0]!.msgId, 'the message id is the batch\'s id');
  t.deepEqual(batch.events, [0, 1, 2, 3, 4, 5].map(event));
});

test('a batch refused while the stream is down is sent again with the same message id and the same events until it is stored; events added meanwhile go in another batch', async (t) => {
  const { log, lines } = capturedLog();
  const stream = flakyStream();
  const outbox = usageOutbox(stream.publish, log, LIMITS);
  for (let i = 0; i < 6; i++) outbox.add(event(i));
  await until(() => stream.attempts.length >= 2, 'the first batch tried twice');
  outbox.add(event(6));
  outbox.add(event(7));
  await until(() => stream.attempts.filter((a) => idsIn(a.json).includes('e6')).length >= 2, 'the second batch tried twice');
  t.is(stream.stored.size, 0);
  t.is(outbox.held, 8, 'all eight held while the stream refuses them');
  stream.state.up = true;
  await until(() => outbox.held === 0, 'the outbox drained');
  const byId = new Map<string, Set<string>>();
  for (const a of stream.attempts) byId.set(a.msgId, (byId.get(a.msgId) ?? new Set()).add(a.json));
  t.is(byId.size, 2, 'two messages, each with one id over all its attempts');
  for (const [id, contents] of byId) t.is(contents.size, 1, `every attempt of ${id} carried the same bytes`);
  t.deepEqual([...byId.values()].map((c) => idsIn([...c][0]!)), [['e0', 'e1', 'e2', 'e3', 'e4', 'e5'], ['e6', 'e7']], 'a failed batch is never cut again with later events');
  t.deepEqual(stream.storedEvents().sort(), ['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7'], 'each event stored once');
  t.deepEqual(lines.filter((l) => l.level === 40).map((l) => l.msg), ['usage events are not being stored; holding them and retrying'], 'one warning per outage');
  t.true(lines.some((l) => l.msg === 'usage events are being stored again'));
});

test('batches hold at most batchMax events, at most maxInFlight are pending at once, and new events beyond maxHeld are dropped with one counted warning', async (t) => {
  const { log, lines } = capturedLog();
  let release!: () => void;
  const open = new Promise<void>((r) => (release = r));
  const sent: string[][] = [];
  const outbox = usageOutbox(async (_s, payload) => {
    sent.push((payload as ApiRequestBatch).events.map((e) => e.id));
    await open;
  }, log, { ...LIMITS, batchMax: 2 });
  for (let i = 0; i < 12; i++) outbox.add(event(i));
  await until(() => sent.length === 3, 'the first three sent');
  await new Promise((r) => setTimeout(r, 30));
  t.deepEqual(sent, [['e0', 'e1'], ['e2', 'e3'], ['e4', 'e5']], 'three in flight, the rest queued');
  t.is(outbox.held, 10, 'ten held, two dropped');
  t.deepEqual(lines.filter((l) => l.msg === 'usage events dropped: the stream is not keeping up').map((l) => l.dropped), [1]);
  release();
  await until(() => outbox.held === 0, 'drained');
  t.deepEqual(sent, [['e0', 'e1'], ['e2', 'e3'], ['e4', 'e5'], ['e6', 'e7'], ['e8', 'e9']]);
});

test('an event the decoder would refuse (an endpoint path past its bound) goes in a message of its own', async (t) => {
  const { log } = capturedLog();
  const sent: string[][] = [];
  const outbox = usageOutbox(async (_s, payload) => {
    sent.push((payload as ApiRequestBatch).events.map((e) => e.id));
  }, log, LIMITS);
  outbox.add(event(0));
  outbox.add({ ...event(1), endpoint: `/${'x'.repeat(3000)}` });
  outbox.add(event(2));
  await until(() => outbox.held === 0, 'sent');
  t.deepEqual(sent, [['e0'], ['e1'], ['e2']]);
});

test('close sends everything held at once, past the back-off and the in-flight bound; what still fails then is counted as lost in an error line', async (t) => {
  const { log, lines } = capturedLog();
  const stream = flakyStream();
  const outbox = usageOutbox(stream.publish, log, { ...LIMITS, batchMax: 1, retryFirstMs: 60_000, retryMaxMs: 60_000 });
  for (let i = 0; i < 5; i++) outbox.add(event(i));
  await until(() => stream.attempts.length === 3, 'first attempts');
  await until(() => outbox.held === 5 && lines.some((l) => l.level === 40), 'the failures noted');
  await outbox.close();
  t.is(outbox.held, 0, 'close resolved once everything settled');
  t.is(stream.attempts.length, 8, 'the three failed ones and the two never sent are tried once more at close, without waiting a minute');
  t.deepEqual(lines.filter((l) => l.level === 50).map((l) => l.lost), [1], 'the first loss is an error line with the count');
});

test('shutdown: close sends the pending batch before its timer and resolves once the stream stored it', async (t) => {
  const { log } = capturedLog();
  const stream = flakyStream();
  stream.state.up = true;
  const outbox = usageOutbox(stream.publish, log, { ...LIMITS, flushMs: 60_000 });
  for (let i = 0; i < 4; i++) outbox.add(event(i));
  t.is(stream.attempts.length, 0, 'held for the flush timer');
  await outbox.close();
  t.deepEqual(stream.storedEvents(), ['e0', 'e1', 'e2', 'e3'], 'stored by the time close resolved');
  t.is(outbox.held, 0);
  outbox.add(event(4));
  await until(() => outbox.held === 0, 'an event captured after close is sent at once');
  t.deepEqual(stream.storedEvents(), ['e0', 'e1', 'e2', 'e3', 'e4']);
});

test('publishes that fail together are one round of the back-off: a short outage costs one short wait, not the longest', async (t) => {
  const { log, lines } = capturedLog();
  let failuresLeft = 20;
  const stored: string[] = [];
  const outbox = usageOutbox(async (_s, payload) => {
    await new Promise((r) => setImmediate(r));
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('503 no responders');
    }
    stored.push(...(payload as ApiRequestBatch).events.map((e) => e.id));
  }, log, { ...LIMITS, batchMax: 1, maxInFlight: 50, maxHeld: 50, retryFirstMs: 200, retryMaxMs: 60_000 });
  for (let i = 0; i < 20; i++) outbox.add(event(i));
  // Counting each failed message as a step would make the wait 200 ms x 2^19, capped at a minute. (A round is
  // the failures that arrive before its wait is over: with a 5 ms first wait, a loaded CI machine once took
  // longer than that to settle the 20 failures and saw two rounds.)
  await until(() => outbox.held === 0, 'drained after one short wait');
  t.is(stored.length, 20);
  t.deepEqual(lines.filter((l) => l.msg === 'usage events are being stored again').map((l) => l.failed_rounds), [1]);
});
