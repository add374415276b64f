import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../api/app.ts';
import type { AppDeps } from '../../api/deps.ts';
import { loadConfig } from '../../shared/config.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { silentLog } from './nats.ts';

export interface TestApp {
  readonly deps: AppDeps;
  readonly baseUrl: string;
  request(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: unknown }>;
  close(): Promise<void>;
}

/** The real Koa app on port 0 over an in-memory SQLite store; no NATS (publish is recorded). */
export async function startTestApp(overrides: Partial<AppDeps> = {}, env: Record<string, string> = {}): Promise<TestApp & { published: Array<{ subject: string; payload: unknown }> }> {
  const published: Array<{ subject: string; payload: unknown }> = [];
  const deps: AppDeps = {
    config: loadConfig({ LOG_LEVEL: 'silent', ...env }),
    log: silentLog,
    store: openSqliteStore({ file: ':memory:' }),
    checkDependencies: async () => [{ name: 'store', ok: true }],
    publish: async (subject, payload) => {
      published.push({ subject, payload });
    },
    ...overrides,
  };
  const server: Server = createServer(createApp(deps).callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    deps,
    baseUrl,
    published,
    request: async (path, init) => {
      const res = await fetch(baseUrl + path, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* keep text */
      }
      return { status: res.status, headers: res.headers, body };
    },
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await deps.store.close();
    },
  };
}
