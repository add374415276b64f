import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { AppDeps } from './deps.ts';
import { createApp } from './app.ts';
import { answerClientErrors } from './http/clientErrors.ts';
import { closeRateLimit, whenRateLimitReady } from './middleware/rateLimit.ts';
import { closeArbitrageStreams } from './routes/arbitrageStream.ts';
import { drainable } from './gracefulDrain.ts';
import { flushUsageCapture } from './middleware/usageCapture.ts';

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
      // Long-lived event streams would hold the drain open forever; end them first.
      closeArbitrageStreams(deps);
      // In-flight requests finish; idle keep-alive connections are closed, not reset (api/gracefulDrain.ts).
      await drain.drain();
      // Usage events still queued leave now, while the stream connection is open, and are acknowledged before it closes.
      await flushUsageCapture(deps);
      await closeRateLimit(deps);
    },
  };
}
