import test, { type ExecutionContext } from 'ava';
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { registeredRoutes, type RouteEntry } from '../../api/http/routeTable.ts';
import { registeredRoutes as contractedRoutes } from '../../api/openapi/routeWalk.ts';
import { startApi, register, createKey, cookiesOf, type TestApi } from '../auth/harness.ts';
import type { ArbitrageFeed } from '../../shared/ports/arbitrageFeed.ts';
import { httpRequest, rawSocket, type RawReply } from './rawHttp.ts';
import { BAD_CREDENTIALS, BASE_BODY, FIELD_VALUES, FIELDS, PATH_VALUES, QUERIES, RAW_BODIES, SINGLE_FIELD_VALUES, UUID } from './hostileCatalogue.ts';

/**
 * Every route the app registers (read from its routers, so routes other branches add are covered
 * when they merge) gets a catalogue of hostile inputs, with and without credentials. Every answer
 * must be a 2xx (where the input happens to be valid) or a 4xx with the `{status, message}` envelope,
 * and carry X-RateLimit-*; never a 5xx. Limits are raised (RATE_LIMIT_MULTIPLIER) so the catalogue
 * reaches the routes instead of stopping at 429.
 */

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EXTRA_METHODS = ['TRACE', 'PROPFIND', 'SEARCH', 'OPTIONS', 'HEAD', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'MKCOL', 'PURGE'];
const CONCURRENCY = 6;

interface Probe {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: Buffer | string;
}

type Credentials = Record<string, string>;

/** An ARB stream that holds nothing yet: the SSE route is served (headers, then waiting) as in production. */
const quietFeed: ArbitrageFeed = {
  bounds: async () => ({ first: 1, last: 0 }),
  follow: (_from, _onEvent, signal) => new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  }),
};

let api: TestApi;
let routes: RouteEntry[];
/** Pages, not API operations (/docs, /console): their contract says they answer text/html. */
let htmlPages: Set<string>;
let session: Credentials;
let sessionCookie: Credentials;
let apiKey: Credentials;

test.before(async () => {
  // Recorded venues: a route that calls out (the wallet tracker) must not reach the network from here.
  api = await startApi({ env: { RATE_LIMIT_MULTIPLIER: '1000', PUBLIC_ORIGIN: 'http://concord.test', LOG_LEVEL: 'warn', VENUE_SOURCE: 'recorded' }, arbitrageFeed: quietFeed });
  routes = registeredRoutes(api.app);
  const servesHtml = (ok: unknown) => typeof ok === 'object' && ok !== null && (ok as { contentType?: string }).contentType === 'text/html';
  htmlPages = new Set(contractedRoutes(api.app).filter((r) => servesHtml(r.contract?.responses[200])).map((r) => r.koaPath));
  // Its password differs from BASE_BODY's, so change-password in the catalogue never ends this session.
  const account = await register(api, 'catalogue@example.com', 'catalogue password 0');
  session = { authorization: `Bearer ${account.access}` };
  sessionCookie = { cookie: `svc_access=${account.access}` };
  apiKey = { 'x-api-key': (await createKey(api, account.access)).key };
});
test.after.always(async () => {
  await api.close();
});

/** A fresh wallet session per test: /siwe/logout in the catalogue ends the one it is sent with. */
async function walletCredentials(): Promise<Credentials> {
  const wallet = Wallet.createRandom();
  const nonceReply = await api.request('GET', '/api/v1/siwe/nonce');
  const binding = cookiesOf(nonceReply).svc_siwe_nonce ?? '';
  const message = new SiweMessage({
    domain: 'concord.test',
    address: wallet.address,
    uri: 'http://concord.test/',
    version: '1',
    chainId: 1,
    nonce: nonceReply.body.data.nonce as string,
    issuedAt: new Date().toISOString(),
  }).prepareMessage();
  const reply = await api.request('POST', '/api/v1/siwe/verify', { body: { message, signature: await wallet.signMessage(message) }, cookies: { svc_siwe_nonce: binding } });
  if (reply.status !== 200) throw new Error(`wallet sign-in failed: ${reply.status}`);
  return { cookie: `svc_siwe=${cookiesOf(reply).svc_siwe ?? ''}` };
}

function fill(path: string, value: string): string {
  return path.replace(/[{}]/g, '').replace(/[:*]\w+/g, value);
}

const hasParams = (route: RouteEntry) => /[:*]\w+/.test(route.path);
const methodsOf = (route: RouteEntry) => route.methods.filter((m) => m !== 'HEAD');
const bodyMethodsOf = (route: RouteEntry) => route.methods.filter((m) => BODY_METHODS.has(m));

/** Logout routes last, so the credentials they end serve every other route first. */
function ordered(list: RouteEntry[]): RouteEntry[] {
  return [...list].sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
}

