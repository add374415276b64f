/**
 * Cost of one markets-projection write in the embedded SQLite store, per document: real market documents
 * (the recorded-shape catalogue through the markets projection), written with putMany in batches of 500 into
 * a file database, as inserts (new ids) and as updates (the next snapshot of the same markets), with no
 * index, with the projection's declared indexes, and with those plus its text index. Wall and CPU time per
 * document; on a loaded machine compare the CPU column. Then two reads on indexed paths, CPU per read.
 *
 *   node --import tsx bench/storeWrites.ts [--scale 0.1]   (scale 1: 20k markets)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { marketsProjection, type MarketDoc } from '../projections/markets/projection.ts';
import { catalogueMarkets, snapshotOf } from './support/marketEvents.ts';
import { benchArgs, load, scaled, table } from './support/report.ts';

const { scale } = benchArgs();
const N = scaled(20_000, scale, 500);
const BATCH = 500;
const READS = 50;

async function main(): Promise<void> {
  console.log(`load average before: ${load()}`);
  const markets = await catalogueMarkets(N);
  const start = Date.now() - 60_000;
  const first = markets.map((m, i) => marketsProjection.evolve(null, snapshotOf(m, 0, start, 30_000), i + 1) as MarketDoc);
  const second = markets.map((m, i) => marketsProjection.evolve(first[i]!, snapshotOf(m, 1, start, 30_000), N + i + 1) as MarketDoc);
  const bytes = first.reduce((s, d) => s + JSON.stringify(d).length, 0) / first.length;
  const dir = mkdtempSync(join(tmpdir(), 'concord-bench-store-'));
  const rows: Array<[string, number, number, number, number]> = [];
  const reads: Array<[string, number]> = [];
  try {
    for (const mode of ['none', 'indexes', 'indexes+text'] as const) {
      const store = openSqliteStore({ file: join(dir, `${mode}.db`) });
      const c = store.collection<MarketDoc>('markets');
      if (mode !== 'none') await c.ensureIndexes(marketsProjection.indexes);
      if (mode === 'indexes+text' && marketsProjection.textIndex) await c.ensureTextIndex(marketsProjection.textIndex);
      const write = async (docs: readonly MarketDoc[]): Promise<[number, number]> => {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        for (let i = 0; i < docs.length; i += BATCH) await c.putMany(docs.slice(i, i + BATCH));
        const cpu = process.cpuUsage(c0);
        return [((performance.now() - t0) * 1000) / docs.length, (cpu.user + cpu.system) / docs.length];
      };
      const insert = await write(first);
      const update = await write(second);
      rows.push([mode, ...insert, ...update]);
      if (mode === 'indexes') {
        // Reads the API makes on indexed paths: a filtered count and a filtered, sorted first page.
        const read = async (what: string, fn: () => Promise<unknown>): Promise<void> => {
          const c0 = process.cpuUsage();
          for (let i = 0; i < READS; i++) await fn();
          const cpu = process.cpuUsage(c0);
          reads.push([what, (cpu.user + cpu.system) / READS]);
        };
        await read('count, venue and volume filter', () => c.count({ platform_slug: 'polymarket', '_sort.volume_24h': { $gte: 0 } }));
        await read('first 50, venue filter, by volume', () => c.find({ platform_slug: 'polymarket' }, { sort: [['_sort.volume_24h', -1]], limit: 50 }));
      }
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${N} market documents, ${bytes.toFixed(0)} bytes of JSON each on average; putMany batches of ${BATCH}`);
  // CPU time (this process; better-sqlite3 works on the main thread) swings far less than wall time under load.
  table([['store', 'insert µs/doc', 'insert CPU µs/doc', 'update µs/doc', 'update CPU µs/doc'], ...rows]);
  table([['read (indexes)', 'CPU µs/read'], ...reads]);
  console.log(`load average after: ${load()}`);
}

await main();
