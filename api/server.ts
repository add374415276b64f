import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppDeps } from './deps.ts';
import { createApp } from './app.ts';
import { closeRateLimit, whenRateLimitReady } from './middleware/rateLimit.ts';
import { drainable } from './gracefulDrain.ts';

export interface RunningServer {
  readonly port: number;
  stop(): Promise<void>;
}

/** Starts the API on host:port (0 picks a free port); stop() stops accepting and drains. */
export async function startApiServer(deps: AppDeps, port: number, host: string): Promise<RunningServer> {
  const app = createApp(deps);
  // Redis-backed limits: wait (bounded) for the shared counters before taking traffic.
  await whenRateLimitReady(deps);
  const server: Server = createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  const drain = drainable(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  deps.log.info({ port: actualPort, host }, 'api listening');
  return {
    port: actualPort,
    stop: async () => {
      // In-flight requests finish; idle keep-alive connections are closed, not reset (api/gracefulDrain.ts).
      await drain.drain();
      await closeRateLimit(deps);
    },
  };
}
