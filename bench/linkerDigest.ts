/**
 * Diagnostic, not a bench: the linker's whole output over the bench's catalogue, as SHA-256 digests, so that two
 * versions of the linking code can be compared (run it on each, compare the lines). The catalogue's markets are
 * linked in runs of LINK_MAX_RUN as the link role takes them (linker.handleRun, the embed pool and the cache
 * startLinker uses, the structural verifier, SQLite in a temp dir, the embedded vector index), in one fixed order
 * and at one fixed time, so two runs of the same code give the same lines (the live pipeline's MARKETS order is
 * not fixed, so bench/pipelineDigest.ts leaves the linker out). Printed: every question snapshot published, in
 * order, and every document of `linker_markets`, `linker_questions` and `linker_keys` sorted by `_id`; also the
 * linking's wall time, its main thread's and the whole process's CPU per market (no ceiling: a profile harness,
 * `node --cpu-prof`). The propositions are read on the thread startLinker gives them; `--here` reads them on the
 * linker's thread, as before finding 57 (the digests must not differ).
 *
 * Also printed: how many propositions the linker's thread read itself (its map's misses; finding 59). `--counters`
 * prints, for every 2,000 markets linked (or `--window n`), the comparisons, vector searches, key-index rows and
 * linker reads per market and their time (bench/support/linkerCounters.ts), to see what grows with the catalogue.
 *
 *   node --import tsx bench/linkerDigest.ts [--scale 0.01] [--here] [--counters] [--window 2000]   (1 = 200k markets)
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { createEmbeddedVectorIndex } from '../adapters/vector/embeddedVectorIndex.ts';
import { ensureEmbeddingModel } from '../adapters/embedder/createEmbedder.ts';
import { cachedEmbedder } from '../adapters/embedder/cachedEmbedder.ts';
import { createLinker } from '../pipeline/matching/linker/linker.ts';
import { overrideSource } from '../pipeline/matching/linker/overrides.ts';
import { structuralVerifier } from '../pipeline/matching/linker/structuralVerifier.ts';
import type { VerifierFns } from '../pipeline/matching/linker/verdict.ts';
import { sharedEmbedPool } from '../pipeline/matching/linker/embedPool.ts';
import { createPoolEmbedder, storeEmbeddingCache } from '../pipeline/matching/linker/poolEmbedder.ts';
import { extractOnPool, sharedPropositionPool } from '../pipeline/matching/linker/propositionPool.ts';
import { LINK_MAX_RUN } from '../pipeline/matching/linker/startLinker.ts';
import { LINKER_KEYS } from '../pipeline/matching/linker/keyIndex.ts';
import { LINKER_MARKETS, LINKER_QUESTIONS } from '../pipeline/matching/linker/state.ts';
import type { Doc } from '../shared/ports/documentStore.ts';
import { catalogueMarkets } from './support/marketEvents.ts';
import { benchArgs, load, scaled } from './support/report.ts';
import { threadCpuSeconds, threadCpuSince } from './support/threadCpu.ts';
import { LinkerCounters } from './support/linkerCounters.ts';

const { scale, values } = benchArgs({ here: { type: 'boolean' }, counters: { type: 'boolean' }, window: { type: 'string' } });
const MARKETS = scaled(200_000, scale, 200);
const AT = '2026-11-01T00:00:00.000Z';
const log = pino({ level: 'warn' });

/** CPU seconds of the main thread (utime + stime of its task), NaN off Linux. */
const mainThreadCpuSec = (): number => {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
};

