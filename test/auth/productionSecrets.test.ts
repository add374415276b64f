import test, { type ExecutionContext } from 'ava';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../pipeline/system/freePort.ts';
import { startTestNats, type TestNats } from '../support/nats.ts';
import { TEST_ENV } from './harness.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let nats: TestNats;
let dataDir: string;
test.before(async () => {
  nats = await startTestNats();
  dataDir = mkdtempSync(join(tmpdir(), 'concord-prod-'));
});
test.after.always(async () => {
  await nats?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start -- --role api` in production mode; resolves with its exit code and output once it exits or listens. */
async function startApiRole(t: ExecutionContext, secrets: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/concord.ts', '--role', 'api'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://concord.example.com',
      NATS_URL: nats.server.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...secrets,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const exited = once(child, 'exit').then(([code]) => ({ exited: true as const, code: code as number | null }));
  const listening = new Promise<{ exited: false }>((resolve) => {
    child.stdout.on('data', () => {
      if (output.includes('"api listening"')) resolve({ exited: false });
    });
  });
  const first = await Promise.race([exited, listening]);
  return { first, output: () => output, child, exited };
}

test('NODE_ENV=production refuses to start the API without JWT secrets, naming them, and never listens', async (t) => {
  const none = await startApiRole(t, {});
  t.deepEqual(none.first, { exited: true, code: 1 });
  t.regex(none.output(), /JWT_ACCESS_SECRET and JWT_REFRESH_SECRET must be set \(at least 32 characters each\) when NODE_ENV=production/);
  t.notRegex(none.output(), /api listening/);

  const oneMissing = await startApiRole(t, { JWT_ACCESS_SECRET: TEST_ENV.JWT_ACCESS_SECRET });
  t.deepEqual(oneMissing.first, { exited: true, code: 1 });
  t.regex(oneMissing.output(), /JWT_REFRESH_SECRET must be set/);
  t.notRegex(oneMissing.output(), /JWT_ACCESS_SECRET/);
});

test('NODE_ENV=production starts the API once both JWT secrets are set', async (t) => {
  const both = await startApiRole(t, { JWT_ACCESS_SECRET: TEST_ENV.JWT_ACCESS_SECRET, JWT_REFRESH_SECRET: TEST_ENV.JWT_REFRESH_SECRET });
  t.deepEqual(both.first, { exited: false });
  both.child.kill('SIGTERM');
  t.deepEqual(await both.exited, { exited: true, code: 0 });
});
