import test from 'ava';
import { startTestNats } from '../support/nats.ts';
import { jetStreamArbitrageFeed } from '../../pipeline/streams/arbitrageFeed.ts';

/**
 * Follows the ARB stream on a real nats-server, leaves after `leaveAfterMs` (0: while the consumer is still being
 * set up), and says whether follow() returned within 5 s ('returned') or ran on ('still following').
 */
async function followThenLeave(leaveAfterMs: number): Promise<string> {
  const nats = await startTestNats();
  try {
    const abort = new AbortController();
    const following = jetStreamArbitrageFeed(nats.conn).follow(1, async () => undefined, abort.signal);
    if (leaveAfterMs > 0) await new Promise((r) => setTimeout(r, leaveAfterMs));
    abort.abort();
    return await Promise.race([following.then(() => 'returned'), new Promise<string>((resolve) => setTimeout(() => resolve('still following'), 5_000).unref())]);
  } finally {
    await nats.close();
  }
}

test('a follower that leaves while its consumer is being set up stops it: follow returns instead of running on', async (t) => {
  t.is(await followThenLeave(0), 'returned');
});

test('a follower that leaves later stops the consumer too', async (t) => {
  t.is(await followThenLeave(300), 'returned');
});
