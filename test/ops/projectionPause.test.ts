import test from 'ava';
import { connect } from 'nats';
import { startTestNats, silentLog } from '../support/nats.ts';
import { holdProjections, projectionGate } from '../../pipeline/ops/projectionControl.ts';

test('a pause is confirmed by every process running the projection, only once each has applied the message in flight', async (t) => {
  const nats = await startTestNats();
  // Two live processes of one projection, each on its own connection.
  const ncA = await connect({ servers: nats.server.url });
  const ncB = await connect({ servers: nats.server.url });
  try {
    const gateA = await projectionGate(ncA, 'demo', silentLog);
    const gateB = await projectionGate(ncB, 'demo', silentLog);
    const events: string[] = [];
    let finish = () => {};
    const busy = gateA.run(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            events.push('A applied its message');
            resolve();
          };
        }),
      () => undefined,
    );
    const holding = holdProjections(nats.conn.nc, ['demo'], 'test').then((h) => {
      events.push('pause confirmed');
      return h;
    });
    // A is mid-message: the tool must still be waiting for it.
    await new Promise((r) => setTimeout(r, 300));
    t.deepEqual(events, []);
    finish();
    await busy;
    const hold = await holding;
    t.deepEqual(events, ['A applied its message', 'pause confirmed']);
    t.deepEqual([...hold.confirmed], [['demo', 2]], 'both processes confirmed');

    // Paused: B applies nothing until the release.
    const queued = gateB.run(async () => events.push('B applied after the release'), () => undefined);
    await new Promise((r) => setTimeout(r, 200));
    events.push('released');
    await hold.release();
    await queued;
    t.deepEqual(events.slice(2), ['released', 'B applied after the release']);
    gateA.close();
    gateB.close();

    const nobody = await holdProjections(nats.conn.nc, ['demo'], 'test');
    t.deepEqual([...nobody.confirmed], [['demo', 0]], 'no process runs it: nothing to wait for');
    await nobody.release();
  } finally {
    await ncA.close();
    await ncB.close();
    await nats.close();
  }
});
