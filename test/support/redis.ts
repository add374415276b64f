import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { Redis } from 'ioredis';

export async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const address = srv.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export interface TestRedis {
  readonly url: string;
  readonly port: number;
  readonly proc: ChildProcess;
  stop(): Promise<void>;
}

/** A real redis-server on a free (or given) port, without persistence; resolves once it answers PING. */
export async function startRedis(port?: number): Promise<TestRedis> {
  const p = port ?? (await freePort());
  const proc = spawn('/usr/bin/redis-server', ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${p}`;
  let up = false;
  for (let i = 0; i < 200 && !up && proc.exitCode === null; i += 1) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      up = true;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      probe.disconnect();
    }
  }
  if (!up) throw new Error(`redis-server did not answer on port ${p}`);
  return {
    url,
    port: p,
    proc,
    stop: async () => {
      if (proc.exitCode !== null) return;
      const exited = once(proc, 'exit');
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

export interface RedisProxy {
  readonly url: string;
  /** Connections the client opened through the proxy so far (each reconnect attempt is one). */
  readonly connections: () => number;
  /** Resolves once `n` connections have been opened in total. */
  waitForConnections(n: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of a Redis port, so a test can see the client's reconnect attempts while the
 * server is down: each attempt is an accepted connection, reset at once when Redis does not answer.
 */
export async function startRedisProxy(redisPort: number): Promise<RedisProxy> {
  let count = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    count += 1;
    for (const w of waiters.filter((x) => count >= x.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
    sockets.add(client);
    const upstream = createConnection({ port: redisPort, host: '127.0.0.1' });
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      if (!client.destroyed) client.resetAndDestroy();
      if (!upstream.destroyed) upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    upstream.on('error', drop);
    upstream.on('close', drop);
    client.on('error', drop);
    client.on('close', drop);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    connections: () => count,
    waitForConnections: (n) => (count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
