/**
 * The server side of bench:api, run as its own process so the load generator does not share its event loop:
 *   concord: the API role as `npm start` composes it (bin/services.ts: store from DATA_DIR, NATS for usage
 *            capture), with the given RATE_LIMIT_MULTIPLIER;
 *   bare:    the ceiling, a bare Koa app (no router, no middleware) answering GET /copy/<name> with the bytes
 *            last PUT there (a copy of a row's real response), or /size/<n> with a ready JSON body of n bytes.
 * Prints `port <n>` once listening; stops on SIGTERM.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import Koa from 'koa';
import pino from 'pino';
import { startServices } from '../../bin/services.ts';
import { loadConfig } from '../../shared/config.ts';

const { values } = parseArgs({ options: { mode: { type: 'string' }, 'data-dir': { type: 'string' }, 'nats-url': { type: 'string' }, multiplier: { type: 'string', default: '1' } } });

if (values.mode === 'bare') {
  const app = new Koa();
  const bodies = new Map<number, Buffer>();
  const copies = new Map<string, Buffer>();
  app.use(async (ctx) => {
    // PUT /copy/<name>: keep these exact bytes; GET /copy/<name> answers them (the ceiling of a row whose body
    // the bench probed, so the load generator parses the same bytes on both sides).
    if (ctx.path.startsWith('/copy/')) {
      const name = ctx.path.slice('/copy/'.length);
      if (ctx.method === 'PUT') {
        const chunks: Buffer[] = [];
        for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
        copies.set(name, Buffer.concat(chunks));
        ctx.status = 204;
        return;
      }
      const copy = copies.get(name);
      if (!copy) {
        ctx.status = 404;
        return;
      }
      ctx.type = 'application/json';
      ctx.body = copy;
      return;
    }
    const n = Number(ctx.path.slice('/size/'.length)) || 2;
    let body = bodies.get(n);
    if (!body) {
      body = Buffer.from(`{"d":"${'x'.repeat(Math.max(0, n - 8))}"}`);
      bodies.set(n, body);
    }
    ctx.type = 'application/json';
    ctx.body = body;
  });
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => console.log(`port ${(server.address() as AddressInfo).port}`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  const config = loadConfig({
    DATA_DIR: values['data-dir'],
    NATS_URL: values['nats-url'],
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: values.multiplier,
    JWT_ACCESS_SECRET: 'bench-access-secret-0123456789abcdefghijklmnop',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789abcdefghijklmno',
  });
  const svc = await startServices(config, ['api'], pino({ level: 'warn' }));
  console.log(`port ${svc.apiPort}`);
  process.on('SIGTERM', () => void svc.stop().then(() => process.exit(0)));
}