/** What is wrong with one answer, or null. */
function problem(probe: Probe, reply: RawReply): string | null {
  const where = `${probe.method} ${probe.path.slice(0, 120)} [${probe.label}] → ${reply.status}`;
  if (reply.status >= 500 || reply.status < 200 || (reply.status >= 300 && reply.status < 400)) return `${where}: status ${reply.status} ${reply.text.slice(0, 200)}`;
  for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    if (!/^\d+$/.test(reply.headers[h] ?? '')) return `${where}: no ${h}`;
  }
  if (probe.method === 'HEAD' || reply.status === 204) return null;
  if (reply.status === 200 && /^text\/event-stream/.test(reply.headers['content-type'] ?? '')) return null;
  if (reply.status === 200 && /^text\/html/.test(reply.headers['content-type'] ?? '') && htmlPages.has(probe.path.split('?')[0]!)) return null;
  if (!/^application\/json/.test(reply.headers['content-type'] ?? '')) return `${where}: content-type ${reply.headers['content-type']} body ${reply.text.slice(0, 120)}`;
  if (reply.json === undefined) return `${where}: body is not JSON: ${reply.text.slice(0, 120)}`;
  if (reply.status >= 400) {
    const { status, message } = reply.json;
    if (typeof status !== 'string' || !/^[A-Z][A-Z_]+$/.test(status)) return `${where}: envelope status ${JSON.stringify(status)}`;
    if (typeof message !== 'string' || message.trim() === '') return `${where}: envelope without a message`;
  }
  return null;
}

interface Outcome {
  readonly failures: string[];
  readonly statuses: Map<number, number>;
  readonly sent: number;
}

async function send(probes: readonly Probe[]): Promise<Outcome> {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++] as Probe;
      let reply: RawReply;
      try {
        reply = await httpRequest(api.url, probe.method, probe.path, probe.headers ?? {}, probe.body);
      } catch (err) {
        failures.push(`${probe.method} ${probe.path.slice(0, 120)} [${probe.label}]: no answer (${(err as Error).message})`);
        continue;
      }
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      const wrong = problem(probe, reply);
      if (wrong) failures.push(wrong);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { failures, statuses, sent: probes.length };
}

function judge(t: ExecutionContext, outcome: Outcome): void {
  const summary = [...outcome.statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
  t.log(`${outcome.sent} requests: ${summary}`);
  t.deepEqual(outcome.failures.slice(0, 40), [], `${outcome.failures.length} bad answers`);
  const limited = outcome.statuses.get(429) ?? 0;
  t.true(limited <= outcome.sent * 0.01, `${limited} answers were 429: the catalogue must reach the routes`);
}

/** The credential that gets past a route's guard (the first that is not refused with 401/403), else none. */
async function passingCredentials(route: RouteEntry, wallet: Credentials): Promise<Credentials> {
  const method = methodsOf(route)[0] ?? 'GET';
  for (const credentials of [{}, session, wallet, apiKey]) {
    const reply = await httpRequest(api.url, method, fill(route.path, UUID), { ...credentials, 'content-type': 'application/json' }, BODY_METHODS.has(method) ? JSON.stringify(BASE_BODY) : undefined);
    if (reply.status !== 401 && reply.status !== 403) return credentials;
  }
  return {};
}

async function withCredentials(build: (route: RouteEntry, credentials: Array<[string, Credentials]>) => Probe[]): Promise<Probe[]> {
  const wallet = await walletCredentials();
  const probes: Probe[] = [];
  for (const route of ordered(routes)) {
    const passing = await passingCredentials(route, wallet);
    probes.push(...build(route, [['anonymous', {}], ['credentialed', passing]]));
  }
  return probes;
}

test('the catalogue reaches every route the app registers, read from its routers', (t) => {
  const paths = routes.map((r) => `${r.methods.filter((m) => m !== 'HEAD').join('|')} ${r.path}`);
  t.log(`${routes.length} routes:\n${paths.join('\n')}`);
  for (const known of ['/health', '/api/v1/markets/:id', '/api/v1/auth/login', '/api/v1/siwe/verify', '/api/v1/console/keys/:id', '/api/v1/external/markets']) {
    t.true(routes.some((r) => r.path === known || r.path === `${known}/`), known);
  }
});

test('every method on every route path, with and without credentials', async (t) => {
  const probes = await withCredentials((route, creds) =>
    creds.flatMap(([who, headers]) => EXTRA_METHODS.map((method) => ({ label: `${method} ${who}`, method, path: fill(route.path, UUID), headers }))),
  );
  judge(t, await send(probes));
});

test('hostile path parameters and over-long segments', async (t) => {
  const probes = await withCredentials((route, creds) =>
    creds.flatMap(([who, headers]) => {
      if (!hasParams(route)) {
        return [{ label: `long segment ${who}`, method: methodsOf(route)[0] ?? 'GET', path: `${route.path.replace(/\/$/, '')}/${'s'.repeat(5_000)}`, headers }];
      }
      return PATH_VALUES.flatMap((value) => methodsOf(route).map((method) => ({ label: `param ${value.slice(0, 24)} ${who}`, method, path: fill(route.path, value), headers })));
    }),
  );
  judge(t, await send(probes));
});

test('hostile query strings: NaN, Infinity, huge and negative numbers, repeats, arrays, prototype keys, unicode junk, bad encoding', async (t) => {
  // Every query on GET routes with the credential that passes; a sample without, and on body routes (which read bodies, not queries).
  const sample = QUERIES.filter((_, i) => i % 5 === 0);
  const probes = await withCredentials((route, creds) =>
    creds.flatMap(([who, headers]) =>
      methodsOf(route).flatMap((method) => {
        const isBody = BODY_METHODS.has(method);
        const queries = who === 'credentialed' && !isBody ? QUERIES : sample;
        return queries.map((query) => ({
          label: `${query.slice(0, 30)} ${who}`,
          method,
          path: `${fill(route.path, UUID)}?${query}`,
          headers: isBody ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(isBody ? { body: '{}' } : {}),
        }));
      }),
    ),
  );
  judge(t, await send(probes));
});

test('broken bodies: prototype keys, bad JSON, wrong shapes, 5,000-deep nesting, oversize, bad encodings, wrong content types', async (t) => {
  const probes = await withCredentials((route, creds) =>
    creds.flatMap(([who, headers]) =>
      bodyMethodsOf(route).flatMap((method) =>
        RAW_BODIES.map((raw) => ({ label: `${raw.label} ${who}`, method, path: fill(route.path, UUID), headers: { ...headers, ...raw.headers }, body: raw.body })),
      ),
    ),
  );
  t.true(probes.length > 0);
  judge(t, await send(probes));
});

test('fields of the wrong type, size or content: all at once, and each alone among plausible ones', async (t) => {
  const probes = await withCredentials((route, creds) =>
    bodyMethodsOf(route).flatMap((method) => {
      const path = fill(route.path, UUID);
      const out: Probe[] = [];
      for (const [who, headers] of creds) {
        for (const [label, value] of FIELD_VALUES) {
          const body = JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value])));
          out.push({ label: `every field ${label} ${who}`, method, path, headers: { ...headers, 'content-type': 'application/json' }, body });
        }
      }
      const [, credentialed = {}] = creds.find(([who]) => who === 'credentialed') ?? [];
      for (const field of FIELDS) {
        for (const [label, value] of SINGLE_FIELD_VALUES) {
          out.push({ label: `${field}=${label}`, method, path, headers: { ...credentialed, 'content-type': 'application/json' }, body: JSON.stringify({ ...BASE_BODY, [field]: value }) });
        }
      }
      return out;
    }),
  );
  judge(t, await send(probes));
});