async function main(): Promise<void> {
  console.log(`load average before: ${load()}`);
  const modelPath = await ensureEmbeddingModel({ DATA_DIR: resolve('data') }, log);
  const markets = await catalogueMarkets(MARKETS, AT);
  const pool = sharedEmbedPool(modelPath, 'warn');
  const propositions = values.here ? null : sharedPropositionPool('warn');
  await propositions?.warmUp();
  const dir = mkdtempSync(join(tmpdir(), 'concord-linker-digest-'));
  const store = openSqliteStore({ file: join(dir, 'linker.db') });
  try {
    const embedder = cachedEmbedder(await createPoolEmbedder(pool, modelPath), { store: storeEmbeddingCache(store) });
    const index = createEmbeddedVectorIndex({ dimension: embedder.dimension, logger: log });
    const counters = values.counters ? new LinkerCounters() : null;
    const windowSize = Number(values.window ?? 2000);
    const published = createHash('sha256');
    let snapshots = 0;
    // Propositions read on the linker's own thread: candidates missing from its in-memory map (and, with --here, every new market).
    let readHere = 0;
    const counted: VerifierFns = { ...structuralVerifier, extract: (ref) => (readHere++, structuralVerifier.extract(ref)) };
    const verifier = counters ? counters.verifier(counted) : counted;
    const linker = createLinker({
      store: counters ? counters.store(store) : store,
      index: counters ? counters.index(index) : index,
      embed: (t) => embedder.embed(t),
      ...(propositions ? { extractElsewhere: extractOnPool(propositions) } : {}),
      verifier,
      publish: async (subject, payload) => {
        published.update(`${subject}\n${JSON.stringify(payload)}\n`);
        snapshots++;
      },
      overrides: overrideSource(store),
      log,
    });
    const cpu = mainThreadCpuSec();
    const processCpu = process.cpuUsage();
    const threads = threadCpuSeconds();
    const started = performance.now();
    let windowStart = 0;
    let windowCpu = mainThreadCpuSec();
    for (let i = 0; i < markets.length; i += LINK_MAX_RUN) {
      const run = markets.slice(i, i + LINK_MAX_RUN).map((m) => ({
        event: { type: 'market_normalized' as const, market: m, source: { item_id: m.platform_market_id, content_hash: 'digest', fetched_at: AT } },
        redelivered: false,
      }));
      await linker.handleRun(run);
      const linked = i + run.length;
      if (counters && (linked - windowStart >= windowSize || linked === markets.length)) {
        const n = linked - windowStart;
        const now = mainThreadCpuSec();
        console.log(`markets ${windowStart}-${linked}: main thread ${(((now - windowCpu) * 1000) / n).toFixed(2)} ms per market`);
        for (const line of counters.lines(n)) console.log(line);
        counters.reset();
        windowStart = linked;
        windowCpu = now;
      }
    }
    const sec = (performance.now() - started) / 1000;
    const cpuMs = ((mainThreadCpuSec() - cpu) * 1000) / markets.length;
    const used = process.cpuUsage(processCpu);
    const processMs = (used.user + used.system) / 1000 / markets.length;
    console.log(
      `${markets.length} markets linked in runs of ${LINK_MAX_RUN} (propositions read ${propositions ? 'on their own thread' : "on the linker's thread"}): ` +
        `${sec.toFixed(1)} s, ${Math.round(markets.length / sec)} markets/s, main thread ${cpuMs.toFixed(2)} ms per market, process ${processMs.toFixed(2)} ms (scale ${scale})`,
    );
    console.log(`propositions read on the linker's thread: ${readHere}`);
    const busiest = threadCpuSince(threads).slice(0, 8);
    const comm = (tid: number): string => {
      try {
        return readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      } catch {
        return '?';
      }
    };
    console.log(`CPU per market by thread (ms, busiest first): ${busiest.map((t) => `${t.tid === process.pid ? 'main' : comm(t.tid)} ${((t.seconds * 1000) / markets.length).toFixed(2)}`).join(', ')}`);
    console.log(`${'snapshots published'.padEnd(24)} ${String(snapshots).padStart(8)} ${published.digest('hex')}`);
    for (const name of [LINKER_MARKETS, LINKER_QUESTIONS, LINKER_KEYS]) {
      const docs = await store.collection<Doc>(name).find({}, { sort: [['_id', 1]] });
      console.log(`${name.padEnd(24)} ${String(docs.length).padStart(8)} ${createHash('sha256').update(JSON.stringify(docs)).digest('hex')}`);
    }
    console.log(`load average after: ${load()}`);
    await index.close();
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
