import test from 'ava';
import { burstForKeyRate, decide, planFor } from '../../api/middleware/rateLimitTiers.ts';

const windows = { minuteMs: 60_000, burstMs: 5_000 };
const now = 1_700_000_000_000;

test('given both windows with room, Remaining is the tighter one and Reset is its end', (t) => {
  const d = decide(60, { allowed: true, remaining: 5, resetMs: now + 4_000 }, { allowed: true, remaining: 30, resetMs: now + 50_000 }, now);
  t.true(d.allowed);
  t.is(d.binding, 'burst');
  t.deepEqual(d.headers, { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '5', 'X-RateLimit-Reset': String(Math.ceil((now + 4_000) / 1000)) });
});

test('given a refusing burst window and a spent minute, Reset is the minute end (when requests really resume)', (t) => {
  const burst = { allowed: false, remaining: 0, resetMs: now + 3_000 };
  const plain = decide(60, burst, undefined, now);
  t.is(plain.binding, 'burst');
  t.is(plain.retryAfterSeconds, 3);
  const spent = decide(60, burst, undefined, now, { allowed: true, remaining: 0, resetMs: now + 40_000 });
  t.is(spent.binding, 'minute');
  t.is(spent.retryAfterSeconds, 40);
  t.is(spent.headers['X-RateLimit-Remaining'], '0');
});

test('given a refusing minute window, the decision is a refusal bound to the minute', (t) => {
  const d = decide(5, { allowed: true, remaining: 40, resetMs: now + 5_000 }, { allowed: false, remaining: 0, resetMs: now + 59_500 }, now);
  t.false(d.allowed);
  t.is(d.binding, 'minute');
  t.is(d.retryAfterSeconds, 60);
});

test('tiers follow the credential, and a key burst grows only when 50 per burst window could not reach its rate', (t) => {
  t.like(planFor({ kind: 'anonymous' }, '10.0.0.1', windows), { tier: 'product', perMinute: 120, burst: 40, identity: 'ip:10.0.0.1' });
  t.like(planFor({ kind: 'session', accountId: 'a', email: 'e', name: '' }, 'x', windows), { tier: 'session', perMinute: 60, burst: 20 });
  t.like(planFor({ kind: 'wallet', accountId: 'w', address: '0x' }, 'x', windows), { tier: 'session', identity: 'wallet:w' });
  t.like(planFor({ kind: 'apiKey', keyId: 'k', accountId: 'a', scopes: [], rateLimit: 600 }, 'x', windows), { tier: 'apiKey', perMinute: 600, burst: 50 });
  t.is(burstForKeyRate(60, windows), 50);
  t.is(burstForKeyRate(600, windows), 50);
  t.is(burstForKeyRate(10_000, windows), 834);
});
