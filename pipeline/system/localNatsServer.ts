import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import type { Logger } from 'pino';
import { freePort } from './freePort.ts';

export interface LocalNatsServer {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts `nats-server -js` as a child with its store under `storeDir`, on loopback. Used by
 * `npm start` when NATS_URL is unset, and by the tests. Fails with an actionable message when
 * the binary is missing.
 */
export async function startLocalNatsServer(storeDir: string, log?: Logger, binary = 'nats-server'): Promise<LocalNatsServer> {
  mkdirSync(storeDir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(binary, ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
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
    if (await canConnect(port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nats-server did not accept connections within 15 s: ${stderr.trim()}`);
    }
  }
  log?.info({ port, storeDir }, 'local nats-server started');
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
