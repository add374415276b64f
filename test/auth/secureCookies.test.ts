import test from 'ava';
import { startApi, register, type Reply } from './harness.ts';

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
