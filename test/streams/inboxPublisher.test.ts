import test from 'ava';
import { startTestNats, type TestNats } from '../support/nats.ts';
import { inboxPublisher } from '../../pipeline/streams/inboxPublisher.ts';

let nats: TestNats;
test.before(async () => {
  nats = await startTestNats();
});
test.after.always(async () => {
  await nats?.close();
});

test.serial('a publish resolves once the stream holds the message; a repeated msgID is dropped by the stream; bytes go as they are, values as JSON', async (t) => {
  const p = inboxPublisher(nats.conn.nc);
  try {
    const before = (await nats.conn.jsm.streams.info('VENUES')).state.messages;
    await Promise.all([
      p.publish('venues.health.drift', { n: 1 }, 'id-1'),
      p.publish('venues.health.drift', new TextEncoder().encode('{"n":2}'), 'id-2'),
      p.publish('venues.health.drift', { n: 1 }, 'id-1'),
    ]);
    const info = await nats.conn.jsm.streams.info('VENUES');
    t.is(info.state.messages - before, 2, 'three publishes, one a duplicate');
    const last = await nats.conn.jsm.streams.getMessage('VENUES', { seq: info.state.last_seq });
    t.deepEqual(last.json(), { n: 2 });
    t.is(last.header.get('Nats-Msg-Id'), 'id-2');
  } finally {
    p.close();
  }
});

test.serial('a subject no stream takes is refused with a message naming it; after close a publish is refused at once', async (t) => {
  const p = inboxPublisher(nats.conn.nc);
  const err = await t.throwsAsync(p.publish('nowhere.at.all', { n: 1 }));
  t.regex(err!.message, /nowhere\.at\.all.*no stream takes the subject/);
  p.close();
  const closed = await t.throwsAsync(p.publish('venues.health.drift', { n: 3 }));
  t.regex(closed!.message, /closed/);
});

test.serial("a publish the stream refuses (its limit, discard new) fails with the stream's reason", async (t) => {
  await nats.conn.jsm.streams.add({ name: 'TINY', subjects: ['tiny.>'], max_msgs: 1, discard: 'new' as never });
  const p = inboxPublisher(nats.conn.nc);
  try {
    await p.publish('tiny.a', { n: 1 });
    const err = await t.throwsAsync(p.publish('tiny.a', { n: 2 }));
    t.regex(err!.message, /refused the publish to tiny\.a: maximum messages exceeded/);
    t.is((await nats.conn.jsm.streams.info('TINY')).state.messages, 1);
  } finally {
    p.close();
  }
});
