import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../pipeline/system/freePort.ts';
import { connectStreams } from '../../pipeline/streams/connection.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { natsPidFile, natsUrlFile } from '../../bin/services.ts';
import { silentLog } from '../support/nats.ts';
import { TEST_MODEL } from '../support/service.ts';
import { SCANNER_CLOCK_HELD } from '../ops/readModels.ts';
import { waitFor } from './waitFor.ts';
import { assertRestartConverges } from './restartConverges.ts';
import { alive, descendants } from './processTree.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('npm start stopped by SIGTERM under load: in-flight requests finish, consumers drain without acking unapplied work, no child is left, and a restart converges', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-shutdown-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, VENUE_SOURCE: 'recorded', VENUES: 'manifold', EMBEDDING_MODEL: TEST_MODEL, LOG_LEVEL: 'info', NATS_URL: '', WORKERS: '1', ...SCANNER_CLOCK_HELD };
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  npm.stdout.on('data', (b: Buffer) => logs.push(b.toString()));
  npm.stderr.on('data', (b: Buffer) => logs.push(b.toString()));
  const npmExited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
  try {
    await waitFor(async () => ((await fetch(`http://127.0.0.1:${port}/ready`)).status === 200 ? true : undefined), 120_000, 'the service to be ready');
    await waitFor(async () => (logs.join('').includes('venue catalogue ingested') ? true : undefined), 120_000, 'the first ingest cycle');
    const natsPid = Number(readFileSync(natsPidFile(dataDir), 'utf8'));
    const tree = descendants(npm.pid!);
    t.true(tree.includes(natsPid), 'nats-server runs under npm start');

    // Load: a burst of usage events for the projectors, and requests in flight when the signal lands.
    const conn = await connectStreams(readFileSync(natsUrlFile(dataDir), 'utf8').trim(), silentLog, 'test-load');
    const N = 2_000;
    await Promise.all(
      Array.from({ length: N }, (_, i) => {
        const e = { type: 'api_request', id: randomUUID(), api_key_id: `k${i % 5}`, account_id: 'a', method: 'GET', endpoint: '/x', status: 200, duration_ms: i % 9, at: `2026-05-01T0${i % 10}:00:00.000Z` };
        return conn.js.publish(subjects.apiRequests(), JSON.stringify(e), { msgID: e.id });
      }),
    );
    await conn.close();
    const requests = Array.from({ length: 40 }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/api/v1/markets?platform=manifold&limit=200`, { headers: { 'x-request-id': `shutdown-${i}` } }).then(
        async (r) => ({ id: `shutdown-${i}`, status: r.status, body: await r.json().then(() => 'json', () => 'broken') }),
        (err: Error & { cause?: { code?: string } }) => ({ id: `shutdown-${i}`, status: 0, body: err.cause?.code ?? err.message }),
      ),
    );
    npm.kill('SIGTERM');
    const answered = await Promise.all(requests);
    await waitFor(async () => ((await Promise.race([npmExited, new Promise((r) => setTimeout(() => r(undefined), 500))])) !== undefined ? true : undefined), 120_000, 'npm start to exit');
    const serverLog = logs.join('');
    t.regex(serverLog, /stopped cleanly/);
    for (const a of answered) {
      // A request the server took in is answered in full; one it never took in (refused, or reset in the
      // listen backlog) left no trace in its request log. None is cut off half-way.
      if (a.status === 0) t.false(serverLog.includes(`"req_id":"${a.id}"`), `${a.id} was handled but its answer was lost: ${a.body}`);
      else t.true(a.status === 200 && a.body === 'json', JSON.stringify(a));
    }
    t.true(answered.some((a) => a.status === 200), 'requests in flight were answered');
    const left = await waitFor(async () => {
      const still = tree.filter(alive);
      return still.length === 0 ? still : undefined;
    }, 30_000, 'every child of npm start to be gone');
    t.deepEqual(left, []);
    t.false(alive(natsPid), 'the nats-server child is stopped');

    // Nothing acked without being applied: after a restart every event is in the read model exactly once.
    await assertRestartConverges(t, dataDir, N);
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
    for (const pid of descendants(npm.pid ?? 0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
