import type Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../adapters/log/createLogger.ts';
import { createApiHttpServer } from '../../api/server.ts';
import type { AppDeps } from '../../api/deps.ts';
import { closeRateLimit, whenRateLimitReady } from '../../api/middleware/rateLimit.ts';
import { closeArbitrageStreams } from '../../api/routes/arbitrageStream.ts';
import { installAuthContext, type AuthContext, type AuthContextOptions } from '../../api/auth/authContext.ts';
import { loadConfig } from '../../shared/config.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON body, or the raw text when it was not JSON. */
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary fields
  readonly setCookies: string[];
}

export interface RequestOptions {
  readonly body?: unknown;
  /** Sent as-is (for malformed JSON and oversized bodies). */
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
  readonly bearer?: string;
  readonly apiKey?: string;
  readonly cookies?: Record<string, string>;
}

export interface TestApi {
  readonly url: string;
  /** The app being served (its routers are what registeredRoutes() walks). */
  readonly app: Koa;
  readonly deps: AppDeps;
  readonly store: DocumentStore;
  readonly auth: AuthContext;
  /** Every log line the app wrote, parsed. */
  readonly logLines: Array<Record<string, unknown>>;
  /** Every log line the app wrote, as written. */
  readonly logText: string[];
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  close(): Promise<void>;
}

export const TEST_ENV = {
  JWT_ACCESS_SECRET: 'test-access-secret-0123456789abcdefghijklmnop',
  JWT_REFRESH_SECRET: 'test-refresh-secret-0123456789abcdefghijklmno',
  LOG_LEVEL: 'debug',
};

export interface StartOptions {
  readonly env?: Record<string, string>;
  readonly publish?: AppDeps['publish'];
  readonly auth?: AuthContextOptions;
  /** Optional collaborators the app would otherwise build from config (the wallet tracker). */
  readonly deps?: Partial<Pick<AppDeps, 'walletTracker'>>;
  /** The ARB stream for the SSE feed (test/arbitrage). */
  readonly arbitrageFeed?: AppDeps['arbitrageFeed'];
}

/** The real app (createApp) over a temporary SQLite store, listening on a free port. */
export async function startApi(options: StartOptions = {}): Promise<TestApi> {
  const dir = mkdtempSync(join(tmpdir(), 'concord-auth-'));
  const store = openSqliteStore({ file: join(dir, 'store.db') });
  const logLines: Array<Record<string, unknown>> = [];
  const logText: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        logText.push(line);
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const config = loadConfig({ ...TEST_ENV, ...options.env });
  const deps: AppDeps = {
    config,
    log: createLogger({ level: 'debug' }, sink),
    store,
    checkDependencies: async () => [{ name: 'store', ok: true }],
    publish: options.publish ?? (async () => undefined),
    ...options.deps,
    ...(options.arbitrageFeed ? { arbitrageFeed: options.arbitrageFeed } : {}),
  };
  const auth = installAuthContext(deps, options.auth ?? {});
  const { server, app } = createApiHttpServer(deps);
  if (config.REDIS_URL && !(await whenRateLimitReady(deps))) throw new Error('redis did not become ready');

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request = async (method: string, path: string, o: RequestOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...o.headers };
    let body: string | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    if (o.bearer) headers.authorization = `Bearer ${o.bearer}`;
    if (o.apiKey) headers['x-api-key'] = o.apiKey;
    if (o.cookies) headers.cookie = Object.entries(o.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, headers: res.headers, body: parsed, setCookies: res.headers.getSetCookie() };
  };

  return {
    url,
    app,
    deps,
    store,
    auth,
    logLines,
    logText,
    request,
    close: async () => {
      closeArbitrageStreams(deps);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closeRateLimit(deps);
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** name=value pairs of the Set-Cookie headers of a reply (cleared cookies have an empty value). */
export function cookiesOf(reply: Reply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of reply.setCookies) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

/** Registers an account and returns its tokens. */
export async function register(api: TestApi, email: string, password = 'correct horse battery', name = 'Test User') {
  const reply = await api.request('POST', '/api/v1/auth/register', { body: { email, password, name } });
  if (reply.status !== 201) throw new Error(`register failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { id: reply.body.data.id as string, access: reply.body.tokens.access_token as string, refresh: reply.body.tokens.refresh_token as string };
}

/** Creates an API key for a session and returns the key and its id. */
export async function createKey(api: TestApi, access: string, body: Record<string, unknown> = { name: 'test key' }) {
  const reply = await api.request('POST', '/api/v1/console/keys', { bearer: access, body });
  if (reply.status !== 201) throw new Error(`key creation failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { id: reply.body.data.id as string, key: reply.body.data.key as string, reply };
}
