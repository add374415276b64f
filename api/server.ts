import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { AppDeps } from './deps.ts';
import { createApp } from './app.ts';
import { answerClientErrors } from './http/clientErrors.ts';
import { closeRateLimit, whenRateLimitReady } from './middleware/rateLimit.ts';
import { closeArbitrageStreams } from './routes/arbitrageStream.ts';

export interface RunningServer {
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * The app inside a node HTTP server that also answers, in the error envelope, what node refuses before
 * Koa sees it (431 headers too large, unknown methods, broken framing). Tests and start-up share it.
 */
export function createApiHttpServer(deps: AppDeps): { server: Server; app: Koa } {
  const app = createApp(deps);
  const server: Server = createServer(app.callback());
  answerClientErrors(server, app, deps);
  return { server, app };
}

/** Starts the API on host:port (0 picks a free port); stop() stops accepting and drains. */
export async function startApiServer(deps: AppDeps, port: number, host: string): Promise<RunningServer> {
  const { server } = createApiHttpServer(deps);
  // Redis-backed limits: wait (bounded) for the shared counters before taking traffic.
  await whenRateLimitReady(deps);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  deps.log.info({ port: actualPort, host }, 'api listening');
  return {
    port: actualPort,
    stop: async () => {
      // Long-lived event streams would hold server.close() open forever; end them first.
      closeArbitrageStreams(deps);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await closeRateLimit(deps);
    },
  };
}
