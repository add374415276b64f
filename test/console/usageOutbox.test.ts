import test from 'ava';
import { usageOutbox, type UsageOutboxLimits } from '../../api/middleware/usageOutbox.ts';
import type { ApiRequestLogged } from '../../shared/events.ts';
import { capturedLog } from '../support/capturedLog.ts';

const LIMITS: UsageOutboxLimits = { flushMs: 1, flushAt: 1_000, maxInFlight: 3, maxHeld: 10, retryFirstMs: 5, retryMaxMs: 20 };

function event(i: number): ApiRequestLogged {
  return { type: 'api_request', id: `e${i}`, api_key_id: 'k', account_id: 'a', method: 'GET', endpoint: '/api/v1/markets', status: 200, duration_ms: 1, at: '2026-07-01T00:00:00.000Z' };
}

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error(`never happened: ${what}`);
}

/** A stream that refuses every publish until `up` is set, recording each attempt's message id. */
function flakyStream() {
  const attempts: string[] = [];
  const stored = new Set<string>();
  const state = { up: false };
  return {
    attempts,
    stored,
    state,
    publish: async (_subject: string, _payload: unknown, msgId?: string) => {
      attempts.push(msgId ?? '');
      await new Promise((r) => setImmediate(r));
      if (!state.up) throw new Error('503 no responders');
      stored.add(msgId ?? '');
    },
  };
}

test('a publish refused while the stream is down is sent again with the same message id until it is stored; nothing is lost', async (t) => {
  const { log, lines } = capturedLog();
  const stream = flakyStream();
  const outbox = usageOutbox(stream.publish, log, LIMITS);
  for (let i = 0; i < 6; i++) outbox.add(event(i));
  await until(() => stream.attempts.length >= 12, 'every event tried twice');
  t.is(stream.stored.size, 0);
  t.is(outbox.held, 6, 'all six held while the stream refuses them');
  stream.state.up = true;
  await until(() => outbox.held === 0, 'the outbox drained');
  t.deepEqual([...stream.stored].sort(), ['e0', 'e1', 'e2', 'e3', 'e4', 'e5']);
  t.deepEqual([...new Set(stream.attempts)].sort(), [...stream.stored].sort(), 'every attempt carried one of the events\' own ids (the duplicate window dedupes retries)');
  t.deepEqual(lines.filter((l) => l.level === 40).map((l) => l.msg), ['usage events are not being stored; holding them and retrying'], 'one warning per outage');
  t.true(lines.some((l) => l.msg === 'usage events are being stored again'));
});

test('at most maxInFlight publishes are pending at once, and new events beyond maxHeld are dropped with one counted warning', async (t) => {
  const { log, lines } = capturedLog();
  let release!: () => void;
  const open = new Promise<void>((r) => (release = r));
  const sent: string[] = [];
  const outbox = usageOutbox(async (_s, _p, id) => {
    sent.push(id ?? '');
    await open;
  }, log, LIMITS);
  for (let i = 0; i < 12; i++) outbox.add(event(i));
  await until(() => sent.length === 3, 'the first three sent');
  await new Promise((r) => setTimeout(r, 30));
  t.deepEqual(sent, ['e0', 'e1', 'e2'], 'three in flight, the rest queued');
  t.is(outbox.held, 10, 'ten held, two dropped');
  t.deepEqual(lines.filter((l) => l.msg === 'usage events dropped: the stream is not keeping up').map((l) => l.dropped), [1]);
  release();
  await until(() => outbox.held === 0, 'drained');
  t.deepEqual(sent, ['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9']);
});

test('close sends everything held at once, past the back-off and the in-flight bound; what still fails then is counted as lost in an error line', async (t) => {
  const { log, lines } = capturedLog();
  const stream = flakyStream();
  const outbox = usageOutbox(stream.publish, log, { ...LIMITS, retryFirstMs: 60_000, retryMaxMs: 60_000 });
  for (let i = 0; i < 5; i++) outbox.add(event(i));
  await until(() => stream.attempts.length === 3, 'first attempts');
  await until(() => outbox.held === 5 && lines.some((l) => l.level === 40), 'the failures noted');
  outbox.close();
  await until(() => outbox.held === 0, 'all settled');
  t.is(stream.attempts.length, 8, 'the three failed ones and the two never sent are tried once more at close, without waiting a minute');
  t.deepEqual(lines.filter((l) => l.level === 50).map((l) => l.lost), [1], 'the first loss is an error line with the count');
});

test('publishes that fail together are one round of the back-off: a short outage costs one short wait, not the longest', async (t) => {
  const { log, lines } = capturedLog();
  let failuresLeft = 20;
  const stored: string[] = [];
  const outbox = usageOutbox(async (_s, _p, id) => {
    await new Promise((r) => setImmediate(r));
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('503 no responders');
    }
    stored.push(id ?? '');
  }, log, { ...LIMITS, maxInFlight: 50, maxHeld: 50, retryFirstMs: 200, retryMaxMs: 60_000 });
  for (let i = 0; i < 20; i++) outbox.add(event(i));
  // Counting each failed event as a step would make the wait 200 ms x 2^19, capped at a minute. (A round is
  // the failures that arrive before its wait is over: with a 5 ms first wait, a loaded CI machine once took
  // longer than that to settle the 20 failures and saw two rounds.)
  await until(() => outbox.held === 0, 'drained after one short wait');
  t.is(stored.length, 20);
  t.deepEqual(lines.filter((l) => l.msg === 'usage events are being stored again').map((l) => l.failed_rounds), [1]);
});
