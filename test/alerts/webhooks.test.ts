import test from 'ava';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailSession, market, until } from './support.ts';
import { startStreamHarness, type StreamHarness } from './streamHarness.ts';
import { startReceiver, type Received, type Receiver } from './receiver.ts';
import { postWebhook } from '../../pipeline/alerts/delivery/webhookSender.ts';

/**
 * Webhook delivery against a local receiver: the signature is checked here with node:crypto over the
 * raw bytes received (not with the code that made it), retries and their bound are counted on the
 * receiving side, and a receiver that never answers does not hold up evaluation.
 */
let h: StreamHarness;
let rx: Receiver;
test.before(async () => {
  rx = await startReceiver({ '/ok': [200], '/flaky': [500, 503, 200], '/down': [500], '/moved': [302], '/hang': ['hold'] });
  h = await startStreamHarness({
    env: { PUBLIC_ORIGIN: 'http://concord.test', ALERTS_WEBHOOK_ALLOW_PRIVATE: 'true', ALERTS_RETRY_BASE_MS: '100', ALERTS_MAX_ATTEMPTS: '3', ALERTS_WEBHOOK_TIMEOUT_MS: '5000' },
  });
});
test.after.always(async () => {
  await h?.close();
  await rx?.close();
});

/** An account with a webhook secret and an above-0.6 alert on a fresh market sitting at 0.5; returns what crosses it. */
async function armed(name: string, path: string, email = true) {
  const me = await emailSession(h.api, `${name}@example.com`);
  const secret = (await h.api.request('POST', '/api/v1/alerts/webhook-secret', me.headers)).body.data.secret as string;
  const m = market('polymarket', `wh-${name}`, `Will ${name} happen by June 30, 2026?`, 0.5);
  await h.settled('markets', await h.price(m, 0.5));
  const reply = await h.api.request('POST', '/api/v1/alerts', {
    ...me.headers,
    body: { type: 'price_threshold', market_id: m.id, condition: { field: 'price', operator: 'above', value: 0.6 }, webhook_url: `${rx.url}${path}`, notify_email: email },
  });
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  const cross = async (prices = [0.7]) => {
    let seq = 0;
    for (const p of prices) seq = await h.price(m, p);
    await h.settled('markets', seq);
  };
  return { me, secret, alertId: reply.body.data.id as string, cross };
}

const independentSignature = (secret: string, raw: Buffer) => `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest('hex')}`;
const signedBy = (secret: string, r: Received) => {
  const expected = Buffer.from(independentSignature(secret, r.raw));
  const got = Buffer.from(String(r.headers['x-concord-signature-256'] ?? ''));
  return got.length === expected.length && timingSafeEqual(got, expected);
};

test.serial('a crossing posts one signed webhook: HMAC-SHA256 of the exact body under the account secret, with the trigger id to dedupe on', async (t) => {
  const { me, secret, alertId, cross } = await armed('signed', '/ok');
  await cross();
  const [got] = await until(async () => (rx.on('/ok').length >= 1 ? rx.on('/ok') : undefined), 'the webhook');
  t.truthy(got);
  const r = got as Received;
  t.true(signedBy(secret, r), 'signature verifies over the raw body');
  t.false(signedBy(secret.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), r), 'and not under another secret');
  t.is(r.headers['content-type'], 'application/json');
  t.is(r.headers['x-concord-event'], 'alert.triggered');
  const body = JSON.parse(r.raw.toString('utf8'));
  t.is(body.type, 'alert.triggered');
  t.is(body.id, r.headers['x-concord-delivery']);
  t.like(body.data, { alert: { id: alertId, condition: { field: 'price', operator: 'above', value: 0.6 } }, trigger: { price: 0.7, previous_price: 0.5 }, target: { kind: 'market', title: 'Will signed happen by June 30, 2026?' } });

  const detail = (await h.api.request('GET', `/api/v1/alerts/${alertId}`, me.headers)).body.data;
  t.is(detail.recent_triggers[0].id, body.id);
  await until(async () => {
    const d = (await h.api.request('GET', `/api/v1/alerts/${alertId}`, me.headers)).body.data;
    return d.recent_triggers[0].notifications.every((n: { status: string }) => n.status === 'delivered') ? true : undefined;
  }, 'both notifications delivered');
  const notes = (await h.api.request('GET', `/api/v1/alerts/${alertId}`, me.headers)).body.data.recent_triggers[0].notifications;
  t.deepEqual(notes.map((n: { channel: string; attempts: number }) => [n.channel, n.attempts]).sort(), [['email', 1], ['webhook', 1]]);
  t.is(rx.on('/ok').length, 1, 'exactly one webhook for one crossing');

  // After a rotation the next webhook is signed with the new secret only.
  const rotated = (await h.api.request('POST', '/api/v1/alerts/webhook-secret', me.headers)).body.data.secret as string;
  await cross([0.5, 0.75]);
  const second = await until(async () => rx.on('/ok')[1], 'the second webhook');
  t.true(signedBy(rotated, second));
  t.false(signedBy(secret, second));
});

