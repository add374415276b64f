import test from 'ava';
import { createServer } from 'node:net';
import { startTestService } from '../support/service.ts';

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

test('a role without the API answers /health and /ready on HEALTH_PORT (the compose health check), and serves no API', async (t) => {
  const port = await freePort();
  const svc = await startTestService({ ROLE: 'project', HEALTH_PORT: String(port) });
  try {
    t.is(svc.service.apiPort, null);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    t.is(health.status, 200);
    t.like(await health.json(), { status: 'ok', service: 'concord', role: 'project' });
    const ready = await fetch(`http://127.0.0.1:${port}/ready`);
    t.is(ready.status, 200);
    const body = (await ready.json()) as { dependencies: Array<{ name: string; ok: boolean }> };
    t.deepEqual(body.dependencies.map((d) => [d.name, d.ok]), [['nats', true], ['store', true]]);
    t.is((await fetch(`http://127.0.0.1:${port}/api/v1/markets`)).status, 404);
    // NATS gone: ready turns 503 naming it, health stays 200 (the process still runs).
    await svc.nats.server.stop();
    const down = await fetch(`http://127.0.0.1:${port}/ready`);
    t.is(down.status, 503);
    t.regex(((await down.json()) as { message: string }).message, /nats/);
    t.is((await fetch(`http://127.0.0.1:${port}/health`)).status, 200);
  } finally {
    await svc.close();
  }
});
