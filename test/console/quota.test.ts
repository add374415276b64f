import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { ApiKeyRepository } from '../../api/auth/apiKeys.ts';
import { API_KEY_QUOTA, countRequest } from '../../api/auth/quota.ts';
import { startApi, register, createKey, TEST_ENV } from '../auth/harness.ts';
import { startApiProcess } from '../support/apiProcessRunner.ts';

const MARKETS = '/api/v1/external/markets?limit=1';

const statusOf = async (url: string, key: string) => {
  const res = await fetch(url + MARKETS, { headers: { 'x-api-key': key } });
  const body = (await res.json()) as { status?: string };
  return res.status === 200 ? 200 : `${res.status} ${body.status}`;
};
const tally = (results: Array<number | string>) => {
  const out: Record<string, number> = {};
  for (const r of results) out[r] = (out[r] ?? 0) + 1;
  return out;
};

test('30 concurrent requests of one key against a quota of 10: exactly 10 pass, the counter stops at 10', async (t) => {
  const api = await startApi({ env: { API_KEY_MONTHLY_QUOTA: '10' } });
  try {
    const s = await register(api, 'quota-burst@example.com');
    const { key, id } = await createKey(api, s.access);
    const results = await Promise.all(Array.from({ length: 30 }, () => statusOf(api.url, key)));
    t.deepEqual(tally(results), { 200: 10, '429 QUOTA_EXCEEDED': 20 });
    const counters = await api.store.collection(API_KEY_QUOTA).find({ api_key_id: id });
    t.deepEqual(counters.map((c) => c.count), [10], 'refused requests are not counted');
  } finally {
    await api.close();
  }
});

test('100 counts started at once against a quota of 10 grant exactly 10, and the counter stops at 10', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const at = new Date(Date.UTC(2026, 4, 10));
    const results = await Promise.all(Array.from({ length: 100 }, () => countRequest(store, 'key-1', 10, at)));
    t.is(results.filter((r) => r.ok).length, 10);
    t.deepEqual(results.filter((r) => r.ok).map((r) => r.used).sort((x, y) => x - y), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    t.deepEqual((await store.collection(API_KEY_QUOTA).find()).map((c) => [c._id, c.count]), [['key-1:2026-05', 10]]);
  } finally {
    await store.close();
  }
});

test('two API processes sharing one store never pass the quota together', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'concord-quota-'));
  const file = join(dir, 'shared.db');
  const setup = openSqliteStore({ file });
  const keys = new ApiKeyRepository(setup);
  await keys.ensureIndexes();
  const { doc, key } = await keys.create({ accountId: 'account-1', name: 'shared', scopes: ['read:markets'], rateLimit: 10_000, now: new Date() });
  await setup.close();
  const env = { ...TEST_ENV, API_KEY_MONTHLY_QUOTA: '25' };
  const [a, b] = await Promise.all([startApiProcess(file, env), startApiProcess(file, env)]);
  try {
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => statusOf((i % 2 ? a : b).url, key)));
    t.deepEqual(tally(results), { 200: 25, '429 QUOTA_EXCEEDED': 55 });
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
  const after = openSqliteStore({ file });
  t.deepEqual((await after.collection(API_KEY_QUOTA).find({ api_key_id: doc._id })).map((c) => c.count), [25]);
  await after.close();
  rmSync(dir, { recursive: true, force: true });
});

test('requests refused by the rate limit do not count against the monthly quota', async (t) => {
  const api = await startApi({ env: { API_KEY_MONTHLY_QUOTA: '100' } });
  try {
    const s = await register(api, 'quota-rate@example.com');
    const { key, id } = await createKey(api, s.access, { name: 'slow', rate_limit: 5 });
    const results: Array<number | string> = [];
    for (let i = 0; i < 8; i += 1) results.push(await statusOf(api.url, key));
    t.deepEqual(results, [200, 200, 200, 200, 200, '429 RATE_LIMITED', '429 RATE_LIMITED', '429 RATE_LIMITED']);
    t.deepEqual((await api.store.collection(API_KEY_QUOTA).find({ api_key_id: id })).map((c) => c.count), [5]);
  } finally {
    await api.close();
  }
});

test('past the quota, Retry-After runs to the first instant of the next UTC month, when the key works again', async (t) => {
  let clock = Date.UTC(2026, 0, 31, 23, 59, 30);
  const api = await startApi({ env: { API_KEY_MONTHLY_QUOTA: '2' }, auth: { now: () => clock } });
  try {
    const s = await register(api, 'quota-month@example.com');
    const { key } = await createKey(api, s.access);
    t.is(await statusOf(api.url, key), 200);
    t.is(await statusOf(api.url, key), 200);
    const over = await fetch(api.url + MARKETS, { headers: { 'x-api-key': key } });
    t.is(over.status, 429);
    t.deepEqual(await over.json(), {
      status: 'QUOTA_EXCEEDED',
      message: 'This API key has used its monthly quota of 2 requests; it renews at 2026-02-01T00:00:00.000Z.',
    });
    t.is(over.headers.get('retry-after'), '30', '23:59:30 to midnight');
    clock = Date.UTC(2026, 1, 1, 0, 0, 0);
    t.is(await statusOf(api.url, key), 200, 'February has its own count');
  } finally {
    await api.close();
  }
});
