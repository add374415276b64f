import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import type { Logger } from 'pino';
import { freePort } from './freePort.ts';
import { freeNatsStore } from './natsStoreHolders.ts';

export interface LocalNatsServer {
  readonly url: string;
  readonly port: number;
  /** Process id of the server now running (it changes when a supervised server is restarted). */
  readonly pid: number;
  stop(): Promise<void>;
}

export interface LocalNatsOptions {
  /** Listen on this port (a restart on the same port and store: clients reconnect by themselves). */
  readonly port?: number;
  /**
   * Restart the server when it dies unexpectedly (killed, crashed), on the same port and store, until
   * stop(). `npm start` supervises its child this way; tests that kill a server on purpose do not.
   */
  readonly supervise?: boolean;
  /** Called with the new pid after each supervised restart. */
  readonly onRestart?: (pid: number) => void;
}

/** Whether something accepts a TCP connection on the loopback port. */
export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface Spawned {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
}

/** Spawns nats-server and waits until it accepts connections; rejects with an actionable message otherwise. */
async function spawnServer(binary: string, storeDir: string, port: number): Promise<Spawned> {
  const child: ChildProcess = spawn(binary, ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and a server that got
    // the SIGINT too died under the process while it was draining (logged as a crash, restarted, then
    // stopped again: ~10 s and an error line for every Ctrl-C). Concord stops it last, itself.
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

  const deadline = Date.now() + 15_000;
  for (;;) {
    const failure = await Promise.race([
      spawnError.then((e) => e),
      exited.then((code) => new Error(`nats-server exited with code ${code}: ${stderr.trim()}`)),
      new Promise<null>((r) => setTimeout(() => r(null), 100)),
    ]);
    if (failure) {
      const missing = (failure as NodeJS.ErrnoException).code === 'ENOENT';
      throw new Error(
        missing
          ? 'nats-server is not installed. Run `bash scripts/ensure-system-deps.sh` (or `sudo apt-get install nats-server`), or set NATS_URL.'
          : failure.message,
      );
    }
    if (await canConnect(port)) return { child, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nats-server did not accept connections within 15 s: ${stderr.trim()}`);
    }
  }
}

/**
 * The servers this process started and has not stopped. Each runs in its own process group (spawnServer), so
 * nothing else ends it with this process: when the process exits without stopping them (a second Ctrl-C, an
 * uncaught error), the exit hook sends each a SIGTERM, synchronously, as the process goes.
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

/**
 * Starts `nats-server -js` as a child with its store under `storeDir`, on loopback. Used by `npm start`
 * when NATS_URL is unset (supervised: restarted if it dies), and by the tests. Fails with an actionable
 * message when the binary is missing. A nats-server an earlier run left on the same store is stopped first
 * (natsStoreHolders.ts).
 */
export async function startLocalNatsServer(storeDir: string, log?: Logger, binary = 'nats-server', options: LocalNatsOptions = {}): Promise<LocalNatsServer> {
  mkdirSync(storeDir, { recursive: true });
  // An orphan of an earlier run on this store would write the same files as the server started here.
  await freeNatsStore(storeDir, log);
  const port = options.port ?? (await freePort());
  let current = await spawnServer(binary, storeDir, port);
  running.add(current.child);
  let stopping = false;
  log?.info({ port, storeDir, pid: current.child.pid }, 'local nats-server started');

  const supervise = (s: Spawned): void => {
    void s.exited.then(async (code) => {
      running.delete(s.child);
      if (stopping || !options.supervise) return;
      log?.error({ port, code }, 'local nats-server died; restarting it on the same port and store');
      for (let attempt = 1; !stopping; attempt += 1) {
        try {
          current = await spawnServer(binary, storeDir, port);
          running.add(current.child);
          log?.info({ port, pid: current.child.pid, attempt }, 'local nats-server restarted');
          options.onRestart?.(current.child.pid ?? 0);
          supervise(current);
          return;
        } catch (err) {
          log?.error({ err, attempt }, 'local nats-server did not restart; trying again');
          await new Promise((r) => setTimeout(r, Math.min(500 * attempt, 5_000)));
        }
      }
    });
  };
  supervise(current);

  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    get pid() {
      return current.child.pid ?? 0;
    },
    stop: async () => {
      stopping = true;
      const { child, exited } = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
