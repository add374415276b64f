import test from 'ava';
import { startApi, register, createKey, type Reply, type TestApi } from '../auth/harness.ts';

function rl(reply: Reply) {
  return {
    limit: reply.headers.get('x-ratelimit-limit'),
    remaining: reply.headers.get('x-ratelimit-remaining'),
    reset: Number(reply.headers.get('x-ratelimit-reset')),
  };
}

async function hammer(api: TestApi, n: number, path: string, opts: Parameters<TestApi['request']>[2] = {}): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let i = 0; i < n; i += 1) replies.push(await api.request('GET', path, opts));
  return replies;
}

test('product read tier: 120/min reported, a burst of 40 passes, the 41st is 429 RATE_LIMITED and retrying keeps the window', async (t) => {
  // The app's clock held still: every request falls in the same windows, however slow the machine.
  const frozen = Date.now();
  const api = await startApi({ auth: { now: () => frozen } });
  try {
    const replies = await hammer(api, 40, '/api/v1/markets?limit=1');
    t.deepEqual(replies.map((r) => r.status), Array(40).fill(200));
    t.deepEqual(rl(replies[0]!).limit, '120');
    t.is(rl(replies[0]!).remaining, '39', 'the tighter (burst) window is what remains');
    t.is(rl(replies[39]!).remaining, '0');
    // Judged against the app's own (frozen) clock, not the wall clock: 40 requests on a loaded machine can take
    // longer than a window, and that is no fault of the header.
    const reset = rl(replies[0]!).reset;
    t.true(Number.isInteger(reset) && reset * 1000 > frozen - 1000 && reset * 1000 <= frozen + 61_000, 'Reset is a Unix time in seconds, within a minute of the app clock');

    const refused = await api.request('GET', '/api/v1/markets?limit=1');
    t.is(refused.status, 429);
    t.is(refused.body.status, 'RATE_LIMITED');
    t.regex(refused.body.message, /^Rate limit exceeded\. Try again in \d+ seconds\.$/);
    t.is(rl(refused).limit, '120');
    t.is(rl(refused).remaining, '0');
    t.truthy(refused.headers.get('retry-after'));
    const retry = await api.request('GET', '/api/v1/markets');
    t.is(retry.status, 429, 'an immediate retry is still refused');
    t.is(rl(retry).reset, rl(refused).reset, 'and the window did not move');
  } finally {
    await api.close();
  }
});

test('session tier: 60/min reported, burst 20; every response carries the headers, errors included', async (t) => {
  // The app's clock held still: every request falls in the same windows, however slow the machine.
  const frozen = Date.now();
  const api = await startApi({ auth: { now: () => frozen } });
  try {
    const s = await register(api, 'tier-session@example.com');
    const notFound = await api.request('GET', '/api/v1/nothing-here', { bearer: s.access });
    t.is(notFound.status, 404);
    t.is(rl(notFound).limit, '60');
    const replies = await hammer(api, 19, '/api/v1/auth/me', { bearer: s.access });
    t.deepEqual(replies.map((r) => r.status), Array(19).fill(200));
    t.is(rl(replies[18]!).remaining, '0');
    const refused = await api.request('GET', '/api/v1/auth/me', { bearer: s.access });
    t.is(refused.status, 429);
    t.is(rl(refused).limit, '60');
    // Anonymous callers are counted apart from the session.
    t.is((await api.request('GET', '/api/v1/markets?limit=1')).status, 200);
  } finally {
    await api.close();
  }
});

