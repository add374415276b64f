import test from 'ava';
import { startApi, register, createKey, type TestApi } from '../auth/harness.ts';
import { createHash } from 'node:crypto';

let api: TestApi;
test.before(async () => {
  api = await startApi({ env: { API_KEY_MONTHLY_QUOTA: '3' } });
});
test.after.always(async () => {
  await api.close();
});

test('creating a key returns the svc_ key once, its 12-character prefix, the defaults and the message; only a hash is stored', async (t) => {
  const s = await register(api, 'keys-a@example.com');
  const { key, id, reply } = await createKey(api, s.access, { name: 'ci key' });
  t.regex(key, /^svc_[A-Za-z0-9_-]{40,}$/);
  const data = reply.body.data;
  t.is(data.key_prefix, key.slice(0, 12));
  t.is(data.name, 'ci key');
  t.deepEqual(JSON.parse(data.permissions), ['read:arbitrage', 'read:markets', 'read:questions']);
  t.is(typeof data.permissions, 'string');
  t.is(data.rate_limit, 60);
  t.regex(reply.body.message, /not be displayed again/);
  const stored = await api.store.collection('api_keys').get(id);
  // SHA-256 of the key as hex, computed here independently: stored hashes must stay readable across releases.
  t.is(stored?.key_hash, createHash('sha256').update(key, 'utf8').digest('hex'));
  t.false(JSON.stringify(stored).includes(key));

  const list = await api.request('GET', '/api/v1/console/keys', { bearer: s.access });
  t.is(list.status, 200);
  t.is(list.body.data.length, 1);
  const item = list.body.data[0];
  t.deepEqual(Object.keys(item).sort(), ['created_at', 'id', 'key_prefix', 'last_used_at', 'name', 'permissions', 'rate_limit', 'revoked_at']);
  t.false(JSON.stringify(list.body).includes(key), 'the list never shows the key');
});

test('key creation validates name, permissions and rate_limit with 400 naming the field', async (t) => {
  const s = await register(api, 'keys-b@example.com');
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{}, /'name'/],
    [{ name: '' }, /'name'/],
    [{ name: 'x'.repeat(101) }, /'name'/],
    [{ name: 'k', permissions: 'read:markets' }, /'permissions'/],
    [{ name: 'k', permissions: '["read:everything"]' }, /read:everything/],
    [{ name: 'k', permissions: '[]' }, /'permissions'/],
    [{ name: 'k', rate_limit: 0 }, /'rate_limit'/],
    [{ name: 'k', rate_limit: 10_001 }, /'rate_limit'/],
    [{ name: 'k', rate_limit: '100' }, /'rate_limit'/],
    [{ name: 'k', rate_limit: 1.5 }, /'rate_limit'/],
    // A misspelled field is refused, not dropped (the key would get every scope and the default rate).
    [{ name: 'k', scopes: ['read:markets'], ratelimit: 5 }, /Unknown body field 'scopes'/],
  ];
  for (const [body, message] of cases) {
    const reply = await api.request('POST', '/api/v1/console/keys', { bearer: s.access, body });
    t.is(reply.status, 400, JSON.stringify(body));
    t.is(reply.body.status, 'INVALID_REQUEST');
    t.regex(reply.body.message, message);
  }
  const ok = await createKey(api, s.access, { name: 'k', permissions: '["read:markets","read:markets"]', rate_limit: 10_000 });
  t.is(ok.reply.body.data.permissions, '["read:markets"]');
  t.is(ok.reply.body.data.rate_limit, 10_000);
});

test('the console needs an email session: no credential, an API key or a bad token get 401', async (t) => {
  t.is((await api.request('GET', '/api/v1/console/keys')).status, 401);
  const s = await register(api, 'keys-c@example.com');
  const { key } = await createKey(api, s.access);
  const withKey = await api.request('GET', '/api/v1/console/keys', { apiKey: key });
  t.is(withKey.status, 401);
  t.is(withKey.body.status, 'UNAUTHORIZED');
  // A token with a forged signature, a refresh token where an access token belongs, and plain garbage.
  const [header, payload] = s.access.split('.');
  const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
  for (const bad of [forged, s.refresh, 'garbage']) {
    const reply = await api.request('GET', '/api/v1/console/keys', { bearer: bad });
    t.is(reply.status, 401, bad.slice(0, 20));
    t.is(reply.body.status, 'UNAUTHORIZED');
    const cookie = await api.request('GET', '/api/v1/console/keys', { cookies: { svc_access: bad } });
    t.is(cookie.status, 401, `cookie ${bad.slice(0, 20)}`);
  }
  t.is((await api.request('GET', '/api/v1/console/keys', { bearer: s.access })).status, 200, 'the genuine token works');
});

