import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { startServices } from '../../bin/services.ts';
import { pingProcesses } from '../../pipeline/ops/processPing.ts';
import { loadConfig } from '../../shared/config.ts';
import { startTestNats } from '../support/nats.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// A first start (no EMBEDDING_MODEL, an empty DATA_DIR) builds the offline embedding model: 10-20 s of CPU.
// While it does, the process must go on answering /health and the ops ping.
test('a first start answers /health and the ops ping while it builds the embedding model', async (t) => {
  t.timeout(180_000);
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-first-start-'));
  // One ordered record of what happened: the build's progress lines and the answers this test received.
  const events: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      const line = JSON.parse(chunk.toString()) as { msg?: string; progress?: string };
      if (line.msg === 'reading word vectors') events.push(`progress ${line.progress}`);
      if (line.msg === 'embedding model built') events.push('built');
      done();
    },
  });
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NATS_URL: nats.server.url,
    VENUE_SOURCE: 'recorded',
    VENUES: 'manifold',
    LOG_LEVEL: 'info',
  });
  let started = false;
  let stopped = false;
  const starting = startServices(config, ['api', 'link'], pino({ level: 'info' }, sink)).finally(() => (started = true));
  try {
    while (!started) {
      const [processes, health] = await Promise.all([
        pingProcesses(nats.conn.nc, 500),
        fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.status, () => 0),
      ]);
      if (processes.some((p) => p.state === 'starting')) events.push('ping');
      if (health === 200) events.push('health');
    }
    const service = await starting;
    stopped = true;
    await service.stop();
    // The read of the word vectors runs from its first progress line to its last without awaiting anything.
    const from = events.findIndex((e) => e.startsWith('progress'));
    const to = events.indexOf('progress 100%');
    t.true(from >= 0 && to > from && events.includes('built'), events.join(', '));
    const during = events.slice(from, to);
    t.true(during.includes('ping'), `no ping answered while the word vectors were read: ${events.join(', ')}`);
    t.true(during.includes('health'), `no /health answered while the word vectors were read: ${events.join(', ')}`);
  } finally {
    if (!stopped) await starting.then((s) => s.stop(), () => {});
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
