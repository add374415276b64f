import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestNats, silentLog } from '../support/nats.ts';
import { createDocumentStore } from '../../adapters/store/createStore.ts';
import { createWorkerPool } from '../../pipeline/process/workerPool.ts';
import { startProcessor, PROCESSOR_DURABLE } from '../../pipeline/process/processor.ts';
import { jetStreamPublisher } from '../../pipeline/streams/publisher.ts';
import { startProjection, projectionDurable } from '../../projections/runProjection.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { ingestVenueOnce } from '../../pipeline/ingest/ingestVenue.ts';
import { ChangeTracker } from '../../pipeline/ingest/changeTracker.ts';
import { createRecordedHttpClient } from '../../pipeline/http/index.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import { waitForQuiet } from '../support/quiesce.ts';
import { waitFor } from './waitFor.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm run ops -- <args> --json` as an operator would (same entry point), against this NATS and store. */
async function opsCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; json: Record<string, unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/ops.ts', ...args, '--json'], { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  return { code, json: JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, unknown> };
}

test('a worker crashing on one message: the message is retried, then dead-lettered with the reason; the pool and the stream go on; an operator retry applies it once fixed', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-crash-'));
  const marker = join(dataDir, 'crash-on');
  writeFileSync(marker, 'on');
  const manifold = VENUE_MODULES.manifold!;
  const store = await createDocumentStore({ DATA_DIR: dataDir, MONGODB_DB: 'x' }, silentLog);
  // The item the worker dies on: the third of the recorded catalogue.
  const http = createRecordedHttpClient({ connectors: [manifold.connector] });
  let crashItem = '';
  // What the pipeline should serve: every market the pure parser reads from the other items.
  const expected = new Set<string>();
  for await (const page of manifold.connector.fetchCatalog({ http, log: silentLog, signal: new AbortController().signal })) {
    crashItem ||= page[2]!.id;
    for (const item of page) {
      if (item.id === crashItem) continue;
      for (const m of manifold.parse(item, { fetchedAt: '2026-01-01T00:00:00Z' }).markets) expected.add(m.platform_market_id);
    }
  }
  const pool = createWorkerPool(new URL('./crashingNormalize.worker.ts', import.meta.url), 1, 8, { crashItem, markerFile: marker });
  const publish = jetStreamPublisher(nats.conn.js);
  const processor = await startProcessor({ conn: nats.conn, store, pool, publish, log: silentLog });
  const projection = await startProjection(nats.conn, store, marketsProjection as never, silentLog);
  const env = { NATS_URL: nats.server.url, DATA_DIR: dataDir };
  try {
    const result = await ingestVenueOnce(manifold, { http, publish, tracker: new ChangeTracker(store), log: silentLog });
    t.true(result.ok && result.itemCount > 10, 'the catalogue was published');

    // Retried (5 deliveries, the consumer's max), then dead-lettered with the reason.
    const letters = await waitFor(async () => {
      const r = await opsCli(['deadletters'], env);
      const list = r.json.dead_letters as Array<{ id: number; durable: string; reason: string; deliveries: number; subject: string }>;
      return list?.length ? list : undefined;
    }, 120_000, 'the dead letter');
    t.is(letters.length, 1);
    t.is(letters[0]!.durable, PROCESSOR_DURABLE);
    t.is(letters[0]!.subject, 'ticks.raw.manifold');
    t.is(letters[0]!.deliveries, 5);
    t.regex(letters[0]!.reason, /gave up after 5 deliveries: .*(exit|terminated)/i);

    // The operator's typos are named, not answered with an empty list.
    const byConsumer = await opsCli(['deadletters', '--consumer', PROCESSOR_DURABLE], env);
    t.is((byConsumer.json.dead_letters as unknown[]).length, 1);
    const typo = await opsCli(['deadletters', '--consumer', 'procesor'], env);
    t.is(typo.code, 2);
    t.regex(String(typo.json.error), new RegExp(`Unknown consumer "procesor"\\. Consumers: .*${PROCESSOR_DURABLE}`));
    t.is((await opsCli(['deadletters', '--limit', '2.5'], env)).code, 2);
    t.is((await opsCli(['status', 'extra'], env)).code, 2);

    // Every other item went through the same single-thread pool.
    await waitForQuiet(nats.conn, [{ stream: 'raw', durable: PROCESSOR_DURABLE }, { stream: 'markets', durable: projectionDurable('markets') }], 120_000);
    const markets = store.collection<{ _id: string; platform_market_id: string }>('markets');
    const ids = new Set((await markets.find({})).map((m) => m.platform_market_id));
    t.deepEqual([...ids].sort(), [...expected].sort(), 'all markets but the crashing one are served');
    t.false(ids.has(crashItem));

    const status = await opsCli(['status'], env);
    t.is(status.code, 0);
    t.deepEqual(status.json.processes, [], 'the parts run here without a service: no Concord process answers');
    const dl = status.json.dead_letters as { total: number; by_consumer: Record<string, number>; recent: Array<{ reason: string }> };
    t.is(dl.total, 1);
    t.deepEqual(dl.by_consumer, { processor: 1 });
    const consumers = status.json.consumers as Array<{ name: string; lag: number; redelivered: number }>;
    t.is(consumers.find((c) => c.name === PROCESSOR_DURABLE)?.lag, 0, 'the processor is not stuck behind the poison message');

    // The cause fixed, the operator sends it again: applied once, and it leaves the list.
    rmSync(marker);
    const retried = await opsCli(['deadletters', '--retry', String(letters[0]!.id)], env);
    t.is(retried.code, 0, JSON.stringify(retried.json));
    await waitFor(async () => ((await markets.findOne({ platform_market_id: crashItem })) ? true : undefined), 60_000, 'the retried market');
    t.deepEqual((await opsCli(['deadletters'], env)).json.dead_letters, [], 'the retried dead letter left the list');
    const again = await opsCli(['deadletters', '--retry', String(letters[0]!.id)], env);
    t.is(again.code, 1, 'a dead letter already retried is gone');
  } finally {
    await processor.stop();
    await projection.stop();
    await pool.close();
    await store.close();
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
