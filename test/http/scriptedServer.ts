import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server does with one request: answer JSON, answer raw bytes, or never answer. */
export type Script =
  | { readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly status: number; readonly raw: string; readonly headers?: Readonly<Record<string, string>> }
  | { readonly hang: true };

/**
 * A real local HTTP server scripted per request: `route` sees the URL and how many times that path
 * was asked before (1 for the first call), so a test can answer 500 then 200, 429 with or without
 * Retry-After, garbage, or hang past the client's timeout. Every URL asked is recorded.
 */
export interface ScriptedServer {
  readonly url: string;
  readonly requests: URL[];
  /** A fetch that sends any absolute URL here instead, keeping path and query. */
  readonly fetch: typeof fetch;
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startScriptedServer(route: (url: URL, nth: number) => Script): Promise<ScriptedServer> {
  const requests: URL[] = [];
  const hits = new Map<string, number>();
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const nth = (hits.get(url.pathname) ?? 0) + 1;
    hits.set(url.pathname, nth);
    const script = route(url, nth);
    if ('hang' in script) {
      hanging.push(res);
      return;
    }
    res.writeHead(script.status, { 'content-type': 'application/json', ...script.headers });
    res.end('raw' in script ? script.raw : JSON.stringify(script.body));
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
    hits: (p) => hits.get(p) ?? 0,
    close: async () => {
      for (const res of hanging.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
