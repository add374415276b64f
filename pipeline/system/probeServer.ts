import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { DependencyCheck } from '../../api/deps.ts';

export interface ProbeServer {
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * `/health` and `/ready` for a process that serves no API (ingest, process, project, link and the
 * other consumer roles), so an orchestrator can health-check each role: the same bodies as the API's
 * probes. Plain node:http: nothing else is served, and a probe never waits behind application work.
 */
export async function startProbeServer(
  opts: { port: number; host: string; role: string; version: string; check: () => Promise<readonly DependencyCheck[]> },
  log: Logger,
): Promise<ProbeServer> {
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(405, { status: 'INVALID_REQUEST', message: 'Only GET /health and GET /ready are served here.' });
    if (path === '/health') return reply(200, { status: 'ok', service: 'concord', version: opts.version, role: opts.role });
    if (path === '/ready') {
      opts.check().then(
        (checks) => {
          const failed = checks.filter((c) => !c.ok);
          if (failed.length === 0) reply(200, { status: 'ok', service: 'concord', version: opts.version, role: opts.role, dependencies: checks });
          else reply(503, { status: 'SERVICE_UNAVAILABLE', message: `Not ready: ${failed.map((c) => `${c.name} (${c.error ?? 'no answer'})`).join(', ')}.`, dependencies: checks });
        },
        (err: unknown) => reply(503, { status: 'SERVICE_UNAVAILABLE', message: `Not ready: ${err instanceof Error ? err.message : String(err)}` }),
      );
      return undefined;
    }
    return reply(404, { status: 'NOT_FOUND', message: 'Only GET /health and GET /ready are served here.' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ port, role: opts.role }, 'probe server listening');
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
