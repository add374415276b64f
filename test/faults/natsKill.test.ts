import test from 'ava';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTestService, TEST_MODEL } from '../support/service.ts';
import { silentLog, startTestNats } from '../support/nats.ts';
import { startLocalNatsServer, type LocalNatsServer } from '../../pipeline/system/localNatsServer.ts';
import { startServices, natsPidFile } from '../../bin/services.ts';
import { loadConfig } from '../../shared/config.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { connectStreams } from '../../pipeline/streams/connection.ts';
import { createRecordedHttpClient } from '../../pipeline/http/index.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { listDeadLetters } from '../../pipeline/ops/deadLetters.ts';
import { liveRunOracle, readModelSnapshot, SCANNER_CLOCK_HELD } from '../ops/readModels.ts';
import { waitFor } from './waitFor.ts';

const VENUES: VenueSlug[] = ['manifold', 'polymarket'];

/** The markets the recorded catalogues hold, read by the pure parsers: what must be served in the end. */
async function expectedMarkets(): Promise<string[]> {
  const ids = new Set<string>();
  for (const slug of VENUES) {
    const module = VENUE_MODULES[slug]!;
    const http = createRecordedHttpClient({ connectors: [module.connector] });
    for await (const page of module.connector.fetchCatalog({ http, log: silentLog, signal: new AbortController().signal })) {
      for (const item of page) for (const m of module.parse(item, { fetchedAt: '2026-01-01T00:00:00Z' }).markets) ids.add(m.id);
    }
  }
  return [...ids].sort();
}

/** A producer that retries a failed publish with the same msgID until it is stored (as ingest's next cycle does). */
async function publishUsageWithRetry(publish: (subject: string, data: string, msgID: string) => Promise<unknown>, n: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (let i = 0; i < n; i += 1) {
    const e = { type: 'api_request', id: randomUUID(), api_key_id: `k${i % 4}`, account_id: 'a', method: 'GET', endpoint: '/api/v1/markets', status: 200, duration_ms: 1, at: `2026-05-01T1${i % 3}:00:00.000Z` };
    for (;;) {
      try {
        await publish(subjects.apiRequests(), JSON.stringify(e), e.id);
        break;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }
}

test.serial('nats-server killed with SIGKILL mid-stream and restarted: the service reconnects by itself, /ready follows, no tick lost, no duplicate effect', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-natskill-'));
  let restarted: LocalNatsServer | null = null;
  const svc = await startTestService({ VENUES: VENUES.join(','), ...SCANNER_CLOCK_HELD }, { nats, dataDir });
  try {
    t.is((await svc.get('/ready')).status, 200);
    const producer = await connectStreams(nats.server.url, silentLog, 'test-producer');
    const usage = publishUsageWithRetry((s, d, id) => producer.js.publish(s, d, { msgID: id, timeout: 2_000 }), 300);
    const ingest = svc.service.ingestOnce();
    await waitFor(async () => ((await nats.conn.jsm.streams.info('RAW')).state.messages > 0 ? true : undefined), 60_000, 'ticks to flow', 20);

    process.kill(nats.server.pid, 'SIGKILL');
    await waitFor(async () => ((await svc.get('/ready')).status === 503 ? true : undefined), 60_000, '/ready 503 while NATS is gone');
    t.is((await svc.get('/health')).status, 200, 'the process itself is alive');

    restarted = await startLocalNatsServer(join(nats.dir, 'js'), undefined, 'nats-server', { port: nats.server.port });
    await waitFor(async () => ((await svc.get('/ready')).status === 200 ? true : undefined), 60_000, '/ready 200 after the restart');
    await ingest;
    await usage;
    await producer.close();
    // Items whose publish failed during the outage were not marked published: the next cycle sends them.
    await svc.service.ingestOnce();
    await svc.settle();
    await svc.service.scanner!.scanNow(true);
    await svc.settle();

    const served = (await svc.service.store.collection<{ _id: string }>('markets').find({})).map((m) => m._id).sort();
    t.deepEqual(served, await expectedMarkets(), 'every market of both catalogues is served');
    t.is(await svc.service.store.collection('api_request_logs').count(), 300, 'each usage event applied once');
    const hours = await svc.service.store.collection<{ _id: string; total_calls: number }>('api_usage_hourly').find({});
    t.is(hours.reduce((a, h) => a + h.total_calls, 0), 300, 'hourly counts hold no duplicate');
    t.deepEqual(await listDeadLetters(svc.nats.conn), []);
    const oracle = await liveRunOracle(svc.nats.conn);
    t.deepEqual(await readModelSnapshot(svc.service.store), await readModelSnapshot(oracle), 'read models equal one uninterrupted run over the streams');
    await oracle.close();
  } finally {
    await svc.close();
    await nats.close().catch(() => undefined);
    await restarted?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.serial('the nats-server child of npm start is restarted by the service when it is killed', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-natschild-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NATS_URL: '', VENUE_SOURCE: 'recorded', VENUES: 'manifold', INGEST_INTERVAL_SECONDS: '86400', WORKERS: '1', LOG_LEVEL: 'silent', EMBEDDING_MODEL: TEST_MODEL, ROLE: 'api' });
  const service = await startServices(config, ['api'], silentLog);
  const ready = async () => (await fetch(`http://127.0.0.1:${service.apiPort}/ready`)).status;
  let newPid = 0;
  try {
    t.is(await ready(), 200);
    const pid = Number(readFileSync(natsPidFile(dataDir), 'utf8'));
    process.kill(pid, 'SIGKILL');
    newPid = await waitFor(async () => {
      const p = Number(readFileSync(natsPidFile(dataDir), 'utf8'));
      return p !== pid && p > 0 ? p : undefined;
    }, 60_000, 'a new nats-server pid');
    t.not(newPid, pid);
    await waitFor(async () => ((await ready()) === 200 ? true : undefined), 60_000, '/ready 200 on the restarted child');
    await service.conn.js.publish(subjects.apiRequests(), JSON.stringify({ type: 'api_request' }));
    t.pass();
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  t.throws(() => process.kill(newPid, 0), { code: 'ESRCH' }, 'the restarted child is stopped with the service');
});
