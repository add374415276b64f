import test from 'ava';
import { startApi, register, createKey, type TestApi } from './harness.ts';
import { ApiKeyRepository, MAX_ACTIVE_KEYS } from '../../api/auth/apiKeys.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';

const keysOf = (api: TestApi, accountId: string) => api.store.collection('api_keys').find({ account_id: accountId });

/** Polls the stored record (last_used_at is written off the request path) with a bound; no fixed sleep. */
async function storedKey(api: TestApi, id: string, done: (doc: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let i = 0; i < 500; i += 1) {
    const doc = (await api.store.collection('api_keys').get(id)) as Record<string, unknown>;
    if (done(doc)) return doc;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`key ${id} never reached the expected state`);
}

test('an account holds at most 25 active keys: the 26th is 409 CONFLICT, and revoking one frees a place', async (t) => {
  const api = await startApi();
  try {
    const s = await register(api, 'cap@example.com');
    t.is(MAX_ACTIVE_KEYS, 25);
    // 24 through the repository (the session tier's burst is 20 requests), the 25th through the route.
    for (let i = 0; i < 24; i += 1) await api.auth.apiKeys.create({ accountId: s.id, name: `k${i}`, scopes: ['read:markets'], rateLimit: 60, now: new Date() });
    const last = await createKey(api, s.access, { name: 'twenty-fifth' });
    const refused = await api.request('POST', '/api/v1/console/keys', { bearer: s.access, body: { name: 'twenty-sixth' } });
    t.is(refused.status, 409);
    t.deepEqual(refused.body, { status: 'CONFLICT', message: 'This account already has 25 active API keys; revoke one before creating another.' });
    t.is((await keysOf(api, s.id)).length, 25, 'nothing was stored');

    t.is((await api.request('DELETE', `/api/v1/console/keys/${last.id}`, { bearer: s.access })).status, 200);
    t.is((await api.request('POST', '/api/v1/console/keys', { bearer: s.access, body: { name: 'in its place' } })).status, 201);
    t.is((await api.request('POST', '/api/v1/console/keys', { bearer: s.access, body: { name: 'one too many' } })).status, 409);
    t.is((await keysOf(api, s.id)).filter((k) => k.revoked_at === null).length, 25);
  } finally {
    await api.close();
  }
});

test('revoking twice answers the same record: the first revocation time stays, and the key stays refused', async (t) => {
  let clock = Date.UTC(2026, 5, 1, 9, 0, 0);
  const api = await startApi({ auth: { now: () => clock } });
  try {
    const s = await register(api, 'revoke-twice@example.com');
    const { id, key } = await createKey(api, s.access);
    const first = await api.request('DELETE', `/api/v1/console/keys/${id}`, { bearer: s.access });
    t.is(first.status, 200);
    t.is(first.body.data.revoked_at, '2026-06-01T09:00:00.000Z');
    clock += 10 * 60_000;
    const second = await api.request('DELETE', `/api/v1/console/keys/${id}`, { bearer: s.access });
    t.is(second.status, 200);
    t.deepEqual(second.body.data, first.body.data, 'same record, revoked_at not moved');
    t.is((await api.request('GET', '/api/v1/external/markets', { apiKey: key })).status, 401);
  } finally {
    await api.close();
  }
});

test('last_used_at is written at most once a minute per key', async (t) => {
  const t0 = Date.UTC(2026, 5, 1, 9, 0, 0);
  let clock = t0;
  const api = await startApi({ auth: { now: () => clock } });
  try {
    const s = await register(api, 'last-used@example.com');
    const a = await createKey(api, s.access, { name: 'a' });
    const b = await createKey(api, s.access, { name: 'b' });
    const use = async (key: string) => t.is((await api.request('GET', '/api/v1/external/markets?limit=1', { apiKey: key })).status, 200);

    await use(a.key);
    t.is((await storedKey(api, a.id, (d) => d.last_used_at !== null)).last_used_at, '2026-06-01T09:00:00.000Z');

    clock = t0 + 59_000;
    await use(a.key);
    // Writes are issued in request order: once b's first use is stored, a's second use would be too.
    await use(b.key);
    await storedKey(api, b.id, (d) => d.last_used_at === '2026-06-01T09:00:59.000Z');
    t.is((await api.store.collection('api_keys').get(a.id))?.last_used_at, '2026-06-01T09:00:00.000Z', 'not written again within the minute');

    clock = t0 + 60_000;
    await use(a.key);
    t.is((await storedKey(api, a.id, (d) => d.last_used_at !== '2026-06-01T09:00:00.000Z')).last_used_at, '2026-06-01T09:01:00.000Z');
  } finally {
    await api.close();
  }
});

// Key creations started in one tick: every await of count-then-insert is a point where the others run, as
// they would against a networked store (HTTP requests on the in-process SQLite store arrive too far apart).
const input = (accountId: string, name: string) => ({ accountId, name, scopes: ['read:markets'] as const, rateLimit: 60, now: new Date() });

test('the 25-key cap holds under concurrent creation in one process: ten at 24 keys, exactly one is created', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const keys = new ApiKeyRepository(store);
    for (let i = 0; i < 24; i += 1) await keys.create(input('acct', `k${i}`));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => keys.createWithinCap(input('acct', `racer ${i}`), MAX_ACTIVE_KEYS)));
    const created = results.filter((r) => r !== null);
    t.is(created.length, 1);
    t.is(await keys.countActive('acct'), 25);
    t.deepEqual((await keys.listFor('acct')).filter((k) => k.name.startsWith('racer')).map((k) => k._id), created.map((r) => r!.doc._id));
    t.is(await keys.createWithinCap(input('other', 'first'), MAX_ACTIVE_KEYS).then((r) => r?.doc.name), 'first', 'another account is not held up');
  } finally {
    await store.close();
  }
});

test('the 25-key cap holds across two processes sharing the store: never more than 25 active, refused keys not kept', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    // Two repositories: each process has its own, so only the store is shared between them.
    const [a, b] = [new ApiKeyRepository(store), new ApiKeyRepository(store)];
    for (let i = 0; i < 22; i += 1) await a.create(input('acct', `k${i}`));
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).createWithinCap(input('acct', `racer ${i}`), MAX_ACTIVE_KEYS)));
    const created = results.filter((r) => r !== null).map((r) => r!.doc._id).sort();
    const active = await a.countActive('acct');
    t.true(active <= 25, `${active} active keys`);
    t.deepEqual((await a.listFor('acct')).filter((k) => k.name.startsWith('racer')).map((k) => k._id).sort(), created, 'exactly the keys answered as created are stored');
    t.is(active, 22 + created.length);
  } finally {
    await store.close();
  }
});
