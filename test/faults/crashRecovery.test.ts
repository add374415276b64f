import test from 'ava';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../pipeline/system/freePort.ts';
import { connectStreams } from '../../pipeline/streams/connection.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { natsUrlFile } from '../../bin/services.ts';
import { silentLog } from '../support/nats.ts';
import { TEST_MODEL } from '../support/service.ts';
import { SCANNER_CLOCK_HELD } from '../ops/readModels.ts';
import { waitFor } from './waitFor.ts';
import { assertRestartConverges } from './restartConverges.ts';
import { alive, commandLine, descendants } from './processTree.ts';

/**
 * The service process killed outright (SIGKILL, as the OOM killer does) while its projectors are part-way
 * through a burst: nothing it acknowledged is lost and nothing is applied twice once it runs again. The store's
 * writes are transactions, and a batch's documents are written before its checkpoint (a document ahead of the
 * checkpoint carries its own last sequence), so whatever the kill interrupted is re-read from the stream and
 * applied once.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const N = 20_000;

/** Rows of a collection as the file holds them now, read from a second connection (0 before it exists). */
function storedCount(file: string, collection: string): number {
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(collection);
    return table ? (db.prepare(`SELECT count(*) AS n FROM "${collection}"`).get() as { n: number }).n : 0;
  } finally {
    db.close();
  }
}

(existsSync('/proc/self/stat') ? test : test.skip)('the service killed with SIGKILL mid-burst: after a restart every event is applied exactly once and the read models equal an uninterrupted run', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-crash-'));
  const storeFile = join(dataDir, 'concord.db');
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, VENUE_SOURCE: 'recorded', VENUES: 'manifold', EMBEDDING_MODEL: TEST_MODEL, LOG_LEVEL: 'warn', NATS_URL: '', WORKERS: '1', ...SCANNER_CLOCK_HELD };
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: 'ignore' });
  const npmExited = new Promise<void>((r) => npm.once('exit', () => r()));
  let tree: number[] = [];
  try {
    await waitFor(async () => ((await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null))?.status === 200 ? true : undefined), 120_000, 'the service to be ready');
    tree = descendants(npm.pid!);
    const service = tree.find((pid) => commandLine(pid).includes('bin/concord.ts'));
    t.truthy(service, 'the service process runs under npm start');

    const conn = await connectStreams(readFileSync(natsUrlFile(dataDir), 'utf8').trim(), silentLog, 'test-burst');
    for (let i = 0; i < N; i += 1_000) {
      await Promise.all(
        Array.from({ length: 1_000 }, (_, k) => {
          const n = i + k;
          const e = { type: 'api_request', id: randomUUID(), api_key_id: `k${n % 7}`, account_id: 'a', method: 'GET', endpoint: '/x', status: 200, duration_ms: n % 11, at: `2026-05-01T${String(n % 24).padStart(2, '0')}:00:00.000Z` };
          return conn.js.publish(subjects.apiRequests(), JSON.stringify(e), { msgID: e.id });
        }),
      );
    }
    await conn.close();
    // Killed as soon as the projectors have written part of the burst.
    await waitFor(async () => (storedCount(storeFile, 'api_request_logs') > 0 ? true : undefined), 120_000, 'the first logs projected', 20);
    process.kill(service!, 'SIGKILL');
    await npmExited;
    const atKill = storedCount(storeFile, 'api_request_logs');
    t.log(`${atKill} of ${N} stored at the kill`);
    t.true(atKill < N, `the kill landed before the burst was projected (${atKill} of ${N} stored)`);

    await assertRestartConverges(t, dataDir, N);
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
    for (const pid of [...tree, ...descendants(npm.pid ?? 0)]) {
      try {
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
