import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real local HTTP server whose routes misbehave on purpose, counting hits per path so the
 * tests can assert how many times the client really called.
 */
export interface MisbehavingServer {
  readonly url: string;
  hits(path: string): number;
  /** Peak number of requests the server held open at once. */
  readonly peakInFlight: number;
  /** Lets every held `/held` request answer. */
  releaseHeld(): void;
  close(): Promise<void>;
}

export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const hits = new Map<string, number>();
  const held: http.ServerResponse[] = [];
  const hanging: http.ServerResponse[] = [];
  let inFlight = 0;
  let peakInFlight = 0;
  let holdOpen = true;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const count = (hits.get(url.pathname) ?? 0) + 1;
    hits.set(url.pathname, count);
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/ok':
        return json(200, { ok: true, n: count });
      case '/500-then-ok':
        return count === 1 ? json(500, { error: 'boom' }) : json(200, { ok: true, n: count });
      case '/always-503':
        return json(503, { error: 'down' });
      case '/429-retry-after-seconds':
        return count === 1 ? json(429, { error: 'slow down' }, { 'retry-after': '2' }) : json(200, { ok: true });
      case '/429-retry-after-date':
        return count === 1
          ? json(429, { error: 'slow down' }, { 'retry-after': new Date(Date.now() + 5_000).toUTCString() })
          : json(200, { ok: true });
      case '/429-retry-after-too-long':
        return json(429, { error: 'come back tomorrow' }, { 'retry-after': '86400' });
      case '/hang':
        hanging.push(res);
        return undefined;
      case '/malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"markets": [1, 2,');
      case '/missing':
        return json(404, { error: 'no such market' });
      case '/held':
        if (!holdOpen) return json(200, { ok: true });
        held.push(res);
        return undefined;
      default:
        return json(404, { error: 'unknown route' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: (p) => hits.get(p) ?? 0,
    get peakInFlight() {
      return peakInFlight;
    },
    releaseHeld() {
      holdOpen = false;
      for (const res of held.splice(0)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }
    },
    async close() {
      for (const res of [...held.splice(0), ...hanging.splice(0)]) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
