import test from 'ava';
import { headers, type JsMsg, type MsgHdrs } from 'nats';
import { startTestNats, type TestNats } from '../support/nats.ts';
import { isPlainAck, msgIdHeaders } from '../../pipeline/streams/inboxPublisher.ts';
import { RETRY_FOR_HEADER, RETRY_OF_HEADER, retryTargetOf } from '../../pipeline/streams/consume.ts';

let nats: TestNats;
test.before(async () => {
  nats = await startTestNats();
});
test.after.always(async () => {
  await nats?.close();
});

const bytes = (s: string) => new TextEncoder().encode(s);
/** The bytes nats.js's publish writes for a header block (it calls nothing else on it). */
const encoded = (h: MsgHdrs) => Buffer.from((h as unknown as { encode(): Uint8Array }).encode());

test('a publish id goes out in the bytes nats.js headers() encodes, and an id nats.js trims or refuses takes its headers', (t) => {
  for (const id of ['id-1', 'polymarket:0x12ab:9f3c2d:2026-11-29T09:00:00.000Z', 'manifold:Zürich-über-€:h', 'a b', '🙂:x', 'x'.repeat(400)]) {
    const h = headers();
    h.set('Nats-Msg-Id', id);
    t.deepEqual(encoded(msgIdHeaders(id)), encoded(h), id);
  }
  const trimmed = headers();
  trimmed.set('Nats-Msg-Id', ' padded ');
  t.deepEqual(encoded(msgIdHeaders(' padded ')), encoded(trimmed));
  t.throws(() => msgIdHeaders('two\r\nlines'), { message: /invalid header value/ });
});

test('an ack is read as stored without parsing only when it opens as a stored ack does, closes, and holds no error', (t) => {
  t.true(isPlainAck(bytes('{"stream":"MARKETS","seq":12}')));
  t.true(isPlainAck(bytes('{"stream":"MARKETS","seq":12,"duplicate":true}')));
  t.true(isPlainAck(bytes('{"stream":"MARKETS","domain":"hub","seq":12}')));
  t.false(isPlainAck(bytes('{"error":{"code":503,"err_code":10039,"description":"jetstream not enabled"}}')));
  t.false(isPlainAck(bytes('{"stream":"TINY","error":{"code":503,"err_code":10077,"description":"maximum messages exceeded"}}')));
  t.false(isPlainAck(bytes('{"stream":"MARKETS","seq":12')));
  t.false(isPlainAck(bytes('')));
  t.false(isPlainAck(bytes('+OK')));
  // A view into a larger buffer (as delivered messages are) is read within its own bounds.
  const big = bytes('xx{"stream":"A","seq":1}{"error":1}');
  t.true(isPlainAck(big.subarray(2, 2 + '{"stream":"A","seq":1}'.length)));
});

test('the retry target of a delivered message is what its decoded headers say, with or without other headers', async (t) => {
  const stream = 'VENUES';
  const sent: Array<{ subject: string; h?: Array<[string, string]> }> = [
    { subject: 'venues.health.drift' },
    { subject: 'venues.health.drift', h: [['Nats-Msg-Id', 'plain-1']] },
    { subject: 'venues.health.drift', h: [[RETRY_FOR_HEADER, 'proj-markets'], [RETRY_OF_HEADER, 'MARKETS:7']] },
    { subject: 'venues.health.drift', h: [['Nats-Msg-Id', `names ${RETRY_FOR_HEADER} in a value`]] },
    { subject: 'venues.health.drift', h: [['Nats-Msg-Id', 'r-2'], [RETRY_FOR_HEADER, 'processor']] },
  ];
  const first = (await nats.conn.jsm.streams.info(stream)).state.last_seq + 1;
  for (const [i, s] of sent.entries()) {
    let h;
    if (s.h) {
      h = headers();
      for (const [k, v] of s.h) h.set(k, v);
    }
    await nats.conn.js.publish(s.subject, bytes(`{"i":${i}}`), h ? { headers: h } : {});
  }
  const name = 'retry-target-test';
  await nats.conn.jsm.consumers.add(stream, { durable_name: name, ack_policy: 'explicit' as never, deliver_policy: 'by_start_sequence' as never, opt_start_seq: first });
  const consumer = await nats.conn.js.consumers.get(stream, name);
  const got: JsMsg[] = [];
  const messages = await consumer.consume({ max_messages: 10 });
  for await (const m of messages) {
    got.push(m);
    m.ack();
    if (got.length === sent.length) break;
  }
  t.deepEqual(
    got.map((m) => retryTargetOf(m)),
    [undefined, undefined, 'proj-markets', undefined, 'processor'],
  );
  // The header bytes retryTargetOf searches are where this nats.js keeps them (else it reads the decoded headers).
  t.true(got.every((m) => typeof (m as unknown as { msg: { _msg: { hdr: unknown } } }).msg._msg.hdr === 'number'));
  // The same answers as reading the decoded headers.
  t.deepEqual(
    got.map((m) => retryTargetOf(m)),
    got.map((m) => m.headers?.get(RETRY_FOR_HEADER) || undefined),
  );
});
