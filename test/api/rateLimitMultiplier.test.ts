import test from 'ava';
import { planFor } from '../../api/middleware/rateLimitTiers.ts';
import { loadConfig } from '../../shared/config.ts';
import { startApi } from '../auth/harness.ts';

const windows = { minuteMs: 60_000, burstMs: 5_000 };

test('RATE_LIMIT_MULTIPLIER scales every tier: per-minute and burst, a key\'s own rate included', (t) => {
  t.like(planFor({ kind: 'anonymous' }, 'ip', windows, '/api/v1/markets', 3), { perMinute: 360, burst: 120 });
  t.like(planFor({ kind: 'session', accountId: 'a', email: 'e', name: '' }, 'ip', windows, '/x', 3), { perMinute: 180, burst: 60 });
  t.like(planFor({ kind: 'apiKey', keyId: 'k', accountId: 'a', scopes: [], rateLimit: 600 }, 'ip', windows, '/x', 3), { perMinute: 1800, burst: 150 });
  t.like(planFor({ kind: 'anonymous' }, 'ip', windows, '/health', 3), { perMinute: 18_000, burst: 3_000 });
  t.like(planFor({ kind: 'anonymous' }, 'ip', windows, '/api/v1/markets'), { perMinute: 120, burst: 40 }, 'the default is the spec');
});

test('RATE_LIMIT_MULTIPLIER is a whole number from 1, 1 when unset, and a bad value names the variable', (t) => {
  t.is(loadConfig({}).RATE_LIMIT_MULTIPLIER, 1);
  t.is(loadConfig({ RATE_LIMIT_MULTIPLIER: '50' }).RATE_LIMIT_MULTIPLIER, 50);
  for (const bad of ['0', '-2', '1.5', 'lots']) t.throws(() => loadConfig({ RATE_LIMIT_MULTIPLIER: bad }), { message: /RATE_LIMIT_MULTIPLIER: must be an integer from 1/ });
});

test('with RATE_LIMIT_MULTIPLIER=2 an anonymous client sees Limit 240 and its burst of 80 passes before a 429', async (t) => {
  // A burst window as long as the minute, so a loaded machine cannot let it expire mid-test.
  const api = await startApi({ env: { RATE_LIMIT_MULTIPLIER: '2', RATE_LIMIT_BURST_WINDOW_MS: '60000' } });
  try {
    const statuses: number[] = [];
    let first: string | null = null;
    for (let i = 0; i < 81; i += 1) {
      const reply = await api.request('GET', '/api/v1/platforms/status');
      first ??= reply.headers.get('x-ratelimit-limit');
      statuses.push(reply.status);
    }
    t.is(first, '240');
    t.is(statuses.filter((s) => s === 200).length, 80);
    t.is(statuses[80], 429);
  } finally {
    await api.close();
  }
});