test('keys belong to their account: another account cannot see, revoke or read stats and logs of them (404)', async (t) => {
  const owner = await register(api, 'keys-owner@example.com');
  const other = await register(api, 'keys-other@example.com');
  const { id } = await createKey(api, owner.access);
  t.is((await api.request('GET', '/api/v1/console/keys', { bearer: other.access })).body.data.length, 0);
  const revoke = await api.request('DELETE', `/api/v1/console/keys/${id}`, { bearer: other.access });
  t.is(revoke.status, 404);
  t.is(revoke.body.status, 'NOT_FOUND');
  t.is((await api.request('GET', `/api/v1/console/stats?api_key_id=${id}`, { bearer: other.access })).status, 404);
  t.is((await api.request('GET', `/api/v1/console/logs?api_key_id=${id}`, { bearer: other.access })).status, 404);
  t.is((await api.request('GET', `/api/v1/console/stats?api_key_id=${id}`, { bearer: owner.access })).status, 200);
  t.is((await api.request('DELETE', '/api/v1/console/keys/not-a-uuid', { bearer: owner.access })).status, 400);
});

test('a key works on /external/markets with its scope; a revoked key is refused at once with 401 INVALID_API_KEY', async (t) => {
  const s = await register(api, 'keys-d@example.com');
  const { key, id } = await createKey(api, s.access, { name: 'markets', permissions: '["read:markets"]' });
  const ok = await api.request('GET', '/api/v1/external/markets?limit=5', { apiKey: key });
  t.is(ok.status, 200);
  t.deepEqual(ok.body.data, []);
  t.is(ok.body.meta.limit, 5);

  const revoked = await api.request('DELETE', `/api/v1/console/keys/${id}`, { bearer: s.access });
  t.is(revoked.status, 200);
  t.truthy(revoked.body.data.revoked_at);
  const after = await api.request('GET', '/api/v1/external/markets', { apiKey: key });
  t.is(after.status, 401);
  t.deepEqual(after.body, { status: 'INVALID_API_KEY', message: 'Authentication required' });
  t.truthy(after.headers.get('x-ratelimit-limit'));
  const listed = await api.request('GET', '/api/v1/console/keys', { bearer: s.access });
  t.truthy(listed.body.data[0].revoked_at, 'a revoked key stays listed with revoked_at');

  for (const bad of [undefined, 'svc_not-a-real-key', 'garbage']) {
    const reply = await api.request('GET', '/api/v1/external/markets', bad ? { apiKey: bad } : {});
    t.deepEqual(reply.body, { status: 'INVALID_API_KEY', message: 'Authentication required' });
  }
});

test('a key without the needed scope gets 403 FORBIDDEN naming the scope', async (t) => {
  const s = await register(api, 'keys-e@example.com');
  const { key } = await createKey(api, s.access, { name: 'arb only', permissions: '["read:arbitrage"]' });
  const reply = await api.request('GET', '/api/v1/external/markets', { apiKey: key });
  t.is(reply.status, 403);
  t.is(reply.body.status, 'FORBIDDEN');
  t.regex(reply.body.message, /'read:markets'/);
});

test('last_used_at is set when a key is used', async (t) => {
  const s = await register(api, 'keys-f@example.com');
  const { key, id } = await createKey(api, s.access);
  await api.request('GET', '/api/v1/external/markets', { apiKey: key });
  let used: unknown = null;
  for (let i = 0; i < 100 && !used; i += 1) {
    used = (await api.store.collection('api_keys').get(id))?.last_used_at ?? null;
    if (!used) await new Promise((r) => setTimeout(r, 10));
  }
  t.truthy(used);
});

test('past the monthly quota a key gets 429 QUOTA_EXCEEDED, with rate-limit headers', async (t) => {
  const s = await register(api, 'keys-g@example.com');
  const { key } = await createKey(api, s.access);
  for (let i = 0; i < 3; i += 1) t.is((await api.request('GET', '/api/v1/external/markets', { apiKey: key })).status, 200);
  const over = await api.request('GET', '/api/v1/external/markets', { apiKey: key });
  t.is(over.status, 429);
  t.is(over.body.status, 'QUOTA_EXCEEDED');
  t.regex(over.body.message, /monthly quota of 3 requests/);
  t.is(over.headers.get('x-ratelimit-limit'), '60');
  const other = await createKey(api, s.access, { name: 'second' });
  t.is((await api.request('GET', '/api/v1/external/markets', { apiKey: other.key })).status, 200, 'the quota is per key');
});
