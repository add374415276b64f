import test from 'ava';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { outboxFor, outboxMailer } from '../../adapters/mail/outboxMailer.ts';
import { mailgunMailer } from '../../adapters/mail/mailgunMailer.ts';
import { createSecretBox, KEY_FILE } from '../../pipeline/alerts/secretBox.ts';
import { issueWebhookSecret, openWebhookSecret } from '../../pipeline/alerts/webhookSecrets.ts';
import { backoffMs, MAX_BACKOFF_MS, startDeliveryWorker } from '../../pipeline/alerts/delivery/worker.ts';
import { alertCollections, ensureAlertIndexes } from '../../pipeline/alerts/model.ts';
import { startReceiver } from './receiver.ts';
import { until } from './support.ts';
import { isPublicAddress } from '../../pipeline/alerts/webhookUrl.ts';
import { loadConfig } from '../../shared/config.ts';
import { silentLog } from '../support/nats.ts';

test('the outbox keeps one message per id however often it is sent', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  const mailer = outboxMailer(store, silentLog);
  const message = { id: 'trigger-1:email', to: 'a@example.com', subject: 'Concord alert', text: 'x' };
  await mailer.send(message);
  await mailer.send(message);
  await mailer.send({ ...message, id: 'trigger-2:email' });
  t.is((await outboxFor(store, 'a@example.com')).length, 2);
  await store.close();
});

test('Mailgun gets the message id as its Message-Id header, so a repeat shows as one mail', async (t) => {
  const bodies: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id":"<1@mg.example.com>","message":"Queued. Thank you."}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const port = (server.address() as AddressInfo).port;
    const mailer = mailgunMailer({ apiKey: 'key-test', domain: 'mg.example.com', from: 'x@mg.example.com', url: `http://127.0.0.1:${port}` });
    await mailer.send({ id: 'abc:email', to: 'u@example.com', subject: 's', text: 't' });
    await mailer.send({ to: 'u@example.com', subject: 's', text: 't' });
    t.regex(bodies[0] ?? '', /name="h:Message-Id"\r\n\r\n<abc:email@mg\.example\.com>/);
    t.false((bodies[1] ?? '').includes('h:Message-Id'), 'no id, no header');
  } finally {
    server.close();
  }
});

test('webhook secrets open only under the key they were sealed with; a mismatch is explained with both key ids', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  const a = createSecretBox({ ALERTS_SECRET_KEY: undefined, JWT_ACCESS_SECRET: 'a'.repeat(40), DATA_DIR: '/nonexistent' });
  const b = createSecretBox({ ALERTS_SECRET_KEY: 'b'.repeat(40), JWT_ACCESS_SECRET: 'a'.repeat(40), DATA_DIR: '/nonexistent' });
  t.not(a.keyId, b.keyId, 'ALERTS_SECRET_KEY wins over the JWT secret');
  const { secret } = await issueWebhookSecret(store, a, 'account:1', new Date());
  t.deepEqual(await openWebhookSecret(store, a, 'account:1'), { ok: true, secret });
  const wrong = await openWebhookSecret(store, b, 'account:1');
  t.false(wrong.ok);
  t.regex((wrong as { reason: string }).reason, new RegExp(`sealed under key ${a.keyId} but this process has key ${b.keyId}`));
  t.regex(((await openWebhookSecret(store, a, 'account:2')) as { reason: string }).reason, /no webhook signing secret/);
  const [v, iv, tag, body] = a.seal('hello').split('.') as [string, string, string, string];
  const flipped = (body.startsWith('A') ? 'B' : 'A') + body.slice(1);
  t.is(a.open([v, iv, tag, flipped].join('.')), null, 'tampering is detected');
  t.is(a.open([v, iv, tag, body].join('.')), 'hello');
  await store.close();
});