test("API key tier: the key's own rate_limit is X-RateLimit-Limit; below the burst size the minute window binds", async (t) => {
  // The app's clock held still: every request falls in the same windows, however slow the machine.
  const frozen = Date.now();
  const api = await startApi({ auth: { now: () => frozen } });
  try {
    const s = await register(api, 'tier-key@example.com');
    const big = await createKey(api, s.access, { name: 'big', rate_limit: 10_000 });
    t.is(rl(await api.request('GET', '/api/v1/external/markets', { apiKey: big.key })).limit, '10000');
    const dflt = await createKey(api, s.access, { name: 'default' });
    t.is(rl(await api.request('GET', '/api/v1/external/markets', { apiKey: dflt.key })).limit, '60');

    const small = await createKey(api, s.access, { name: 'small', rate_limit: 5 });
    const replies = await hammer(api, 5, '/api/v1/external/markets', { apiKey: small.key });
    t.deepEqual(replies.map((r) => r.status), [200, 200, 200, 200, 200]);
    t.deepEqual(replies.map((r) => rl(r).remaining), ['4', '3', '2', '1', '0']);
    const refused = await api.request('GET', '/api/v1/external/markets', { apiKey: small.key });
    t.is(refused.status, 429);
    t.is(rl(refused).limit, '5');
    // The 5-second burst window still has room: the minute window refused, so Reset is the minute's end.
    t.true(rl(refused).reset * 1000 - Date.now() > 30_000);
    t.regex(refused.body.message, /Try again in \d\d seconds/);
    // Other keys of the same account have their own counters.
    t.is((await api.request('GET', '/api/v1/external/markets', { apiKey: dflt.key })).status, 200);
  } finally {
    await api.close();
  }
});

test('burst and minute windows combine: bursts of 20 pass until 60 have passed in the minute, then the minute window refuses', async (t) => {
  const t0 = Date.UTC(2026, 0, 15, 12, 0, 0);
  let clock = t0;
  const api = await startApi({ auth: { now: () => clock } });
  try {
    const s = await register(api, 'tier-burst@example.com');
    const me = () => api.request('GET', '/api/v1/auth/me', { bearer: s.access });
    const burst = async () => {
      const replies: Reply[] = [];
      for (let i = 0; i < 20; i += 1) replies.push(await me());
      return replies;
    };

    // Second 0: 20 pass (the burst), the 21st waits for the 5-second burst window to end.
    const first = await burst();
    t.deepEqual(first.map((r) => r.status), Array(20).fill(200));
    t.deepEqual(first.map((r) => rl(r).remaining), Array.from({ length: 20 }, (_, i) => String(19 - i)));
    const dry1 = await me();
    t.is(dry1.status, 429);
    t.is(dry1.headers.get('retry-after'), '5');
    t.is(rl(dry1).reset, t0 / 1000 + 5);

    // Second 5: a new burst of 20; 40 have passed in the minute.
    clock = t0 + 5_000;
    t.deepEqual((await burst()).map((r) => r.status), Array(20).fill(200));
    const dry2 = await me();
    t.is(dry2.status, 429);
    t.is(dry2.headers.get('retry-after'), '5');

    // Second 10: the third burst spends the minute's 60; what stops the 61st is the minute, which ends at second 60.
    clock = t0 + 10_000;
    const third = await burst();
    t.deepEqual(third.map((r) => r.status), Array(20).fill(200));
    t.is(rl(third[19]!).remaining, '0');
    const spent = await me();
    t.is(spent.status, 429);
    t.is(spent.headers.get('retry-after'), '50');
    t.is(rl(spent).reset, t0 / 1000 + 60);

    // Second 15: the burst window has room again, the minute window still refuses.
    clock = t0 + 15_000;
    const minuteRefusal = await me();
    t.is(minuteRefusal.status, 429);
    t.deepEqual(minuteRefusal.body, { status: 'RATE_LIMITED', message: 'Rate limit exceeded. Try again in 45 seconds.' });
    t.is(rl(minuteRefusal).reset, t0 / 1000 + 60);

    // Second 60: both windows are new.
    clock = t0 + 60_000;
    const again = await me();
    t.is(again.status, 200);
    t.is(rl(again).remaining, '19');
  } finally {
    await api.close();
  }
});

test('health probes have their own generous tier: polling /health never spends the product-read budget', async (t) => {
  // The app's clock held still: every request falls in the same windows, however slow the machine.
  const frozen = Date.now();
  const api = await startApi({ auth: { now: () => frozen } });
  try {
    const probes = await hammer(api, 60, '/health');
    t.deepEqual(probes.map((r) => r.status), Array(60).fill(200));
    t.is(rl(probes[0]!).limit, '6000');
    const product = await api.request('GET', '/api/v1/markets?limit=1');
    t.is(product.status, 200);
    t.is(rl(product).remaining, '39', 'the product-read burst is untouched by the probes');
  } finally {
    await api.close();
  }
});
