import test from 'ava';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { startLocalNatsServer } from '../../pipeline/system/localNatsServer.ts';
import { natsServersOnStore } from '../../pipeline/system/natsStoreHolders.ts';
import { freePort } from '../../pipeline/system/freePort.ts';
import { waitFor } from './waitFor.ts';
import { alive } from './processTree.ts';

/**
 * `npm start` killed with SIGKILL leaves its nats-server child running on DATA_DIR/nats. nats-server 2.9 lets a
 * second server open the same store (checked by hand: both ran), so the next start must not run beside it.
 */

const linux = existsSync('/proc/self/stat');
/** A nats-server whose parent has exited, as one left by a killed `npm start` is. */
function orphanServer(storeDir: string, port: number): number {
  const out = execFileSync('sh', ['-c', `nats-server -js -sd '${storeDir}' -a 127.0.0.1 -p ${port} >/dev/null 2>&1 & echo $!`], { encoding: 'utf8' });
  return Number(out.trim());
}

async function connected(port: number) {
  for (let i = 0; ; i += 1) {
    try {
      return await connect({ servers: `nats://127.0.0.1:${port}` });
    } catch (err) {
      if (i > 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

test('an orphaned nats-server on the store is stopped before ours starts, and the messages it stored are kept', async (t) => {
  if (!linux) return t.pass('no /proc: nothing is checked on this system');
  const dir = mkdtempSync(join(tmpdir(), 'concord-orphan-'));
  const store = join(dir, 'nats');
  const port = await freePort();
  const orphanPid = orphanServer(store, port);
  let server: Awaited<ReturnType<typeof startLocalNatsServer>> | undefined;
  try {
    await waitFor(async () => (natsServersOnStore(store).length === 1 ? true : undefined), 10_000, 'the orphan to run');
    t.deepEqual(natsServersOnStore(store).map((h) => h.pid), [orphanPid]);
    t.deepEqual(natsServersOnStore(join(dir, 'elsewhere')), [], 'a server on another store is not counted');
    const nc = await connected(port);
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: 'ORPHANED', subjects: ['orphaned.>'] });
    const js = nc.jetstream();
    for (let i = 0; i < 25; i += 1) await js.publish('orphaned.x', new TextEncoder().encode(`m${i}`));
    await nc.close();

    server = await startLocalNatsServer(store);
    t.false(alive(orphanPid), 'the orphan was stopped');
    t.deepEqual(natsServersOnStore(store).map((h) => h.pid), [server.pid], 'one server on the store: ours');
    const again = await connected(server.port);
    const info = await (await again.jetstreamManager()).streams.info('ORPHANED');
    t.is(info.state.messages, 25, 'what the orphan stored is served by the new server');
    await again.close();
  } finally {
    await server?.stop();
    if (alive(orphanPid)) process.kill(orphanPid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a store a live Node process still serves is refused with a message naming it, and that server is left alone', async (t) => {
  if (!linux) return t.pass('no /proc: nothing is checked on this system');
  const dir = mkdtempSync(join(tmpdir(), 'concord-held-'));
  const store = join(dir, 'nats');
  const port = await freePort();
  // Another Concord: a Node process running its own nats-server child on the same store.
  const other = spawn(process.execPath, ['-e', `require('node:child_process').spawn('nats-server', ['-js', '-sd', ${JSON.stringify(store)}, '-a', '127.0.0.1', '-p', '${port}'], { stdio: 'ignore' }); setInterval(() => {}, 1000);`], { stdio: 'ignore' });
  try {
    await waitFor(async () => (natsServersOnStore(store).length === 1 ? true : undefined), 10_000, 'the other server to run');
    const [holder] = natsServersOnStore(store);
    const err = await t.throwsAsync(startLocalNatsServer(store));
    t.regex(err?.message ?? '', /already serves .*another Concord is running on this DATA_DIR/);
    t.regex(err?.message ?? '', new RegExp(`pid ${holder!.pid}`));
    t.true(alive(holder!.pid), "the other process's server still runs");
  } finally {
    for (const h of natsServersOnStore(store)) process.kill(h.pid, 'SIGKILL');
    other.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
