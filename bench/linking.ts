/**
 * bench:linking — the linker alone (pipeline/matching/linker), as the link role runs it: the catalogue's
 * markets linked in runs (linker.handleRun, runs of LINK_MAX_RUN as startLinker takes them from the stream),
 * then new markets linked one at a time against the full index, each timed (p50/p99: what one market that
 * arrives alone waits), and the same catalogue linked one at a time on a fresh store for comparison.
 * Candidate recall: for up to RECALL_QUERIES of the new markets, the embedded index's 24 neighbours of other
 * venues (an HNSW graph past 10k vectors, an exact scan below) against an exact cosine scan of the same vectors
 * written apart (bench/support/candidateRecall.ts): recall@24, and how many of the exact 5 nearest are among the
 * 24 candidates (the verifier only ever sees what the index proposes).
 *
 * Store: SQLite in a temp dir (the embedded default); vector index: the embedded one; embeddings: the embed
 * worker pool with the cache startLinker uses; verifier: the structural one, its propositions read on the
 * thread startLinker gives them (propositionPool.ts, warmed before the first run as the role does). Markets: the recorded-shape
 * catalogue (bench/support/catalogue.ts), every venue. Question publishes go nowhere (no NATS here: the
 * pipeline bench measures the stream side).
 * Ceiling (same run, same markets): the tools the linker cannot do without and nothing else: one batched
 * embedding call per run into a bare model, then for each market one nearest-neighbour search (k 24, other
 * venues) and one upsert into a fresh embedded index. Ceiling and linker take turns run by run (which goes
 * first alternates), so the shared machine's load swings hit both alike; the linker's main-thread CPU per
 * market is printed too (steadier than wall time under load).
 *
 *   npm run bench:linking [-- --scale 0.01]   (1 = 200k markets indexed; BENCH_SCALE works too)
 */
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
import { sharedEmbedPool } from '../pipeline/matching/linker/embedPool.ts';
import { createPoolEmbedder, storeEmbeddingCache } from '../pipeline/matching/linker/poolEmbedder.ts';
import { extractOnPool, sharedPropositionPool } from '../pipeline/matching/linker/propositionPool.ts';
import { LINK_MAX_RUN } from '../pipeline/matching/linker/startLinker.ts';
import { embeddingText, toMarketRef } from '../pipeline/matching/linker/marketRef.ts';
import { isZeroVector } from '../shared/ports/embedder.ts';
import type { MarketNormalized } from '../shared/events.ts';
import type { NormalizedMarket } from '../shared/types/market.ts';
import { catalogueMarkets } from './support/marketEvents.ts';
import { ExactNeighbours, recallOf } from './support/candidateRecall.ts';
import { benchArgs, load, peakRssMiB, ratioLine, scaled, table } from './support/report.ts';

const { scale } = benchArgs();
const INDEXED = scaled(200_000, scale, 200);
const ALONE = scaled(20_000, scale, 100); // new markets linked one at a time against the full index
/** Queries whose candidates are checked against an exact scan (each scan reads every indexed vector). */
const RECALL_QUERIES = 500;
/** Neighbours the linker asks the index for (pipeline/matching/linker). */
const K = 24;
const log = pino({ level: 'warn' });

const pct = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
/** CPU seconds of this (the main) thread, which the embed pool's thread does not count in; NaN off Linux. */
const mainThreadCpuSec = (): number => {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
};
const eventOf = (m: NormalizedMarket, at: string): MarketNormalized => ({ type: 'market_normalized', market: m, source: { item_id: m.platform_market_id, content_hash: 'bench', fetched_at: at } });

