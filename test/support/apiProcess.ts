/**
 * A child process serving the real app over a SQLite file given in STORE_FILE (no NATS: usage events
 * are dropped). Prints {"port": n} once listening; stops on SIGTERM. Two of these over one file are two
 * API processes sharing a store.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../shared/config.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';

const file = process.env.STORE_FILE;
if (!file) throw new Error('STORE_FILE is required');
const store = openSqliteStore({ file });
const app = createApp({
  config: loadConfig(process.env),
  log: pino({ level: 'silent' }),
  store,
  checkDependencies: async () => [{ name: 'store', ok: true }],
  publish: async () => undefined,
});
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => {
    void store.close().then(() => process.exit(0));
  });
  server.closeAllConnections();
});
