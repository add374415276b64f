import test from 'ava';
import { startTestNats } from '../support/nats.ts';
import { jetStreamArbitrageFeed } from '../../pipeline/streams/arbitrageFeed.ts';

/** Resolves with 'returned' when `p` settles within `ms`, else 'still following'. */
const within = (p: Promise<unknown>, ms: number): Promise<string> =>
  Promise.race([p.then(() => 'returned'), new Promise<string>((resolve) => setTimeout(() => resolve('still following'), ms).unref())]);

test('a follower that leaves while its consumer is being set up stops it: follow returns instead of running on', async (t) => {
  const nats = await startTestNats();
  try {
    const feed = jetStreamArbitrageFeed(nats.conn);
    const abort = new AbortController();
    const following = feed.follow(1, async () => undefined, abort.signal);
    // follow() is now awaiting the consumer's creation on the server; the client goes away meanwhile.
    abort.abort();
    t.is(await within(following, 5_000), 'returned');
  } finally {
    await nats.close();
  }
});

test('a follower that leaves later stops the consumer too', async (t) => {
  const nats = await startTestNats();
  try {
    const feed = jetStreamArbitrageFeed(nats.conn);
    const abort = new AbortController();
    const following = feed.follow(1, async () => undefined, abort.signal);
    await new Promise((r) => setTimeout(r, 300));
    abort.abort();
    t.is(await within(following, 5_000), 'returned');
  } finally {
    await nats.close();
  }
});
