/**
 * An operator's Ctrl-C during `npm run replay -- --all`, as a real process against a running service: the read
 * stops, nothing half-built is swapped in, the live read models keep serving, and the tool says what it did.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestService } from '../support/service.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('SIGINT during replay --all: exit 130, a summary naming what was not swapped in, live read models unchanged', async (t) => {
  const svc = await startTestService({ VENUES: 'polymarket,manifold' });
  try {
    await svc.service.ingestOnce();
    await svc.settle();
    const markets = svc.service.store.collection('markets');
    const before = await markets.count();
    t.true(before > 100);

    // Batches of one message keep the first stream's read going long enough to be interrupted.
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/replay.ts', '--all', '--batch', '1'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: svc.dataDir, NATS_URL: svc.nats.server.url, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const reading = new Promise<void>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        // The first progress line of the MARKETS read: the rebuild is under way.
        if (/"task":"MARKETS read"/.test(stderr)) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await reading;
    child.kill('SIGINT');
    const code = await exited;

    t.is(code, 130, stderr.slice(-2000));
    t.regex(stdout, /^full rebuild, cancelled: /m);
    t.regex(stdout, /warning: cancelled: nothing was swapped in; stopped before the swap \(live read model unchanged, partial rebuild dropped\): markets, price_history, platform_metrics; not started: /);
    t.notRegex(stderr, /"level":50/, 'no error logged');
    t.is(await markets.count(), before, 'the live markets read model is as it was');
    t.is(await svc.service.store.collection('markets_rebuild').count(), 0, 'nothing half-built is left behind');
    // The live projections were resumed: a new ingest cycle is applied.
    await svc.service.ingestOnce();
    await svc.settle();
    t.is(await markets.count(), before);
  } finally {
    await svc.close();
  }
});
