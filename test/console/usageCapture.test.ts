import test from 'ava';
import { startApi, register, createKey } from '../auth/harness.ts';
import type { ApiRequestBatch, ApiRequestLogged } from '../../shared/events.ts';
import { flushUsageCapture } from '../../api/middleware/usageCapture.ts';

/** A publish that never settles until the test opens it, recording the events of the batches it was given. */
function heldPublish() {
  const events: ApiRequestLogged[] = [];
  const messages: ApiRequestBatch[] = [];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let notify: (() => void) | undefined;
  let waitingFor = 0;
  return {
    events,
    release,
    messages,
    publish: async (_subject: string, payload: unknown) => {
      messages.push(payload as ApiRequestBatch);
      events.push(...(payload as ApiRequestBatch).events);
      if (notify && events.length >= waitingFor) notify();
      await released;
    },
    /**
     * Resolves once `n` events have been handed to publish, or after 10 s without them, so a capture that
     * never comes fails on the assertion that names it instead of hanging until the test times out.
     */
    received: (n: number) =>
      events.length >= n
        ? Promise.resolve()
        : new Promise<void>((r) => {
            notify = r;
            waitingFor = n;
            setTimeout(r, 10_000).unref();
          }),
  };
}

test('a request never waits for its usage event: answered while the publish is still pending', async (t) => {
  t.timeout(60_000, 'a request that waits for a publish that never settles would hang here');
  const held = heldPublish();
  const api = await startApi({ publish: held.publish });
  try {
    const s = await register(api, 'capture-wait@example.com');
    const { key, id } = await createKey(api, s.access);
    const reply = await api.request('GET', '/api/v1/external/markets?limit=1', { apiKey: key });
    t.is(reply.status, 200);
    await held.received(1);
    t.like(held.events[0], { type: 'api_request', api_key_id: id, method: 'GET', endpoint: '/api/v1/external/markets', status: 200 });
  } finally {
    held.release();
    await api.close();
  }
});

test('403 and 429 answers to a key are captured with the status the client got; a revoked key\'s 401 is not', async (t) => {
  const held = heldPublish();
  held.release();
  const api = await startApi({ publish: held.publish });
  try {
    const s = await register(api, 'capture-codes@example.com');
    const arb = await createKey(api, s.access, { name: 'arb only', permissions: '["read:arbitrage"]' });
    t.is((await api.request('GET', '/api/v1/external/markets', { apiKey: arb.key })).status, 403);
    const slow = await createKey(api, s.access, { name: 'one a minute', rate_limit: 1 });
    t.is((await api.request('GET', '/api/v1/external/markets', { apiKey: slow.key })).status, 200);
    t.is((await api.request('GET', '/api/v1/external/markets', { apiKey: slow.key })).status, 429);
    await held.received(3);
    t.deepEqual(held.events.map((e) => [e.api_key_id, e.status]), [[arb.id, 403], [slow.id, 200], [slow.id, 429]]);

    t.is((await api.request('DELETE', `/api/v1/console/keys/${arb.id}`, { bearer: s.access })).status, 200);
    t.is((await api.request('GET', '/api/v1/external/markets', { apiKey: arb.key })).status, 401);
    // A later captured request proves the 401 had its chance to be published first.
    const other = await createKey(api, s.access, { name: 'marker' });
    t.is((await api.request('GET', '/api/v1/external/nothing', { apiKey: other.key })).status, 404);
    await held.received(4);
    t.deepEqual(held.events.slice(3).map((e) => [e.api_key_id, e.status]), [[other.id, 404]]);
  } finally {
    await api.close();
  }
});

test('requests are answered while their usage publishes hang: the events queue in batches, none dropped, each sent once', async (t) => {
  const held = heldPublish();
  // The clock moves a second per 20 requests, so the key's burst (834 per 5 s) never refuses any of them.
  let clock = Date.UTC(2026, 6, 1);
  const api = await startApi({ publish: held.publish, auth: { now: () => clock } });
  try {
    const s = await register(api, 'capture-cap@example.com');
    const { key } = await createKey(api, s.access, { name: 'busy', rate_limit: 10_000 });
    const total = 405;
    const statuses = new Set<number>();
    for (let i = 0; i < total; i += 20) {
      const batch = await Promise.all(Array.from({ length: Math.min(20, total - i) }, () => api.request('GET', '/api/v1/external/nothing', { apiKey: key })));
      for (const r of batch) statuses.add(r.status);
      clock += 1_000;
    }
    t.deepEqual([...statuses], [404], 'every request was answered at once, none waited for its publish');
    await held.received(total);
    t.is(held.events.length, total);
    t.is(new Set(held.events.map((e) => e.id)).size, total, 'each event once');
    t.true(held.messages.length < total, `fewer messages than requests (${held.messages.length})`);
    t.true(held.messages.every((m) => m.type === 'api_request_batch' && m.events.length > 0));
    t.deepEqual(api.logLines.filter((l) => l.msg === 'usage events dropped: the stream is not keeping up'), []);
  } finally {
    held.release();
    await api.close();
  }
});

test('server shutdown sends the usage events still queued and waits for the stream to take them', async (t) => {
  const acked: string[] = [];
  const api = await startApi({
    publish: async (_subject, payload) => {
      // A stream that answers after a while: the shutdown must not return before it has.
      await new Promise((r) => setTimeout(r, 200));
      acked.push(...(payload as ApiRequestBatch).events.map((e) => e.endpoint));
    },
  });
  try {
    const s = await register(api, 'capture-shutdown@example.com');
    const { key } = await createKey(api, s.access);
    for (const path of ['/api/v1/external/a', '/api/v1/external/b', '/api/v1/external/c']) t.is((await api.request('GET', path, { apiKey: key })).status, 404);
    await flushUsageCapture(api.deps);
    t.deepEqual(acked.sort(), ['/api/v1/external/a', '/api/v1/external/b', '/api/v1/external/c'], 'acknowledged by the time the flush returned');
  } finally {
    await api.close();
  }
});
