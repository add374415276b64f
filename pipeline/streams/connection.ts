import { connect, type NatsConnection, type JetStreamClient, type JetStreamManager } from 'nats';
import type { Logger } from 'pino';

export interface StreamConnection {
  readonly nc: NatsConnection;
  readonly js: JetStreamClient;
  readonly jsm: JetStreamManager;
  /** Resolves when the server answers a round trip; rejects otherwise (used by /ready). */
  ping(): Promise<void>;
  /** Drains subscriptions and closes. */
  close(): Promise<void>;
}

/**
 * How long a JetStream API request or a publish waits for the server's answer (the client's default is 5 s).
 * On a loaded machine nats-server answered some requests later than that (seen in tests running beside a CI
 * run): the request then failed and was retried, adding load, though the server would have answered. A server
 * that is gone is noticed by the connection's status and by /ready's round trip, not by this timeout.
 */
export const JETSTREAM_TIMEOUT_MS = 15_000;

/** Connects to NATS with JetStream. noAsyncTraces: the async stack capture halves publish throughput. */
export async function connectStreams(url: string, log: Logger, name = 'concord'): Promise<StreamConnection> {
  const nc = await connect({
    // NATS_URL may list several servers of a cluster, comma-separated; the client also learns the rest.
    servers: url.split(',').map((s) => s.trim()).filter(Boolean),
    name,
    noAsyncTraces: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  void (async () => {
    for await (const status of nc.status()) {
      log.info({ nats_status: status.type, data: typeof status.data === 'string' ? status.data : undefined }, 'nats status');
    }
  })().catch(() => undefined);
  const jsm = await nc.jetstreamManager({ timeout: JETSTREAM_TIMEOUT_MS });
  const js = nc.jetstream({ timeout: JETSTREAM_TIMEOUT_MS });
  return {
    nc,
    js,
    jsm,
    ping: async () => {
      if (nc.isClosed()) throw new Error('connection closed');
      await nc.rtt();
    },
    close: async () => {
      if (nc.isClosed()) return;
      // Drain when the server answers. A draining client ignores close(), so with the server
      // gone (reconnecting) close at once rather than hang shutdown on a drain that cannot finish.
      const reachable = await Promise.race([
        nc.rtt().then(() => true, () => false),
        new Promise<boolean>((r) => setTimeout(() => r(false), 1_000).unref()),
      ]);
      if (reachable) await nc.drain().catch(() => nc.close());
      else await nc.close();
    },
  };
}
