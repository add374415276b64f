/**
 * Diagnostic, not a bench: what the live pipeline (`--roles process,project`, composed by bin/services.ts as in
 * bench:pipeline) leaves in every read model after the bench's catalogue has gone through it, as one SHA-256 per
 * collection, so that two versions of the code can be compared (run it on each, compare the lines). `--out <file>`
 * also writes the normalised documents for a diff.
 *
 * A live run is not deterministic in two ways, which the digest leaves out: the processor works on many raw ticks
 * at once, so the order of MARKETS (and every stream sequence a document records) changes from run to run; and the
 * catalogue and the projections stamp the wall clock. So every value under a key named like a sequence (`seq`,
 * `_seq`, `*_seq`, `*Seq`) and every time within a day of the run (an ISO string, or epoch seconds or milliseconds)
 * is replaced by a placeholder, each collection is sorted by `_id` and each object by key (a map filled as markets
 * arrive has its keys in arrival order).
 * Everything else (ids, titles, categories, prices, volumes, the text index's answers) must match byte for byte.
 * Two runs of the same code give the same lines.
 *
 *   node --import tsx bench/pipelineDigest.ts [--scale 0.02] [--out /tmp/models.json]
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { startLocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { inboxPublisher } from '../pipeline/streams/inboxPublisher.ts';
import { startServices } from '../bin/services.ts';
import { loadConfig } from '../shared/config.ts';
import { STREAMS, subjects } from '../shared/streams/subjects.ts';
import type { Doc } from '../shared/ports/documentStore.ts';
import { READ_MODEL_COLLECTIONS } from '../test/ops/readModels.ts';
import { buildCatalogue } from './support/catalogue.ts';
import { benchArgs, scaled, waitFor } from './support/report.ts';

const { scale, values } = benchArgs({ out: { type: 'string' } });
const log = pino({ level: 'warn' });
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const isSequenceKey = (key: string): boolean => key === 'seq' || key === '_seq' || key.endsWith('_seq') || key.endsWith('Seq');
const STARTED = Date.now();
/** An epoch time (seconds or milliseconds) within a day of this run: the wall clock, not the catalogue's data. */
const isRunTime = (n: number): boolean => Math.abs(n * 1000 - STARTED) < 86_400_000 || Math.abs(n - STARTED) < 86_400_000;

/** The document with run-dependent values (stream sequences, wall-clock times) replaced by placeholders. */
function normalised(value: unknown, key = ''): unknown {
  if (isSequenceKey(key)) return '<seq>';
  if (typeof value === 'string') return ISO_TIME.test(value) && isRunTime(Date.parse(value)) ? '<time>' : value;
  if (typeof value === 'number') return isRunTime(value) ? '<time>' : value;
  if (Array.isArray(value)) return value.map((v) => normalised(v));
  if (value !== null && typeof value === 'object') {
    // Keys sorted: a map filled as markets arrive (a venue's counts by status) has them in arrival order.
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, normalised(v, k)]));
  }
  return value;
}

async function main(): Promise<void> {
  const cat = await buildCatalogue(scaled(200_000, scale, 50));
  const dir = mkdtempSync(join(tmpdir(), 'concord-pipeline-digest-'));
  const server = await startLocalNatsServer(join(dir, 'nats'));
  try {
    const config = loadConfig({ DATA_DIR: join(dir, 'data'), NATS_URL: server.url, LOG_LEVEL: 'warn', EMBEDDING_MODEL: resolve('data/models'), WORKERS: '2', HISTORY_BACKFILL: 'off' });
    const svc = await startServices(config, ['process', 'project'], log);
    const conn = await connectStreams(server.url, log, 'digest-ingest');
    const ingest = inboxPublisher(conn.nc);
    for (let i = 0; i < cat.ticks.length; i += 1_000) {
      await Promise.all(cat.ticks.slice(i, i + 1_000).map((t) => ingest.publish(subjects.raw(t.venue), t, `${t.venue}:${t.item_id}:${t.content_hash}`)));
    }
    const caughtUp = async (stream: string): Promise<boolean> => {
      if ((await conn.jsm.streams.info(stream)).state.messages === 0) return false;
      for await (const c of conn.jsm.consumers.list(stream)) if (c.num_pending > 0 || c.num_ack_pending > 0) return false;
      return true;
    };
    await waitFor(async () => (await caughtUp(STREAMS.raw.name)) && (await caughtUp(STREAMS.markets.name)), 'pipeline drained', 600_000, 100);
    const snapshot: Record<string, string> = {};
    for (const name of READ_MODEL_COLLECTIONS) {
      const docs = await svc.store.collection<Doc>(name).find({}, { sort: [['_id', 1]] });
      snapshot[name] = JSON.stringify(docs.map((d) => normalised(d)));
    }
    // The text index's answers too: a search per venue name and a few title words, ids in the order returned.
    const markets = svc.store.collection<Doc>('markets');
    for (const q of ['bitcoin', 'election', 'trump', 'series 2', 'nba', 'fed rates']) {
      snapshot[`markets $text "${q}"`] = JSON.stringify((await markets.find({ $text: q }, { sort: [['_id', 1]] })).map((d) => d._id));
    }
    ingest.close();
    await conn.close();
    await svc.stop();
    console.log(`${cat.ticks.length} raw items -> ${cat.markets} markets (scale ${scale})`);
    for (const [name, text] of Object.entries(snapshot)) {
      console.log(`${name.padEnd(32)} ${String(text.length).padStart(10)} ${createHash('sha256').update(text).digest('hex')}`);
    }
    if (values.out) writeFileSync(String(values.out), JSON.stringify(snapshot));
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
