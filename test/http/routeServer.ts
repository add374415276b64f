import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

/** A real local server answering each request from `route`; records every URL it was asked for. */
export interface RouteServer {
  readonly url: string;
  readonly requests: URL[];
  /** A fetch that sends any absolute URL to this server instead, keeping path and query. */
  readonly fetch: typeof fetch;
  close(): Promise<void>;
}

export async function startRouteServer(route: (url: URL) => Reply): Promise<RouteServer> {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const reply = route(url);
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redirect: typeof fetch = (input, init) => {
    const original = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return globalThis.fetch(`${base}${original.pathname}${original.search}`, init);
  };
  return {
    url: base,
    requests,
    fetch: redirect,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
