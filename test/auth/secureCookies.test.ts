import test from 'ava';
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { startApi, register, cookiesOf, type Reply } from './harness.ts';

/** The Set-Cookie lines of a reply by cookie name, attributes lower-cased. */
function cookieLines(reply: Reply): Record<string, string> {
  return Object.fromEntries(reply.setCookies.map((line) => [line.slice(0, line.indexOf('=')), line.toLowerCase()]));
}

const SESSION_COOKIES = ['svc_access', 'svc_refresh'];

test('with an https PUBLIC_ORIGIN every session cookie is Secure (TLS ends at a proxy), set or cleared', async (t) => {
  const api = await startApi({ env: { PUBLIC_ORIGIN: 'https://concord.example.com' } });
  try {
    const registered = await api.request('POST', '/api/v1/auth/register', { body: { email: 'secure@example.com', password: 'correct horse battery' } });
    const login = await api.request('POST', '/api/v1/auth/login', { body: { email: 'secure@example.com', password: 'correct horse battery' } });
    const refreshed = await api.request('POST', '/api/v1/auth/refresh', { bearer: login.body.tokens.refresh_token });
    const logout = await api.request('POST', '/api/v1/auth/logout', { body: { refresh_token: refreshed.body.tokens.refresh_token } });
    for (const [step, reply] of Object.entries({ registered, login, refreshed, logout })) {
      const lines = cookieLines(reply);
      t.deepEqual(Object.keys(lines).sort(), SESSION_COOKIES, step);
      for (const name of SESSION_COOKIES) {
        t.regex(lines[name]!, /; secure/, `${step} ${name}`);
        t.regex(lines[name]!, /; httponly/, `${step} ${name}`);
        t.regex(lines[name]!, /; samesite=lax/, `${step} ${name}`);
        t.regex(lines[name]!, /; path=\//, `${step} ${name}`);
      }
    }
    t.regex(cookieLines(logout).svc_access!, /^svc_access=;/, 'logout clears the cookie');
  } finally {
    await api.close();
  }
});

test('with an https PUBLIC_ORIGIN the wallet cookies are Secure too: the nonce binding set and cleared, the svc_siwe session set and cleared', async (t) => {
  const api = await startApi({ env: { PUBLIC_ORIGIN: 'https://concord.example.com' } });
  try {
    const nonce = await api.request('GET', '/api/v1/siwe/nonce');
    const binding = cookiesOf(nonce).svc_siwe_nonce ?? '';
    const wallet = Wallet.createRandom();
    const message = new SiweMessage({
      domain: 'concord.example.com',
      address: wallet.address,
      statement: 'Sign in to Concord',
      uri: 'https://concord.example.com/login',
      version: '1',
      chainId: 1,
      nonce: nonce.body.data.nonce as string,
      issuedAt: new Date().toISOString(),
    }).prepareMessage();
    const verified = await api.request('POST', '/api/v1/siwe/verify', { body: { message, signature: await wallet.signMessage(message) }, cookies: { svc_siwe_nonce: binding } });
    t.is(verified.status, 200);
    const logout = await api.request('POST', '/api/v1/siwe/logout', { cookies: { svc_siwe: cookiesOf(verified).svc_siwe ?? '' } });
    const expected: Record<string, string[]> = { nonce: ['svc_siwe_nonce'], verified: ['svc_siwe', 'svc_siwe_nonce'], logout: ['svc_siwe'] };
    for (const [step, reply] of Object.entries({ nonce, verified, logout })) {
      const lines = cookieLines(reply);
      t.deepEqual(Object.keys(lines).sort(), expected[step], step);
      for (const [name, line] of Object.entries(lines)) {
        t.regex(line, /; secure/, `${step} ${name}`);
        t.regex(line, /; httponly/, `${step} ${name}`);
      }
    }
    t.regex(cookieLines(verified).svc_siwe_nonce!, /^svc_siwe_nonce=;/, 'the spent binding is cleared on verify');
    t.regex(cookieLines(logout).svc_siwe!, /^svc_siwe=;/, 'logout clears the wallet session');
  } finally {
    await api.close();
  }
});

test('without an https origin, over plain HTTP, session cookies are not marked Secure', async (t) => {
  for (const env of [{}, { PUBLIC_ORIGIN: 'http://localhost:8080' }] as Array<Record<string, string>>) {
    const api = await startApi({ env });
    try {
      await register(api, 'plain@example.com');
      const login = await api.request('POST', '/api/v1/auth/login', { body: { email: 'plain@example.com', password: 'correct horse battery' } });
      const lines = cookieLines(login);
      t.deepEqual(Object.keys(lines).sort(), SESSION_COOKIES);
      for (const name of SESSION_COOKIES) t.notRegex(lines[name]!, /; secure/, `${JSON.stringify(env)} ${name}`);
    } finally {
      await api.close();
    }
  }
});
