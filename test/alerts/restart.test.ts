import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { outboxFor } from '../../adapters/mail/outboxMailer.ts';
import { AccountRepository } from '../../api/auth/accounts.ts';
import { loadConfig } from '../../shared/config.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { alertCollections, ensureAlertIndexes, ownerKey } from '../../pipeline/alerts/model.ts';
import { createAlert } from '../../pipeline/alerts/repository.ts';
import { readTarget } from '../../pipeline/alerts/targets.ts';
import { issueWebhookSecret } from '../../pipeline/alerts/webhookSecrets.ts';
import { secretBoxFor } from '../../pipeline/alerts/secretBox.ts';
import { startTestNats } from '../support/nats.ts';
import { TEST_ENV } from '../auth/harness.ts';
import { market, project, tick, until } from './support.ts';
import { startReceiver } from './receiver.ts';

/**
 * The alerts role as its own process (`--role alerts`) on a real nats-server, killed with SIGKILL
 * while a webhook is in flight and started again: every crossing is notified (none lost, including
 * one that happened while the role was down) and none twice.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Role {
  readonly child: ChildProcess;
  readonly logs: string[];
  readonly exited: Promise<number | null>;
}

function startRole(env: Record<string, string>): Role {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/concord.ts', '--role', 'alerts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  child.stdout?.on('data', (b: Buffer) => logs.push(...b.toString().split('\n').filter(Boolean)));
  child.stderr?.on('data', (b: Buffer) => logs.push(...b.toString().split('\n').filter(Boolean)));
  return { child, logs, exited: new Promise((r) => child.once('exit', (code) => r(code))) };
}

test('a restart mid-delivery loses no notification and sends none twice', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-alerts-restart-'));
  const nats = await startTestNats();
  const rx = await startReceiver({ '/hook': ['hold', 200] });
  const env = {
    ...TEST_ENV,
    NATS_URL: nats.server.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ALERTS_WEBHOOK_ALLOW_PRIVATE: 'true',
    ALERTS_WEBHOOK_TIMEOUT_MS: '1000',
    ALERTS_RETRY_BASE_MS: '200',
  };
  const store = openSqliteStore({ file: join(dataDir, 'concord.db') });
  let role: Role | undefined;
  try {
    await ensureAlertIndexes(store);
    const accounts = new AccountRepository(store);
    await accounts.ensureIndexes();
    const account = await accounts.create({ email: 'restart@example.com', name: 'R', passwordHash: 'not-used', now: new Date() });
    if (!account) throw new Error('no account');
    const owner = ownerKey('account', account._id);
    const secret = await issueWebhookSecret(store, secretBoxFor(loadConfig(env)), owner, new Date());

    const m = market('polymarket', 'restart', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.5);
    const publish = async (yes: number, at: string) => {
      const event = tick({ ...m, outcomes: [{ label: 'Yes', outcome_index: 0, price: yes }, { label: 'No', outcome_index: 1, price: 1 - yes }] }, at);
      const ack = await nats.conn.js.publish(subjects.normalized('polymarket'), JSON.stringify(event));
      return { event, seq: ack.seq };
    };
    // The read model the API would have read when the alert was made (market at 0.50).
    await project(store, [await publish(0.5, '2026-05-01T10:00:00.000Z')]);
    const target = await readTarget(store, 'market', m.id);
    const created = await createAlert(store, {
      owner,
      type: 'price_threshold',
      target: { kind: 'market', id: m.id },
      condition: { field: 'price', operator: 'above', value: 0.6 },
      isActive: true,
      webhookUrl: `${rx.url}/hook`,
      notifyEmail: true,
      baseline: target?.baseline ?? { seq: 0, price: null, at: null },
      now: new Date(),
    });
    if (!created.ok) throw new Error('no alert');

    role = startRole(env);
    await until(async () => (role?.logs.some((l) => l.includes('alert evaluation started')) ? true : undefined), 'the role to start', 60_000);
    await publish(0.7, '2026-05-01T10:01:00.000Z');
    await until(async () => (rx.held() === 1 ? true : undefined), 'the first webhook in flight', 30_000);

    role.child.kill('SIGKILL');
    await role.exited;
    // While the role is down the price falls back and crosses again.
    await publish(0.5, '2026-05-01T10:02:00.000Z');
    await publish(0.8, '2026-05-01T10:03:00.000Z');

    role = startRole(env);
    const c = alertCollections(store);
    await until(
      async () => {
        const all = await c.deliveries.find({});
        return all.length === 4 && all.every((d) => d.status === 'delivered') ? true : undefined;
      },
      'every notification delivered after the restart',
      60_000,
    );

    const triggers = await c.triggers.find({}, { sort: [['seq', 1]] });
    t.deepEqual(
      triggers.map((tr) => [tr.price, tr.previous_price]),
      [
        [0.7, 0.5],
        [0.8, 0.5],
      ],
    );
    t.is((await c.alerts.get(created.alert._id))?.trigger_count, 2);
    const ids = new Set(rx.on('/hook').map((r) => String(r.headers['x-concord-delivery'])));
    t.deepEqual([...ids].sort(), triggers.map((tr) => tr._id).sort(), 'one delivery id per crossing');
    for (const id of ids) {
      const requests = rx.on('/hook').filter((r) => r.headers['x-concord-delivery'] === id);
      t.is(requests.filter((r) => r.status !== null && r.status < 300).length, 1, `delivery ${id} accepted exactly once`);
      t.true(requests.every((r) => r.raw.equals(requests[0]?.raw ?? Buffer.alloc(0))), 'a repeat after the kill carries the same body');
    }
    const first = rx.on('/hook').filter((r) => r.headers['x-concord-delivery'] === triggers[0]?._id);
    t.is(first.length, 2, 'the request cut by the kill, then the one after the lease ran out');
    t.is(first[0]?.status, null);
    t.truthy(secret.secret);
    await new Promise((r) => setTimeout(r, 1_000));
    t.is((await outboxFor(store, 'restart@example.com')).length, 2, 'one mail per crossing');
    t.is(rx.on('/hook').filter((r) => r.status === 200).length, 2, 'nothing more arrived');

    role.child.kill('SIGTERM');
    t.is(await role.exited, 0, 'a graceful stop drains and exits 0');
    role = undefined;
  } finally {
    if (role) {
      role.child.kill('SIGKILL');
      await role.exited;
    }
    await store.close();
    await rx.close();
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
