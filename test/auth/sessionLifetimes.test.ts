import test from 'ava';
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { startApi, register, cookiesOf, type Reply, type TestApi } from './harness.ts';

// docs/auth.md: access 15 minutes, refresh 7 days, wallet session 24 hours; the cookies carry the same lifetimes.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Each test has its own app and clock (the clock is moved; tests in a file run side by side). */
async function withApi(env: Record<string, string>, run: (api: TestApi, clock: { ms: number }, t0: number) => Promise<void>): Promise<void> {
  const t0 = Date.UTC(2026, 2, 1, 10, 0, 0);
  const clock = { ms: t0 };
  const api = await startApi({ env, auth: { now: () => clock.ms } });
  try {
    await run(api, clock, t0);
  } finally {
    await api.close();
  }
}

/** Seconds from the response's Date header to a cookie's Expires (the cookie library reads the wall clock). */
function cookieLifetimeSeconds(reply: Reply, name: string): number {
  const line = reply.setCookies.find((l) => l.startsWith(`${name}=`)) ?? '';
  const expires = /;\s*expires=([^;]+)/i.exec(line)?.[1] ?? '';
  return (Date.parse(expires) - Date.parse(reply.headers.get('date') ?? '')) / 1000;
}

/** Within two seconds: the Date header has whole seconds and the two are written a moment apart. */
const about = (actual: number, expected: number) => Math.abs(actual - expected) <= 2;

test('an access token works for 15 minutes and a refresh token for 7 days, and their cookies expire with them', async (t) => {
  await withApi({}, async (api, clock, t0) => {
    const reply = await api.request('POST', '/api/v1/auth/register', { body: { email: 'lifetime@example.com', password: 'correct horse battery' } });
    t.is(reply.status, 201);
    const { access_token: access, refresh_token: refresh } = reply.body.tokens as { access_token: string; refresh_token: string };
    t.true(about(cookieLifetimeSeconds(reply, 'svc_access'), 15 * 60), `svc_access ${cookieLifetimeSeconds(reply, 'svc_access')} s`);
    t.true(about(cookieLifetimeSeconds(reply, 'svc_refresh'), 7 * 24 * 3600), `svc_refresh ${cookieLifetimeSeconds(reply, 'svc_refresh')} s`);

    const me = () => api.request('GET', '/api/v1/auth/me', { bearer: access });
    clock.ms = t0 + 15 * MINUTE - 1_000;
    t.is((await me()).status, 200, 'one second before 15 minutes');
    clock.ms = t0 + 15 * MINUTE;
    const expired = await me();
    t.is(expired.status, 401, 'at 15 minutes');
    t.regex(expired.body.message, /expired/);

    // A second account's refresh token, unused until it has expired.
    const other = await register(api, 'lifetime-2@example.com');
    clock.ms = t0 + 7 * DAY - 1_000;
    t.is((await api.request('POST', '/api/v1/auth/refresh', { bearer: refresh })).status, 200, 'one second before 7 days');
    clock.ms = t0 + 15 * MINUTE + 7 * DAY;
    t.is((await api.request('POST', '/api/v1/auth/refresh', { bearer: other.refresh })).status, 401, '7 days after it was issued');
  });
});

test('a wallet session lasts 24 hours, and so does its svc_siwe cookie', async (t) => {
  await withApi({ PUBLIC_ORIGIN: 'https://concord.test' }, async (api, clock, t0) => {
    const nonce = await api.request('GET', '/api/v1/siwe/nonce');
    const wallet = Wallet.createRandom();
    const message = new SiweMessage({
      domain: 'concord.test',
      address: wallet.address,
      statement: 'Sign in to Concord',
      uri: 'https://concord.test/login',
      version: '1',
      chainId: 1,
      nonce: nonce.body.data.nonce as string,
      issuedAt: new Date(t0).toISOString(),
    }).prepareMessage();
    const signedIn = await api.request('POST', '/api/v1/siwe/verify', {
      body: { message, signature: await wallet.signMessage(message) },
      cookies: { svc_siwe_nonce: cookiesOf(nonce).svc_siwe_nonce ?? '' },
    });
    t.is(signedIn.status, 200);
    t.true(about(cookieLifetimeSeconds(signedIn, 'svc_siwe'), 24 * 3600), `svc_siwe ${cookieLifetimeSeconds(signedIn, 'svc_siwe')} s`);

    const lists = () => api.request('GET', '/api/v1/watchlists', { cookies: { svc_siwe: cookiesOf(signedIn).svc_siwe ?? '' } });
    clock.ms = t0 + DAY - 1_000;
    t.is((await lists()).status, 200, 'one second before 24 hours');
    clock.ms = t0 + DAY;
    t.is((await lists()).status, 401, 'at 24 hours');
  });
});
