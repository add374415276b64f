import test from 'ava';
import { startApi, register, createKey } from './harness.ts';

/**
 * Spec rule 5: "An invalid or revoked key yields HTTP 401 with status INVALID_API_KEY and message
 * Authentication required" - on any route, not only /api/v1/external/*. /health and /ready take no
 * authentication and do not read one.
 */
test('a revoked or unknown X-API-Key is 401 INVALID_API_KEY on public, session and external routes, with the rate-limit headers', async (t) => {
  const api = await startApi();
  try {
    const s = await register(api, 'keys@example.com');
    const { id, key } = await createKey(api, s.access, { name: 'soon revoked' });
    t.is((await api.request('DELETE', `/api/v1/console/keys/${id}`, { bearer: s.access })).status, 200);
    const bad = ['svc_' + 'x'.repeat(40), key];
    for (const apiKey of bad) {
      for (const [path, bearer] of [
        ['/api/v1/markets', undefined],
        ['/api/v1/platforms/status', undefined],
        ['/api/v1/auth/me', s.access],
        ['/api/v1/external/arbitrage/opportunities', undefined],
        ['/api/v1/no-such-route', undefined],
      ] as const) {
        const reply = await api.request('GET', path, { apiKey, ...(bearer ? { bearer } : {}) });
        t.is(reply.status, 401, `${path} with ${apiKey === key ? 'a revoked' : 'an unknown'} key`);
        t.deepEqual(reply.body, { status: 'INVALID_API_KEY', message: 'Authentication required' }, path);
        t.truthy(reply.headers.get('x-ratelimit-limit'), `${path}: rate-limit headers on the refusal`);
      }
    }
    // Without the header the same requests are served as before.
    t.is((await api.request('GET', '/api/v1/markets')).status, 200);
    t.is((await api.request('GET', '/api/v1/auth/me', { bearer: s.access })).status, 200);
    // The endpoints without authentication ignore a credential.
    t.is((await api.request('GET', '/health', { apiKey: bad[0] })).status, 200);
  } finally {
    await api.close();
  }
});
