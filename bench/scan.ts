/**
 * bench:scan — one full arbitrage scan pass (pipeline/scan/scanPass.ts, as the scan role runs it) over 50k
 * canonical questions listed on two or three venues each, as the pass's own `duration_ms` reports it.
 * Target: < 500 ms.
 *
 * Data: markets of the recorded-shape catalogue (bench/support/catalogue.ts) of every venue, grouped into
 * questions of members from different venues, stored in the scanner's own collections of the embedded SQLite
 * store; scoring in the arbitrage worker pool (2 threads); every opportunity change and the scan stats
 * published to a real ARB stream. Order books: none are fetched (a listing-only pass; book fetches are network
 * time bounded by each venue's rate limit and cached for ARB_BOOK_TTL_SECONDS, not scan work).
 * The scanner keeps its working set in memory (pipeline/scan/memory.ts), so a pass reads nothing from the
 * store; a full pass rescores only the questions whose verdicts could have moved (pipeline/scan/resultCache.ts:
 * changed inputs, an end within the 30-day temporal horizon, an expiring quote), found through indexes kept as
 * events arrive and a time-ordered heap, never by checking every question. Steady passes are what the
 * running scanner's full passes cost; the cold passes after a restart score every question (what a pass costs
 * when everything changed), once with the worker pool and once in the main thread, to compare their costs.
 * For scale, in the same run: reading the same questions and their markets from the store (one getMany per 500
 * questions), which a pass no longer does, and loading the working set at a restart.
 * Ratio: target / steady duration (>= 1 meets the target).
 *
 *   npm run bench:scan [-- --scale 0.01]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startLocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { provisionStreams } from '../pipeline/streams/provision.ts';
import { jetStreamPublisher } from '../pipeline/streams/publisher.ts';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { createWorkerPool } from '../pipeline/process/workerPool.ts';
import { runScanPass, type PassReport } from '../pipeline/scan/scanPass.ts';
import { ScannerMemory } from '../pipeline/scan/memory.ts';
import { ensureScannerIndexes, scannerCollections, type ScannerMarket } from '../pipeline/scan/state.ts';
import type { QuestionScanResult, ScanClock, ScanQuestion } from '../shared/arbitrage/types.ts';
import { scanQuestion } from '../shared/arbitrage/detect.ts';
import { groupIntoQuestions, scannerQuestion } from './support/questions.ts';
import { catalogueMarkets } from './support/marketEvents.ts';
import { benchArgs, load, peakRssMiB, ratioLine, scaled, table } from './support/report.ts';

const { scale } = benchArgs();
const QUESTIONS = scaled(50_000, scale, 20);
const TARGET_MS = 500;
const log = pino({ level: 'warn' });

async function main(): Promise<void> {
  console.log(`load average before: ${load()}`);
  const markets = await catalogueMarkets(Math.ceil(QUESTIONS * 2.5));
  const groups = groupIntoQuestions(markets, QUESTIONS);
  const questions = groups.map(scannerQuestion);
  const used = [...new Map(groups.flat().map((m) => [m.id, m])).values()];
  const dir = mkdtempSync(join(tmpdir(), 'concord-bench-scan-'));
  const server = await startLocalNatsServer(join(dir, 'nats'));
  const conn = await connectStreams(server.url, log, 'bench-scan');
  const store = openSqliteStore({ file: join(dir, 'concord.db') });
  const pool = createWorkerPool(new URL('../pipeline/workers/arbitrage.worker.ts', import.meta.url), 2);
  try {
    await provisionStreams(conn.jsm, log);
    const c = scannerCollections(store);
    await ensureScannerIndexes(c);
    const now = new Date();
    await c.markets.putMany(used.map((m): ScannerMarket => ({ _id: m.id, market: { ...m, quoted_at: now.toISOString() }, fetched_at: now.toISOString() })));
    await c.questions.putMany(questions);
    const memory = new ScannerMemory(c);
    await memory.load();
    const deps = {
      memory,
      // No venue's book capability (a listing-only pass): no question waits on a book.
      books: { booksFor: async () => new Map(), requested: 0, serves: () => false },
      score: (qs: readonly unknown[], clock: unknown) => pool.run<QuestionScanResult[]>({ questions: qs, clock }),
      publish: jetStreamPublisher(conn.js),
      log,
      // Quotes stay fresh for the whole run: slow passes on a loaded machine must not turn into a stale-quote sweep.
      staleAfterMs: 24 * 3_600_000,
      recorded: false,
      resolvedRetentionMs: 24 * 3_600_000,
    };

    // Ceiling: only reading what a full pass must read.
    const c0 = performance.now();
    for (let i = 0; i < questions.length; i += 500) {
      const qs = await c.questions.getMany(questions.slice(i, i + 500).map((q) => q._id));
      await c.markets.getMany(qs.flatMap((q) => q.members.map((m) => m.market_id)));
    }
    const floorMs = performance.now() - c0;

    // The first pass finds every opportunity (publishes each as new); the second is the steady state.
    const passes: PassReport[] = [];
    for (let i = 0; i < 3; i++) passes.push(await runScanPass(deps, { ids: [], full: true }));
    const [first, ...steady] = passes;
    const median = steady.map((p) => p.durationMs).sort((a, b) => a - b)[Math.floor(steady.length / 2)]!;

    // A restarted scanner: the working set loaded from the store, nothing known about earlier verdicts, so
    // every question is scored (no change to publish). Once with the worker pool, once in this thread.
    const l0 = performance.now();
    const restarted = new ScannerMemory(c);
    await restarted.load();
    const loadMs = performance.now() - l0;
    const coldWorkers = await runScanPass({ ...deps, memory: restarted }, { ids: [], full: true });
    const again = new ScannerMemory(c);
    await again.load();
    const coldMain = await runScanPass({ ...deps, memory: again, score: async (qs: readonly ScanQuestion[], clock: ScanClock) => qs.map((q) => scanQuestion(q, clock)) }, { ids: [], full: true });

    console.log(`questions: ${questions.length.toLocaleString('en-US')} (${used.length.toLocaleString('en-US')} markets), scale ${scale}`);
    table([
      ['measure', 'duration_ms', 'rescored', 'opportunity changes', 'live opportunities'],
      ['floor: read questions and markets only', floorMs, '-', '-', '-'],
      ['scan: first full pass (all new)', first!.durationMs, first!.rescanned - first!.unchanged, first!.changes, first!.stats.total_opportunities],
      ...steady.map((p, i) => [`scan: full pass ${i + 2} (steady)`, p.durationMs, p.rescanned - p.unchanged, p.changes, p.stats.total_opportunities] as const),
      ['restart: load the working set from the store', loadMs, '-', '-', '-'],
      ['scan: cold full pass after restart, 2 workers', coldWorkers.durationMs, coldWorkers.rescanned - coldWorkers.unchanged, coldWorkers.changes, coldWorkers.stats.total_opportunities],
      ['scan: cold full pass after restart, main thread', coldMain.durationMs, coldMain.rescanned - coldMain.unchanged, coldMain.changes, coldMain.stats.total_opportunities],
    ]);
    console.log(`peak RSS: ${peakRssMiB().toFixed(0)} MiB; target duration_ms < ${TARGET_MS}: ${median < TARGET_MS ? 'met' : 'missed'} (steady median ${median.toFixed(0)} ms)`);
    console.log(`load average after: ${load()}`);
    ratioLine('scan', TARGET_MS / median, 1);
  } finally {
    await pool.close();
    await store.close();
    await conn.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
