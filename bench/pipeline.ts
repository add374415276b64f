/**
 * bench:pipeline — a 200k-market catalogue through Concord's pipeline, against the honest two-hop JetStream
 * ceiling measured in the same run on the same nats-server.
 *
 * Catalogue: copies of every recorded catalogue item of every venue (bench/support/catalogue.ts), each parsed
 * by its venue's real parser; raw ticks until they hold 200k markets.
 * Concord: the bench publishes the ticks to RAW as ingest does (a page at a time, acks awaited per page), and one
 * process runs the process, project and link roles exactly as `npm start` composes them (bin/services.ts):
 * workers (Piscina) parse, normalised markets go to MARKETS, every projection and the linker (embeddings in
 * the embed pool, cached) consume them. Done = every durable on RAW, MARKETS and LINKS has nothing pending.
 * The clock starts once the services have started (as `npm start` reports ready: the process role's worker
 * threads have loaded their modules); the start-up is printed apart and counted once in the 200k time.
 * Ceiling (bench/support/jetstreamCeiling.ts): as many messages as markets, of the raw ticks' own bytes,
 * through two hops with the client's best practice (async publishes with acks awaited per 1,000, pull
 * consumers buffering 1,000, AckPolicy.All acked per 1,000, noAsyncTraces).
 *
 *   npm run bench:pipeline [-- --scale 0.01] [-- --roles process,project]   (BENCH_SCALE works too)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { startLocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { inboxPublisher } from '../pipeline/streams/inboxPublisher.ts';
import { startServices } from '../bin/services.ts';
import { loadConfig, type Role } from '../shared/config.ts';
import { subjects, STREAMS } from '../shared/streams/subjects.ts';
import { ensureEmbeddingModel } from '../adapters/embedder/createEmbedder.ts';
import { buildCatalogue } from './support/catalogue.ts';
import { measureTwoHopCeiling } from './support/jetstreamCeiling.ts';
import { cpuSecondsOfPid, threadCpuSeconds, threadCpuSince } from './support/threadCpu.ts';
import { benchArgs, load, peakRssMiB, peakRssOfPid, ratioLine, scaled, table, waitFor } from './support/report.ts';

const { scale, values } = benchArgs({ roles: { type: 'string', default: 'process,project,link' }, workers: { type: 'string', default: '2' }, trace: { type: 'boolean', default: false } });
const TARGET_MARKETS = scaled(200_000, scale, 50);
const ROLES = String(values.roles).split(',') as Role[];
const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const PAGE = 1_000;

async function main(): Promise<void> {
  console.log(`load average before: ${load()}`);
  const cat = await buildCatalogue(TARGET_MARKETS);
  const payloads = cat.ticks.map((t) => Buffer.from(JSON.stringify(t)));
  // The ceiling carries as many messages as the pipeline produces markets, cycling the ticks' bytes.
  const ceilingPayloads = Array.from({ length: cat.markets }, (_, i) => payloads[i % payloads.length]!);
  const modelPath = await ensureEmbeddingModel({ DATA_DIR: resolve('data') }, log);

  const dir = mkdtempSync(join(tmpdir(), 'concord-bench-pipeline-'));
  const server = await startLocalNatsServer(join(dir, 'nats'));
  try {
    const ceiling = await measureTwoHopCeiling(server.url, ceilingPayloads);

    const config = loadConfig({
      DATA_DIR: join(dir, 'data'),
      NATS_URL: server.url,
      LOG_LEVEL: 'warn',
      EMBEDDING_MODEL: modelPath,
      WORKERS: String(values.workers),
      HISTORY_BACKFILL: 'off',
    });
    // Started and ready before the clock starts (the process role's worker threads have loaded their modules):
    // a one-time cost, printed apart and counted once in the 200k-equivalent time.
    const startAt = performance.now();
    const svc = await startServices(config, ROLES, log);
    const startup = (performance.now() - startAt) / 1000;
    const conn = await connectStreams(server.url, log, 'bench-ingest');
    // The ingest role's publisher (bin/services.ts): one reply subscription for every publish's ack.
    const ingest = inboxPublisher(conn.nc);
    const publish = ingest.publish;
    const caughtUp = async (stream: string): Promise<boolean> => {
      const info = await conn.jsm.streams.info(stream);
      if (info.state.messages === 0) return false;
      for await (const c of conn.jsm.consumers.list(stream)) if (c.num_pending > 0 || c.num_ack_pending > 0) return false;
      return true;
    };
    const markets = svc.store.collection('markets');

    // --trace: every durable's backlog every 2 s (which consumer holds the pipeline back).
    const trace = values.trace
      ? setInterval(() => {
          void (async () => {
            const parts: string[] = [];
            for (const st of [STREAMS.raw.name, STREAMS.markets.name, STREAMS.links.name]) {
              for await (const c of conn.jsm.consumers.list(st)) parts.push(`${c.name}=${c.num_pending + c.num_ack_pending}`);
            }
            console.log(`[${((performance.now() - t0) / 1000).toFixed(0)} s] ${parts.join(' ')}`);
          })().catch(() => undefined);
        }, 2_000)
      : undefined;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const threads0 = threadCpuSeconds();
    const elu0 = performance.eventLoopUtilization();
    const natsCpu0 = cpuSecondsOfPid(server.pid);
    for (let i = 0; i < cat.ticks.length; i += PAGE) {
      await Promise.all(cat.ticks.slice(i, i + PAGE).map((t) => publish(subjects.raw(t.venue), t, `${t.venue}:${t.item_id}:${t.content_hash}`)));
    }
    const published = (performance.now() - t0) / 1000;
    let projectedAt = 0;
    await waitFor(async () => {
      if (!(await caughtUp(STREAMS.raw.name)) || !(await caughtUp(STREAMS.markets.name))) return false;
      projectedAt ||= performance.now();
      return !ROLES.includes('link') || (await caughtUp(STREAMS.links.name));
    }, 'pipeline drained', 3_600_000, 100);
    clearInterval(trace);
    const cpu = process.cpuUsage(cpu0);
    const threads = threadCpuSince(threads0);
    const elu = performance.eventLoopUtilization(elu0);
    const natsCpu1 = cpuSecondsOfPid(server.pid);
    const total = (performance.now() - t0) / 1000;
    const projected = (projectedAt - t0) / 1000;
    const stored = await markets.count();
    const questions = ROLES.includes('link') ? await svc.store.collection('questions').count() : 0;
    ingest.close();
    await conn.close();
    await svc.stop();

    const perSecond = stored / total;
    console.log(`catalogue: ${cat.ticks.length} raw items -> ${cat.markets} markets; ${Object.entries(cat.byVenue).map(([v, c]) => `${v} ${c.markets}`).join(', ')}`);
    console.log(`roles: ${ROLES.join(',')}, workers: ${String(values.workers)}, scale: ${scale}`);
    table([
      ['measure', 'seconds', 'per second'],
      ['ceiling: JetStream publish only (acks per 1,000)', ceiling.messages / ceiling.publishPerSecond, ceiling.publishPerSecond],
      ['ceiling: JetStream two hops, no work', ceiling.seconds, ceiling.perSecond],
      ['concord: ticks published to RAW', published, cat.ticks.length / published],
      ['concord: markets projected (RAW+MARKETS drained)', projected, stored / projected],
      ['concord: projected and linked (all drained)', total, perSecond],
    ]);
    console.log(`services started in ${startup.toFixed(1)} s (not in the times above)`);
    console.log(`markets stored: ${stored}, questions: ${questions}, 200k-equivalent time: ${(startup + (total * 200_000) / Math.max(1, stored)).toFixed(0)} s, start-up included once (target < 60 s)`);
    // CPU per market moves less with the machine's load than wall time: the figure to compare code with.
    const perMarketUs = (seconds: number) => ((seconds * 1e6) / Math.max(1, stored)).toFixed(0);
    const natsCpu = natsCpu0 !== null && natsCpu1 !== null ? natsCpu1 - natsCpu0 : null;
    console.log(
      `CPU per market: concord process ${perMarketUs((cpu.user + cpu.system) / 1e6)} us (every thread, the bench's own ingest publishes included), nats-server ${natsCpu === null ? 'n/a' : perMarketUs(natsCpu) + ' us'}`,
    );
    // By thread: the main thread (its id is the pid; the bench's ingest runs there too), then the busiest others
    // (the two normalising workers, V8's compiler threads, the store's writer and checkpointer threads).
    const main = threads.find((t) => t.tid === process.pid);
    const others = threads.filter((t) => t.tid !== process.pid && t.seconds > 0.05);
    if (main) {
      console.log(
        `CPU per market by thread: main ${perMarketUs(main.seconds)} us (event loop ${(elu.utilization * 100).toFixed(0)}% busy), others ${others
          .slice(0, 6)
          .map((t) => `${perMarketUs(t.seconds)}`)
          .join(' / ')} us (busiest first), all others ${perMarketUs(others.reduce((a, t) => a + t.seconds, 0))} us`,
      );
    }
    const natsPeak = peakRssOfPid(server.pid);
    console.log(`peak RSS: concord process ${peakRssMiB().toFixed(0)} MiB (catalogue held by the bench included), nats-server ${natsPeak === null ? 'n/a' : natsPeak.toFixed(0) + ' MiB'}`);
    console.log(`load average after: ${load()}`);
    ratioLine('pipeline', perSecond / ceiling.perSecond, 0.5);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
