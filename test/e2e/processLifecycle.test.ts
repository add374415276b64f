import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../pipeline/system/freePort.ts';
import { canConnect } from '../../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../../pipeline/streams/connection.ts';
import { silentLog } from '../support/nats.ts';
import { TEST_MODEL } from '../support/service.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Running {
  child: ChildProcess;
  port: number;
  logs: string[];
  exited: Promise<number | null>;
}

async function startConcord(dataDir: string, options: { ownGroup?: boolean; viaNpm?: boolean } = {}): Promise<Running> {
  const port = await freePort();
  // viaNpm: `npm start` itself, which forwards the signals it gets to Concord.
  const [command, args] = options.viaNpm ? ['npm', ['start']] : [process.execPath, ['--import', 'tsx', 'bin/concord.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, VENUE_SOURCE: 'recorded', VENUES: 'polymarket', EMBEDDING_MODEL: TEST_MODEL, LOG_LEVEL: 'info', NATS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // ownGroup: the leader of its own process group, as a shell makes a foreground job (Ctrl-C signals the group).
    detached: options.ownGroup ?? false,
  });
  const logs: string[] = [];
  child.stdout?.on('data', (b: Buffer) => logs.push(...b.toString().split('\n').filter(Boolean)));
  child.stderr?.on('data', (b: Buffer) => logs.push(...b.toString().split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, port, logs, exited };
}

async function poll<T>(fn: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const marketsCount = (port: number) =>
  poll(
    async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/platforms/status`);
      if (res.status !== 200) return undefined;
      const rows = ((await res.json()) as { data: { slug: string; markets_count: number }[] }).data;
      const n = rows.find((r) => r.slug === 'polymarket')?.markets_count ?? 0;
      return n > 0 ? n : undefined;
    },
    90_000,
    'markets to be served',
  );

/** Waits until the served markets count stops moving (processing and projection caught up). */
async function stableCount(port: number): Promise<number> {
  let last = -1;
  let same = 0;
  return poll(
    async () => {
      const n = await marketsCount(port);
      same = n === last ? same + 1 : 0;
      last = n;
      return same >= 3 ? n : undefined;
    },
    90_000,
    'a stable markets count',
  );
}

test('npm start runs every role with a local nats-server, drains on SIGTERM, and a second start picks up where it stopped', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-life-'));
  try {
    const first = await startConcord(dataDir);
    await poll(async () => (first.logs.some((l) => l.includes('venue catalogue ingested')) ? true : undefined), 90_000, 'the first ingest cycle');
    const served = await stableCount(first.port);
    const natsUrl = readFileSync(join(dataDir, 'nats.url'), 'utf8').trim();
    const conn = await connectStreams(natsUrl, silentLog);
    const rawBefore = (await conn.jsm.streams.info('RAW')).state.messages;
    await conn.close();
    t.true(rawBefore > 0);

    first.child.kill('SIGTERM');
    t.is(await first.exited, 0, 'exits cleanly after draining');
    t.true(first.logs.some((l) => l.includes('stopped cleanly')));
    t.false(await listening(Number(new URL(natsUrl).port)), 'the child nats-server was stopped');

    const second = await startConcord(dataDir);
    t.is(await marketsCount(second.port), served, 'the read model survived the restart');
    t.is(await stableCount(second.port), served);
    await poll(async () => (second.logs.some((l) => l.includes('venue catalogue ingested')) ? true : undefined), 60_000, 'a second ingest cycle');
    const conn2 = await connectStreams(readFileSync(join(dataDir, 'nats.url'), 'utf8').trim(), silentLog);
    t.is((await conn2.jsm.streams.info('RAW')).state.messages, rawBefore, 'unchanged items were not re-published after the restart');
    await conn2.close();
    second.child.kill('SIGINT');
    t.is(await second.exited, 0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The nats-server port of a run (from DATA_DIR/nats.url), and whether anything still listens on it. */
const natsPortOf = (dataDir: string) => Number(new URL(readFileSync(join(dataDir, 'nats.url'), 'utf8').trim()).port);
// A TCP connect, not an HTTP request: nats-server answers a connection with its INFO line, which fetch rejects.
const listening = canConnect;

test('Ctrl-C on `npm start` in a terminal (SIGINT to the whole process group, and npm forwarding its own) drains and stops cleanly: no error line, the local nats-server stopped last', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-ctrlc-'));
  try {
    const run = await startConcord(dataDir, { ownGroup: true, viaNpm: true });
    await poll(async () => (run.logs.some((l) => l.includes('venue catalogue ingested')) ? true : undefined), 90_000, 'the first ingest cycle');
    await marketsCount(run.port);
    const natsPort = natsPortOf(dataDir);
    process.kill(-run.child.pid!, 'SIGINT');
    // npm's forwarded copy may merge with the terminal's (one pending signal) or land a moment later, as here.
    await new Promise((r) => setTimeout(r, 200));
    process.kill(-run.child.pid!, 'SIGINT');
    t.is(await run.exited, 0, 'exits cleanly after draining');
    t.deepEqual(run.logs.filter((l) => l.includes('"level":50') || l.includes('second signal')), [], 'no error line, and the forwarded copy is not taken for a second Ctrl-C');
    t.true(run.logs.some((l) => l.includes('stopped cleanly')));
    t.false(await listening(natsPort), 'and the nats-server was stopped by Concord');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a process that exits without stopping its local nats-server (a second Ctrl-C, an uncaught error) does not leave the server running', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'concord-exit-hook-'));
  try {
    const script = `
      import { startLocalNatsServer } from ${JSON.stringify(join(ROOT, 'pipeline/system/localNatsServer.ts'))};
      const server = await startLocalNatsServer(${JSON.stringify(join(dir, 'js'))});
      console.log(server.port);
      process.exit(1);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    t.is(await new Promise<number | null>((r) => child.once('exit', r)), 1);
    const port = Number(out.trim());
    t.true(port > 0);
    await poll(async () => ((await listening(port)) ? undefined : true), 10_000, 'the server to stop with its process');
    t.pass();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a bad setting stops the start with a message naming the variable', async (t) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/concord.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: 'eighty', VENUE_SOURCE: 'sometimes' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  t.is(code, 2);
  t.regex(stderr, /PORT: must be an integer/);
  t.regex(stderr, /VENUE_SOURCE/);
});