async function main(): Promise<void> {
  console.log(`load average before: ${load()}`);
  const modelPath = await ensureEmbeddingModel({ DATA_DIR: resolve('data') }, log);
  const at = new Date().toISOString();
  const all = await catalogueMarkets(INDEXED + ALONE, at);
  const indexed = all.slice(0, INDEXED);
  const alone = all.slice(INDEXED);
  const pool = sharedEmbedPool(modelPath, 'warn');
  const bare = await createPoolEmbedder(pool, modelPath);
  const propositions = sharedPropositionPool('warn');
  await propositions.warmUp();
  const dir = mkdtempSync(join(tmpdir(), 'concord-bench-linking-'));

  const linkerOn = (file: string) => {
    const store = openSqliteStore({ file: join(dir, file) });
    const embedder = cachedEmbedder(bare, { store: storeEmbeddingCache(store) });
    const index = createEmbeddedVectorIndex({ dimension: embedder.dimension, logger: log });
    const linker = createLinker({ store, index, embed: (t) => embedder.embed(t), extractElsewhere: extractOnPool(propositions), verifier: structuralVerifier, publish: async () => undefined, overrides: overrideSource(store), log });
    return { linker, close: () => Promise.all([store.close(), index.close()]) };
  };

  try {
    // Ceiling (batched embedding, then search + upsert per market, on bare tools) and the linker in runs, run by
    // run in turns (which goes first alternates), so a swing of the shared machine's load hits both alike.
    const ceilIndex = createEmbeddedVectorIndex({ dimension: bare.dimension, logger: log });
    const exact = new ExactNeighbours();
    const ceilingRun = async (chunk: readonly NormalizedMarket[]) => {
      const vectors = await bare.embed(chunk.map((m) => embeddingText(toMarketRef(m))));
      for (let j = 0; j < chunk.length; j++) {
        const m = chunk[j]!;
        if (isZeroVector(vectors[j]!)) continue; // no known word: the linker skips the index too
        await ceilIndex.search(vectors[j]!, { k: K, filter: { venue_ne: m.platform_slug } });
        await ceilIndex.upsert([{ id: m.id, vector: vectors[j]!, payload: { venue: m.platform_slug, category: m.category, end_time_ms: null } }]);
        exact.add(m.id, vectors[j]!, m.platform_slug);
      }
    };
    const main = linkerOn('runs.db');
    const linkerRun = (chunk: readonly NormalizedMarket[]) => main.linker.handleRun(chunk.map((m) => ({ event: eventOf(m, at), redelivered: false })));
    let ceilingSec = 0;
    let runsSec = 0;
    let runsCpuSec = 0;
    for (let i = 0, n = 0; i < indexed.length; i += LINK_MAX_RUN, n++) {
      const chunk = indexed.slice(i, i + LINK_MAX_RUN);
      for (const which of n % 2 === 0 ? ['ceiling', 'linker'] : ['linker', 'ceiling']) {
        const cpu = mainThreadCpuSec();
        const s = performance.now();
        await (which === 'ceiling' ? ceilingRun(chunk) : linkerRun(chunk));
        if (which === 'ceiling') ceilingSec += (performance.now() - s) / 1000;
        else {
          runsSec += (performance.now() - s) / 1000;
          runsCpuSec += mainThreadCpuSec() - cpu;
        }
      }
    }
    const searchMs: number[] = [];
    const aloneVectors = await bare.embed(alone.map((m) => embeddingText(toMarketRef(m))));
    // Candidate recall: for a sample of the new markets, the index's k neighbours (other venues) against an exact
    // scan of the same vectors; the similarity of what the index found is read from the exact side.
    const recall24: number[] = [];
    const recall5: number[] = [];
    const every = Math.max(1, Math.floor(alone.length / RECALL_QUERIES));
    for (let i = 0; i < alone.length; i++) {
      if (isZeroVector(aloneVectors[i]!)) continue;
      const s = performance.now();
      const found = await ceilIndex.search(aloneVectors[i]!, { k: K, filter: { venue_ne: alone[i]!.platform_slug } });
      searchMs.push(performance.now() - s);
      if (i % every !== 0) continue;
      const truth = exact.top(aloneVectors[i]!, K, alone[i]!.platform_slug);
      const scored = found.map((f) => ({ id: f.id, score: exact.similarity(f.id, aloneVectors[i]!) }));
      recall24.push(recallOf(scored, truth, K));
      recall5.push(recallOf(scored, truth, 5));
    }
    const indexMode = ceilIndex.mode;
    await ceilIndex.close();

    // One new market at a time against the full index (its title not embedded before).
    const linkMs: number[] = [];
    for (const m of alone) {
      const s = performance.now();
      await main.linker.handle(eventOf(m, at), false);
      linkMs.push(performance.now() - s);
    }
    await main.close();

    // For comparison: the same markets one at a time on a fresh store (how the link role took them before runs).
    const single = linkerOn('single.db');
    const t = performance.now();
    for (const m of indexed) await single.linker.handle(eventOf(m, at), false);
    const singleSec = (performance.now() - t) / 1000;
    await single.close();

    const runsRate = indexed.length / runsSec;
    const ceilingRate = indexed.length / ceilingSec;
    console.log(`markets: ${indexed.length} indexed, ${alone.length} linked alone against them, the same ${indexed.length} one at a time on a fresh store; scale ${scale}`);
    table([
      ['measure', 'seconds', 'per second', 'p50 ms', 'p99 ms'],
      [`ceiling: batched embed + search k24 + upsert (bare tools)`, ceilingSec, ceilingRate, '', ''],
      [`linker: runs of ${LINK_MAX_RUN}`, runsSec, runsRate, '', ''],
      [`linker: one at a time (as before runs)`, singleSec, indexed.length / singleSec, '', ''],
      [`link one new market against ${indexed.length}`, '', '', pct(linkMs, 50), pct(linkMs, 99)],
      [`ceiling: search k24 alone against ${indexed.length}`, '', '', pct(searchMs, 50), pct(searchMs, 99)],
    ]);
    const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
    const below = (xs: readonly number[]) => xs.filter((x) => x < 0.9).length;
    console.log(
      `candidate recall of the embedded index (${indexMode} search over ${exact.size} vectors) against an exact scan, ${recall24.length} new markets: ` +
        `recall@${K} ${mean(recall24).toFixed(4)} (${below(recall24)} below 0.9), the exact 5 nearest among the ${K} candidates ${mean(recall5).toFixed(4)} (${below(recall5)} below 0.9)`,
    );
    console.log(`linker's main thread CPU in runs: ${((runsCpuSec * 1000) / indexed.length).toFixed(2)} ms per market (the embedding runs on the pool's thread)`);
    console.log(`200k-equivalent linking time in runs: ${Math.round(200_000 / runsRate)} s (issue target for the whole pipeline: < 60 s)`);
    console.log(`peak RSS: ${Math.round(peakRssMiB())} MiB`);
    console.log(`load average after: ${load()}`);
    ratioLine('linking', runsRate / ceilingRate, 0.5);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
