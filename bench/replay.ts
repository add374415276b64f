/**
 * bench:replay — `npm run replay -- --all` as an operator runs it: a full rebuild of every read model from
 * 1M stream messages (MARKETS snapshots of the recorded-shape catalogue: 50k markets, 20 polls each), against
 * the ceiling measured in the same run on the same stream.
 *
 * Ceiling: reading the same 1M messages with the best the `nats` client offers for a whole-stream read, the
 * ordered consumer (ephemeral, flow-controlled, no acks) consuming 4,000 at a time, doing nothing with them
 * (noAsyncTraces connection). Concord: pipeline/ops/replay.ts with every replayable read model (decode,
 * batches of 250 (a full rebuild's default) into `_rebuild` collections of the embedded SQLite store, swap).
 *
 * A rebuild holds its documents in memory across batches (pipeline/ops/rebuildCache.ts): `--held <n>` sets how
 * many it holds before writing and forgetting them (default DEFAULT_HELD_DOCUMENTS), to measure the bound.
 * `BENCH_CPU_PROF=<dir>` writes a V8 CPU profile of the replay alone (not the stream fill) there.
 *
 *   npm run bench:replay [-- --scale 0.01] [--held 5000]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startLocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { provisionStreams } from '../pipeline/streams/provision.ts';
import { readStream } from '../pipeline/ops/streamReader.ts';
import { DEFAULT_HELD_DOCUMENTS, replay } from '../pipeline/ops/replay.ts';
import { allReplayables } from '../pipeline/ops/replayables.ts';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { STREAMS, subjects } from '../shared/streams/subjects.ts';
import { catalogueMarkets, snapshotOf } from './support/marketEvents.ts';
import { benchArgs, load, peakRssMiB, ratioLine, scaled, table, waitFor } from './support/report.ts';
import { cpuSecondsOfPid, threadCpuSeconds, threadCpuSince } from './support/threadCpu.ts';

const { scale, values } = benchArgs({ held: { type: 'string' } });
const held = values.held === undefined ? undefined : Number(values.held);
const MARKETS = scaled(50_000, scale, 20);
const POLLS = 20;
const log = pino({ level: 'warn' });

async function main(): Promise<void> {
  console.log(`load average before: ${load()}`);
  const markets = await catalogueMarkets(MARKETS);
  const total = markets.length * POLLS;
  const dir = mkdtempSync(join(tmpdir(), 'concord-bench-replay-'));
  const server = await startLocalNatsServer(join(dir, 'nats'));
  const conn = await connectStreams(server.url, log, 'bench-replay');
  const store = openSqliteStore({ file: join(dir, 'concord.db') });
  try {
    await provisionStreams(conn.jsm, log);
    // Filling the stream is set-up, not measured: core publishes, flushed every 5,000.
    const start = Date.now() - POLLS * 60_000;
    let bytes = 0;
    for (let k = 0; k < POLLS; k++) {
      for (let i = 0; i < markets.length; i++) {
        const m = markets[i]!;
        const data = JSON.stringify(snapshotOf(m, k, start, 60_000));
        bytes += data.length;
        conn.nc.publish(subjects.normalized(m.platform_slug), data);
        if ((k * markets.length + i) % 5_000 === 4_999) await conn.nc.flush();
      }
    }
    await conn.nc.flush();
    await waitFor(async () => (await conn.jsm.streams.info(STREAMS.markets.name)).state.messages >= total, 'stream filled', 600_000, 200);

    const cpu0 = process.cpuUsage();
    const threads0 = threadCpuSeconds();
    const nats0 = cpuSecondsOfPid(server.pid);
    const c0 = performance.now();
    const read = await readStream(conn, STREAMS.markets.name, { start: { kind: 'first' }, batchSize: 4_000, onBatch: async () => undefined });
    const ceilingSeconds = (performance.now() - c0) / 1000;
    const ceilingCpu = process.cpuUsage(cpu0);
    const ceilingThreads = threadCpuSince(threads0);
    const nats1 = cpuSecondsOfPid(server.pid);

    const rssBefore = process.memoryUsage().rss / 2 ** 20;
    const cpu1 = process.cpuUsage();
    const threads1 = threadCpuSeconds();
    const profiler = process.env.BENCH_CPU_PROF ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const summary = await replay({ conn, store, replayables: allReplayables(), start: null, dryRun: false, live: false, log, ...(held ? { heldDocuments: held } : {}) });
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      const dirOut = process.env.BENCH_CPU_PROF as string;
      mkdirSync(dirOut, { recursive: true });
      writeFileSync(join(dirOut, `replay-${Date.now()}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
    }
    const replayCpu = process.cpuUsage(cpu1);
    const replayThreads = threadCpuSince(threads1);
    const nats2 = cpuSecondsOfPid(server.pid);
    const seconds = summary.duration_ms / 1000;
    const perSecond = summary.messages / seconds;
    const ceiling = read.read / ceilingSeconds;

    console.log(`stream: ${total.toLocaleString('en-US')} MARKETS messages (${markets.length} markets x ${POLLS} polls), ${(bytes / total).toFixed(0)} bytes each on average; scale ${scale}`);
    table([
      ['measure', 'messages', 'seconds', 'messages/s'],
      ['ceiling: ordered consumer read, no work', read.read, ceilingSeconds, ceiling],
      ['concord: replay --all (full rebuild)', summary.messages, seconds, perSecond],
    ]);
    // This process's CPU time (user + system) per message: what a share of a loaded core changes least.
    const usPerMessage = (c: NodeJS.CpuUsage, n: number) => ((c.user + c.system) / Math.max(1, n)).toFixed(1);
    console.log(`CPU of this process per message: ceiling ${usPerMessage(ceilingCpu, read.read)} us, replay ${usPerMessage(replayCpu, summary.messages)} us`);
    // The main thread bounds the rate; the others are V8's collector helpers and SQLite's checkpointer (Linux /proc,
    // ticks of 10 ms, so per message only at the larger scales). nats-server's own CPU for the same messages beside it.
    const split = (threads: Array<{ tid: number; seconds: number }>, n: number, nats: number | null) => {
      const main = threads.find((t) => t.tid === process.pid)?.seconds ?? 0;
      const others = threads.reduce((sum, t) => sum + (t.tid === process.pid ? 0 : t.seconds), 0);
      const us = (s: number) => ((s * 1e6) / Math.max(1, n)).toFixed(1);
      return `main thread ${us(main)} us, other threads ${us(others)} us, nats-server ${nats === null ? 'n/a' : us(nats) + ' us'}`;
    };
    if (ceilingThreads.length > 0) {
      console.log(`  by thread, per message: ceiling ${split(ceilingThreads, read.read, nats0 !== null && nats1 !== null ? nats1 - nats0 : null)}`);
      console.log(`  by thread, per message: replay ${split(replayThreads, summary.messages, nats1 !== null && nats2 !== null ? nats2 - nats1 : null)}`);
    }
    table([['read model', 'applied', 'documents'], ...summary.projections.filter((p) => p.applied > 0).map((p) => [p.name, p.applied, p.documents ?? 0])]);
    console.log(`RSS before the replay ${rssBefore.toFixed(0)} MiB (catalogue built, stream filled); held documents cap ${held ?? DEFAULT_HELD_DOCUMENTS}`);
    console.log(`peak RSS: ${peakRssMiB().toFixed(0)} MiB; target >= 30,000 messages/s: ${perSecond >= 30_000 ? 'met' : 'missed'}`);
    console.log(`load average after: ${load()}`);
    ratioLine('replay', perSecond / ceiling, 0.32);
  } finally {
    await store.close();
    await conn.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
