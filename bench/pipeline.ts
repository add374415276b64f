/**
 * bench:pipeline — raw ticks through the processing role (Piscina parsers) and the markets
 * projection, against a ceiling measured in the same run: the same messages published to and
 * consumed from JetStream with no work (publish → consume+ack → publish → consume+ack).
 *
 *   npm run bench:pipeline [-- --items 4000 --workers 2]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { startLocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { provisionDurable, provisionStreams } from '../pipeline/streams/provision.ts';
import { jetStreamPublisher } from '../pipeline/streams/publisher.ts';
import { runConsumer, ACK } from '../pipeline/streams/consume.ts';
import { createWorkerPool } from '../pipeline/process/workerPool.ts';
import { startProcessor } from '../pipeline/process/processor.ts';
import { startProjection } from '../projections/runProjection.ts';
import { marketsProjection } from '../projections/markets/projection.ts';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { contentHash } from '../shared/contentHash.ts';
import type { RawTick } from '../shared/events.ts';

const { values } = parseArgs({ options: { items: { type: 'string', default: '4000' }, workers: { type: 'string', default: '2' } } });
const N = Number(values.items);
const WORKERS = Number(values.workers);
const log = pino({ level: 'warn' });

const page = JSON.parse(readFileSync(new URL('../pipeline/venues/polymarket/recorded/markets-keyset-p1.json', import.meta.url), 'utf8')) as {
  markets: Record<string, unknown>[];
};
const ticks: RawTick[] = Array.from({ length: N }, (_, i) => {
  const base = page.markets[i % page.markets.length]!;
  const payload = { ...base, id: `${String(base.id)}-${i}`, question: `${String(base.question)} (#${i})` };
  return { type: 'raw_tick', venue: 'polymarket', item_id: payload.id, content_hash: contentHash(payload), fetched_at: new Date().toISOString(), payload };
});

async function waitFor(cond: () => Promise<boolean>, label: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'concord-bench-'));
  const server = await startLocalNatsServer(join(dir, 'nats'));
  const conn = await connectStreams(server.url, log);
  await provisionStreams(conn.jsm, log);
  const publish = jetStreamPublisher(conn.js);
  const store = openSqliteStore({ file: join(dir, 'bench.db') });
  try {
    // Ceiling: the same payloads through two JetStream hops, no parsing, no store.
    await provisionDurable(conn.jsm, { stream: 'venues', durable: 'bench-hop1', filterSubject: 'venues.health.azuro' });
    await provisionDurable(conn.jsm, { stream: 'venues', durable: 'bench-hop2', filterSubject: 'venues.health.drift' });
    let done = 0;
    const t0 = performance.now();
    const hop1 = runConsumer({ conn, stream: 'venues', durable: 'bench-hop1', log, concurrency: WORKERS * 4, handle: async (data) => (await conn.js.publish('venues.health.drift', data), ACK) });
    const hop2 = runConsumer({ conn, stream: 'venues', durable: 'bench-hop2', log, handle: async () => (done++, ACK) });
    await Promise.all(ticks.map((tick) => publish('venues.health.azuro', tick)));
    await waitFor(async () => done >= N, 'ceiling');
    const ceilingSeconds = (performance.now() - t0) / 1000;
    await hop1.stop();
    await hop2.stop();

    // Concord: raw ticks → workers (parse) → MARKETS → markets projection in the store.
    const pool = createWorkerPool(new URL('../pipeline/workers/normalize.worker.ts', import.meta.url), WORKERS);
    await pool.run({ venue: 'polymarket', item_id: 'warm', payload: ticks[0]!.payload, fetched_at: ticks[0]!.fetched_at });
    const processor = await startProcessor({ conn, store, pool, publish, log });
    const projection = await startProjection(conn, store, marketsProjection, log);
    const markets = store.collection(marketsProjection.collection);
    const t1 = performance.now();
    await Promise.all(ticks.map((tick) => publish(`ticks.raw.polymarket`, tick, `${tick.item_id}:${tick.content_hash}`)));
    await waitFor(async () => (await markets.count()) >= N, 'pipeline');
    const pipelineSeconds = (performance.now() - t1) / 1000;
    await processor.stop();
    await projection.stop();
    await pool.close();

    const ceiling = N / ceilingSeconds;
    const concord = N / pipelineSeconds;
    console.log(`items: ${N}, workers: ${WORKERS}`);
    console.log(`ceiling (bare JetStream, two hops, no work): ${ceiling.toFixed(0)} msg/s`);
    console.log(`concord (parse in workers + publish + project to SQLite): ${concord.toFixed(0)} markets/s`);
    console.log(`ratio concord/ceiling: ${(concord / ceiling).toFixed(3)}`);
  } finally {
    await store.close();
    await conn.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