test('credentials that are present but wrong, and hostile headers', async (t) => {
  const probes = ordered(routes).flatMap((route) =>
    methodsOf(route).flatMap((method) =>
      BAD_CREDENTIALS.map(([label, headers]) => ({
        label,
        method,
        path: fill(route.path, UUID),
        headers: BODY_METHODS.has(method) ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(BODY_METHODS.has(method) ? { body: JSON.stringify(BASE_BODY) } : {}),
      })),
    ),
  );
  judge(t, await send(probes));
  const echoed = await httpRequest(api.url, 'GET', '/health', { 'x-request-id': '../../etc/passwd' });
  t.regex(echoed.headers['x-request-id'] ?? '', /^[0-9a-f-]{36}$/, 'a malformed request id is replaced, not echoed');
  t.is((await httpRequest(api.url, 'GET', '/api/v1/auth/me', sessionCookie)).status, 200, 'the session survived the catalogue');
});

test('what node refuses before routing, on every route path: a query over the header limit, an unknown method, a request without Host, null bytes', async (t) => {
  const failures: string[] = [];
  for (const route of routes) {
    const path = fill(route.path, UUID);
    const cases: Array<[string, string]> = [
      ['431 query', `GET ${path}?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
      ['431 header', `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${'t'.repeat(17_000)}\r\n\r\n`],
      ['unknown method', `BREW ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
      ['HTTP/1.0 without Host', `${methodsOf(route)[0] ?? 'GET'} ${path} HTTP/1.0\r\n\r\n`],
      ['NUL in a header', `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-A: a\u0000b\r\n\r\n`],
      ['raw space in the target', `GET ${path}?a=b c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
      ['absolute-form target', `GET http://evil.test${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
      ['bad Content-Length', `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`],
    ];
    for (const [label, bytes] of cases) {
      const reply = await rawSocket(api.url, bytes);
      const wrong = problem({ label, method: bytes.split(' ')[0] ?? '', path }, reply);
      if (wrong) failures.push(wrong);
    }
  }
  const star = await rawSocket(api.url, 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  const starWrong = problem({ label: 'asterisk form', method: 'OPTIONS', path: '*' }, star);
  if (starWrong) failures.push(starWrong);
  t.deepEqual(failures.slice(0, 40), [], `${failures.length} bad answers`);
});
