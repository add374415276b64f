import test from 'ava';
import { startTestService } from '../support/service.ts';

test('/ready turns 503 naming NATS when the server goes away, while /health stays 200', async (t) => {
  const svc = await startTestService({ ROLE: 'api' });
  try {
    t.is((await svc.get('/ready')).status, 200);
    await svc.nats.server.stop();
    let ready = await svc.get('/ready');
    for (let i = 0; i < 20 && ready.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 250));
      ready = await svc.get('/ready');
    }
    t.is(ready.status, 503);
    const body = ready.body as { status: string; message: string; dependencies: { name: string; ok: boolean }[] };
    t.is(body.status, 'SERVICE_UNAVAILABLE');
    t.regex(body.message, /nats/);
    t.deepEqual(
      body.dependencies.map((d) => [d.name, d.ok]),
      [
        ['nats', false],
        ['store', true],
      ],
    );
    t.is((await svc.get('/health')).status, 200);
  } finally {
    await svc.close();
  }
});