test('without any configured secret the key lives in DATA_DIR (mode 0600) and every process on the machine shares it', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'concord-key-'));
  try {
    const config = { ALERTS_SECRET_KEY: undefined, JWT_ACCESS_SECRET: undefined, DATA_DIR: dir };
    const first = createSecretBox(config);
    const second = createSecretBox(config);
    t.is(first.keyId, second.keyId);
    t.is(second.open(first.seal('s3cret')), 's3cret');
    t.is(statSync(join(dir, KEY_FILE)).mode & 0o777, 0o600);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('backoff doubles from the base, is capped at an hour, and jitters within ±20%', (t) => {
  t.is(backoffMs(1, 10_000, () => 0.5), 10_000);
  t.is(backoffMs(2, 10_000, () => 0.5), 20_000);
  t.is(backoffMs(4, 10_000, () => 0.5), 80_000);
  t.is(backoffMs(30, 10_000, () => 0.5), MAX_BACKOFF_MS);
  t.is(backoffMs(1, 10_000, () => 0), 8_000);
  t.is(backoffMs(1, 10_000, () => 1), 12_000);
});

test('only ordinary public unicast addresses count as public', (t) => {
  for (const a of ['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111']) t.true(isPublicAddress(a), a);
  for (const a of ['10.0.0.1', '172.16.5.4', '192.168.0.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', '64:ff9b::7f00:1', 'not-an-ip']) {
    t.false(isPublicAddress(a), a);
  }
});

test('the alerts settings are validated with messages naming the variable', (t) => {
  t.is(loadConfig({}).ALERTS_WEBHOOK_ALLOW_PRIVATE, false);
  t.is(loadConfig({ ALERTS_WEBHOOK_ALLOW_PRIVATE: 'true' }).ALERTS_WEBHOOK_ALLOW_PRIVATE, true);
  t.is(loadConfig({ ROLE: 'alerts' }).ROLE, 'alerts');
  t.throws(() => loadConfig({ ALERTS_WEBHOOK_ALLOW_PRIVATE: 'sometimes' }), { message: /ALERTS_WEBHOOK_ALLOW_PRIVATE: must be true or false/ });
  t.throws(() => loadConfig({ ALERTS_MAX_ATTEMPTS: '0' }), { message: /ALERTS_MAX_ATTEMPTS: must be an integer from 1 to 50/ });
  t.throws(() => loadConfig({ ALERTS_SECRET_KEY: 'short' }), { message: /ALERTS_SECRET_KEY: must be at least 32 characters/ });
});

test('a notification of an alert deleted as it fired is cancelled, not sent', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  await ensureAlertIndexes(store);
  const rx = await startReceiver({ '/hook': [200] });
  const box = createSecretBox({ ALERTS_SECRET_KEY: 'k'.repeat(40), JWT_ACCESS_SECRET: undefined, DATA_DIR: '/nonexistent' });
  const now = new Date('2026-05-01T12:00:00.000Z');
  const base = { trigger_id: 't-1', owner: 'account:1', status: 'pending' as const, attempts: 0, next_attempt_at: 0, lease_until: null, last_error: null, created_at: now.toISOString(), updated_at: now.toISOString(), updated_ms: now.getTime(), delivered_at: null };
  await issueWebhookSecret(store, box, 'account:1', now);
  const { deliveries } = alertCollections(store);
  await deliveries.insert({ _id: 't-1:webhook', alert_id: 'gone', channel: 'webhook', url: `${rx.url}/hook`, body: '{}', ...base });
  const worker = startDeliveryWorker({ store, log: silentLog, mailer: outboxMailer(store, silentLog), box, policy: { requireHttps: false, allowPrivate: true }, timeoutMs: 1_000, retryBaseMs: 10, maxAttempts: 2, pollMs: 20 });
  try {
    const done = await until(async () => {
      const d = await deliveries.get('t-1:webhook');
      return d?.status === 'cancelled' ? d : undefined;
    }, 'the delivery to settle');
    t.is(done.last_error, 'alert deleted');
    t.is(rx.received.length, 0);
  } finally {
    await worker.stop();
    await rx.close();
    await store.close();
  }
});