test.serial('a failing receiver gets the same delivery again with backoff until it answers 2xx', async (t) => {
  const { me, secret, alertId, cross } = await armed('flaky', '/flaky', false);
  await cross();
  await until(async () => (rx.on('/flaky').length >= 3 ? true : undefined), 'three attempts');
  await until(async () => {
    const d = (await h.api.request('GET', `/api/v1/alerts/${alertId}`, me.headers)).body.data;
    return d.recent_triggers[0].notifications[0].status === 'delivered' ? d : undefined;
  }, 'delivered');
  await new Promise((r) => setTimeout(r, 600));
  const got = rx.on('/flaky');
  t.is(got.length, 3, '500, 503, then 200: and nothing after the 200');
  t.true(got.every((r) => r.raw.equals((got[0] as Received).raw) && r.headers['x-concord-delivery'] === got[0]?.headers['x-concord-delivery']), 'same body and delivery id each time');
  t.true(got.every((r) => signedBy(secret, r)));
  t.deepEqual(got.map((r) => r.headers['x-concord-attempt']), ['1', '2', '3']);
  // Backoff base 100 ms with ±20% jitter: at least 80 ms, then at least 160 ms between attempts.
  t.true((got[1] as Received).at - (got[0] as Received).at >= 80);
  t.true((got[2] as Received).at - (got[1] as Received).at >= 160);
  const note = (await h.api.request('GET', `/api/v1/alerts/${alertId}`, me.headers)).body.data.recent_triggers[0].notifications[0];
  t.like(note, { channel: 'webhook', status: 'delivered', attempts: 3, last_error: null });
});

test.serial('retries are bounded: after ALERTS_MAX_ATTEMPTS the delivery is failed with its reason; redirects are not followed', async (t) => {
  const down = await armed('down', '/down', false);
  const moved = await armed('moved', '/moved', false);
  await down.cross();
  await moved.cross();
  const status = async (a: typeof down) => (await h.api.request('GET', `/api/v1/alerts/${a.alertId}`, a.me.headers)).body.data.recent_triggers[0].notifications[0];
  await until(async () => ((await status(down)).status === 'failed' && (await status(moved)).status === 'failed' ? true : undefined), 'both given up');
  await new Promise((r) => setTimeout(r, 1_000));
  t.is(rx.on('/down').length, 3);
  t.like(await status(down), { status: 'failed', attempts: 3, last_error: 'the receiver answered HTTP 500' });
  t.is(rx.on('/moved').length, 3);
  t.regex((await status(moved)).last_error, /HTTP 302 \(redirects are not followed\)/);
  t.is(rx.received.filter((r) => r.path === '/ok' && r.headers['x-concord-delivery'] === rx.on('/moved')[0]?.headers['x-concord-delivery']).length, 0);
});

test.serial('a receiver that never answers does not hold up evaluation of other alerts', async (t) => {
  const slow = await armed('hang', '/hang', false);
  await slow.cross();
  await until(async () => (rx.held() === 1 ? true : undefined), 'the held request');
  const other = await armed('meanwhile', '/ok', false);
  await other.cross();
  const count = (await h.api.request('GET', `/api/v1/alerts/${other.alertId}`, other.me.headers)).body.data.trigger_count;
  t.is(count, 1, 'evaluated and fired while the first webhook is still open');
  t.is(rx.held(), 1);
  rx.release(200);
});

test('at send time the host is resolved again and a private address is refused before connecting', async (t) => {
  const policy = { requireHttps: false, allowPrivate: false };
  const port = new URL(rx.url).port;
  const byName = await postWebhook(`http://localhost:${port}/direct`, '{}', {}, { timeoutMs: 2_000, policy });
  t.false(byName.ok);
  t.regex((byName as { error: string }).error, /localhost resolves to (127\.0\.0\.1|::1), which webhooks may not reach/);
  const literal = await postWebhook(`http://127.0.0.1:${port}/direct`, '{}', {}, { timeoutMs: 2_000, policy });
  t.regex((literal as { error: string }).error, /127\.0\.0\.1 is a private, loopback/);
  t.is(rx.on('/direct').length, 0, 'nothing reached the receiver');
  const allowed = await postWebhook(`http://localhost:${port}/ok`, '{}', {}, { timeoutMs: 2_000, policy: { ...policy, allowPrivate: true } });
  t.true(allowed.ok);
});
