import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { AccountRepository, SESSION_ACCOUNT_CACHE_MS } from '../../api/auth/accounts.ts';
import { TokenService, TOKEN_TTL_SECONDS } from '../../api/auth/tokens.ts';
import { VerifiedTokens } from '../../api/auth/verifiedTokens.ts';
import { startApi, register } from './harness.ts';

const SECRETS = { access: 'a'.repeat(40), refresh: 'r'.repeat(40), reset: 's'.repeat(40), wallet: 'w'.repeat(40) };

test('a verified access token is remembered only until its own exp, checked on every hit', (t) => {
  let clock = Date.UTC(2026, 0, 1, 12, 0, 0);
  const tokens = new TokenService(SECRETS, () => clock);
  const cache = new VerifiedTokens(tokens, () => clock);
  const { token } = tokens.sign('access', 'acc-1', { sv: 3 });
  const first = cache.verify('access', token);
  t.true(first.ok);
  t.is(first.ok && first.claims.sv, 3);
  clock += TOKEN_TTL_SECONDS.access * 1000 - 1; // 12:14:59.999: still inside its 15 minutes
  t.true(cache.verify('access', token).ok);
  clock += 1; // 12:15:00.000 = exp
  t.deepEqual(cache.verify('access', token), { ok: false, reason: 'expired' });
  t.deepEqual(cache.verify('refresh', token), { ok: false, reason: 'invalid' }, 'a remembered access token is not a refresh token');
  t.deepEqual(cache.verify('access', token + 'x'), { ok: false, reason: 'invalid' }, 'a different string is verified on its own');
});

test('an account read for a session is kept SESSION_ACCOUNT_CACHE_MS; a password change through the same repository drops it at once', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  let clock = Date.UTC(2026, 0, 1);
  const here = new AccountRepository(store, () => clock);
  const elsewhere = new AccountRepository(store, () => clock);
  try {
    await here.ensureIndexes();
    const doc = (await here.create({ email: 'cache@example.com', name: 'C', passwordHash: 'h0', now: new Date(clock) }))!;
    t.is((await here.forSession(doc._id))?.session_version, 0);
    await here.setPassword(doc._id, 'h1', new Date(clock));
    t.is((await here.forSession(doc._id))?.session_version, 1, 'changed here: seen at once');
    await elsewhere.setPassword(doc._id, 'h2', new Date(clock));
    clock += SESSION_ACCOUNT_CACHE_MS - 1;
    t.is((await here.forSession(doc._id))?.session_version, 1, 'changed in another process: may be seen late, within the bound');
    clock += 1;
    t.is((await here.forSession(doc._id))?.session_version, 2, 'at the bound it is read again');
    t.is(await here.forSession('no-such-account'), null);
  } finally {
    await store.close();
  }
});

test('through the API: after change-password the old access token is refused on the very next request, while cached before', async (t) => {
  const api = await startApi();
  try {
    const s = await register(api, 'session-cache@example.com', 'first-password');
    t.is((await api.request('GET', '/api/v1/auth/me', { bearer: s.access })).status, 200);
    t.is((await api.request('GET', '/api/v1/auth/me', { bearer: s.access })).status, 200, 'served from the caches');
    const changed = await api.request('POST', '/api/v1/auth/change-password', { bearer: s.access, body: { current_password: 'first-password', new_password: 'second-password' } });
    t.is(changed.status, 200);
    const old = await api.request('GET', '/api/v1/auth/me', { bearer: s.access });
    t.is(old.status, 401);
    t.is(old.body.status, 'UNAUTHORIZED');
    t.is((await api.request('GET', '/api/v1/auth/me', { bearer: changed.body.tokens.access_token as string })).status, 200);
  } finally {
    await api.close();
  }
});
