import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { API_KEY_QUOTA } from '../../api/auth/quota.ts';
import { leaseSize, QuotaLeases, QUOTA_LEASE_IDLE_MS } from '../../api/auth/quotaLeases.ts';
import { closeRateLimit } from '../../api/middleware/rateLimit.ts';
import { startApi, register, createKey } from '../auth/harness.ts';

const MAY = new Date(Date.UTC(2026, 4, 10));
const counterOf = async (store: ReturnType<typeof openSqliteStore>, id: string) =>
  (await store.collection(API_KEY_QUOTA).find({ _id: id })).map((c) => c.count);
const serve = async (leases: QuotaLeases, n: number, key = 'key-1') => {
  let ok = 0;
  for (let i = 0; i < n; i += 1) if ((await leases.count(key, MAY)).ok) ok += 1;
  return ok;
};

test('lease sizes: one count near the limit, a thousandth of the rest far from it, at most 1,000', (t) => {
  t.deepEqual([0, 1, 1_999, 2_000, 2_999, 999_999, 1_000_000, 5_000_000].map(leaseSize), [1, 1, 1, 2, 2, 999, 1_000, 1_000]);
});

test('quota counter across a flush and a restart: leased counts go back on close, so the store holds the requests served', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'concord-quota-lease-'));
  const file = join(dir, 'q.db');
  try {
    const first = openSqliteStore({ file });
    const a = new QuotaLeases(first, 1_000_000);
    t.is(await serve(a, 5), 5);
    // First take 1 (nothing known yet): counter 1; then floor((1,000,000 - 1) / 1,000) = 999: counter 1,000.
    t.deepEqual(await counterOf(first, 'key-1:2026-05'), [1_000]);
    t.is(a.unusedOf('key-1', '2026-05'), 995);
    await a.close();
    t.deepEqual(await counterOf(first, 'key-1:2026-05'), [5], '995 unused counts given back');
    await first.close();

    const second = openSqliteStore({ file });
    const b = new QuotaLeases(second, 1_000_000);
    t.is(await serve(b, 3), 3);
    // Take 1: 6; then floor((1,000,000 - 6) / 1,000) = 999: 1,005; close gives 997 back: 8.
    t.deepEqual(await counterOf(second, 'key-1:2026-05'), [1_005]);
    await b.close();
    t.deepEqual(await counterOf(second, 'key-1:2026-05'), [8]);
    await second.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a process that dies loses its unused lease: the key is refused that many requests early (the documented bound)', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const crashed = new QuotaLeases(store, 1_000_000);
    t.is(await serve(crashed, 2), 2);
    // Never closed (a killed process): counter 1 + 999 = 1,000 while 2 were served; 998 are lost.
    t.deepEqual(await counterOf(store, 'key-1:2026-05'), [1_000]);
  } finally {
    await store.close();
  }
});

test('with leases larger than one, exactly the quota is served and the next request is refused', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    // Quota 3,000: takes of 1, then 2 while >= 2,000 remain, then 1: 3,000 requests pass, the 3,001st does not.
    const leases = new QuotaLeases(store, 3_000);
    t.is(await serve(leases, 3_000), 3_000);
    t.deepEqual(await counterOf(store, 'key-1:2026-05'), [3_000]);
    const over = await leases.count('key-1', MAY);
    t.false(over.ok);
    t.is(over.ok ? null : over.resetsAt.toISOString(), '2026-06-01T00:00:00.000Z');
    t.is(await serve(leases, 1, 'key-2'), 1, 'another key has its own quota');
    await leases.close();
  } finally {
    await store.close();
  }
});

test('two lease holders over one store serve exactly the quota together once the idle one gives its lease back', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  let clockA = 0;
  try {
    const a = new QuotaLeases(store, 5_000, () => clockA);
    const b = new QuotaLeases(store, 5_000);
    // A: take 1 (counter 1), then floor(4,999 / 1,000) = 4 (counter 5); A used 2 and holds 3.
    t.is(await serve(a, 2), 2);
    t.is(a.unusedOf('key-1', '2026-05'), 3);
    // B can take only what the counter leaves: 5,000 - 5 = 4,995.
    t.is(await serve(b, 5_000), 4_995);
    clockA += QUOTA_LEASE_IDLE_MS;
    await a.returnIdle();
    t.is(await serve(b, 10), 3, "A's 3 unused counts are served by B once given back");
    t.deepEqual(await counterOf(store, 'key-1:2026-05'), [5_000]);
    await Promise.all([a.close(), b.close()]);
    t.deepEqual(await counterOf(store, 'key-1:2026-05'), [5_000], '2 + 4,998 served in all');
  } finally {
    await store.close();
  }
});

test('through the API: 5 requests of a key with the default quota, then a stop, leave the counter at 5', async (t) => {
  const api = await startApi();
  try {
    const s = await register(api, 'quota-lease@example.com');
    const { key, id } = await createKey(api, s.access);
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(api.url + '/api/v1/external/markets?limit=1', { headers: { 'x-api-key': key } });
      t.is(res.status, 200);
      await res.arrayBuffer();
    }
    const counters = async () => (await api.store.collection(API_KEY_QUOTA).find({ api_key_id: id })).map((c) => c.count);
    // While running: 1 + floor((1,000,000 - 1) / 1,000) = 1,000 (used and leased).
    t.deepEqual(await counters(), [1_000]);
    await closeRateLimit(api.deps); // what the server's stop does before the store closes
    t.deepEqual(await counters(), [5]);
  } finally {
    await api.close();
  }
});
