import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WALLET_MODULES } from '../../pipeline/wallets/index.ts';
import { RECORDED_WALLETS_DIR } from '../../pipeline/wallets/recordedWalletHttp.ts';
import type { WalletVenue } from '../../pipeline/wallets/types.ts';

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
}

export interface SeenRequest {
  readonly venue: WalletVenue;
  readonly url: URL;
  readonly body: unknown;
}

/** Answers one request; may hold it (return a promise that settles later). */
export type Route = (req: SeenRequest) => Reply | Promise<Reply>;

export interface VenueServer {
  readonly requests: SeenRequest[];
  /** A fetch that sends every venue URL to this real local server, keeping host, path and query. */
  readonly fetch: typeof fetch;
  /** Requests seen for a venue. */
  hits(venue: WalletVenue): number;
  setRoute(route: Route): void;
  close(): Promise<void>;
}

const HOSTS = new Map<string, WalletVenue>();
for (const m of Object.values(WALLET_MODULES)) for (const base of Object.values(m.descriptor.baseUrls)) HOSTS.set(new URL(base).host, m.slug);

const index = JSON.parse(readFileSync(path.join(RECORDED_WALLETS_DIR, 'index.json'), 'utf8')) as Record<string, Record<string, string>>;

/** What the venue would answer from the recorded payloads (the same lookup recorded mode uses). */
export function recordedReply(req: SeenRequest): Reply {
  const module = WALLET_MODULES[req.venue];
  const key = module.recordedKey(req.url);
  const file = key === null ? undefined : index[req.venue]?.[key];
  if (file) return { status: 200, body: JSON.parse(readFileSync(path.join(RECORDED_WALLETS_DIR, req.venue, file), 'utf8')) };
  const miss = module.recordedMiss(req.url);
  return miss.status === 200 ? { status: 200, body: miss.json } : { status: 404, body: { error: 'not found' } };
}

/** A real HTTP server on port 0 standing in for every wallet venue host at once. */
export async function startVenueServer(initial: Route = recordedReply): Promise<VenueServer> {
  let route = initial;
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [, host, ...rest] = (req.url ?? '/').split('/');
      const original = new URL(`https://${host}/${rest.join('/')}`);
      const venue = HOSTS.get(original.host);
      const text = Buffer.concat(chunks).toString('utf8');
      const seen: SeenRequest = { venue: venue as WalletVenue, url: original, body: text ? (JSON.parse(text) as unknown) : undefined };
      if (!venue) {
        res.writeHead(502).end();
        return;
      }
      requests.push(seen);
      void Promise.resolve(route(seen)).then(
        (reply) => {
          if (res.destroyed) return;
          res.writeHead(reply.status, { 'content-type': 'application/json' });
          res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redirect: typeof fetch = (input, init) => {
    const u = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return globalThis.fetch(`${base}/${u.host}${u.pathname}${u.search}`, init);
  };
  return {
    requests,
    fetch: redirect,
    hits: (venue) => requests.filter((r) => r.venue === venue).length,
    setRoute: (r) => {
      route = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A promise the test resolves later: for requests held open. */
export function gate(): { readonly promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
