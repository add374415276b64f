import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import type { Projection } from '../../projections/projection.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { applyBatch } from '../../projections/applyBatch.ts';
import { createWorkerPool } from '../../pipeline/process/workerPool.ts';
import { runScanPass } from '../../pipeline/scan/scanPass.ts';
import { ScannerMemory } from '../../pipeline/scan/memory.ts';
import { ensureScannerIndexes, scannerCollections, type ScannerMarket } from '../../pipeline/scan/state.ts';
import type { QuestionScanResult } from '../../shared/arbitrage/types.ts';
import type { StreamKey } from '../../shared/streams/subjects.ts';
import pino from 'pino';
import { catalogueMarkets, snapshotOf } from './marketEvents.ts';
import { groupIntoQuestions, questionSnapshot, scannerQuestion } from './questions.ts';

const CHUNK = 1_000;

/** Applies events through every read model fed by `stream`, with the replay tool's batch code, as sequences 1.. */
async function project(store: DocumentStore, stream: StreamKey, events: readonly unknown[]): Promise<void> {
  const models = PROJECTIONS.filter((p) => p.stream === stream) as unknown as Projection<unknown, Doc>[];
  for (const p of models) {
    const c = store.collection(p.collection);
    await c.ensureIndexes(p.indexes);
    if (p.textIndex) await c.ensureTextIndex(p.textIndex);
    for (let i = 0; i < events.length; i += CHUNK) {
      const batch = events.slice(i, i + CHUNK).map((event, k) => ({ event, seq: i + k + 1 }));
      await applyBatch(store, p, batch.filter((e) => { const d = p.decode(e.event); return d.ok && p.canHandle(d.event); }));
    }
  }
}

/**
 * A store as the API serves it after a catalogue was ingested and linked: `markets` venue markets through the
 * markets-stream read models, `questions` canonical questions (2-3 venues each) through the links-stream ones,
 * and the arbitrage opportunities a real scan pass over those questions finds, through the ARB read models.
 */
export async function populateApiStore(store: DocumentStore, marketCount: number, questionCount: number): Promise<{ markets: number; questions: string[]; opportunities: number }> {
  const now = Date.now();
  const markets = await catalogueMarkets(marketCount, new Date(now).toISOString());
  await project(store, 'markets', markets.map((m) => snapshotOf(m, 0, now, 0)));
  const groups = groupIntoQuestions(markets, questionCount);
  const snapshots = groups.map(questionSnapshot);
  await project(store, 'links', snapshots);

  // Opportunities: one real scan pass over the same questions (listing quotes), its ARB events projected.
  const c = scannerCollections(store);
  await ensureScannerIndexes(c);
  const at = new Date(now).toISOString();
  const used = [...new Map(groups.flat().map((m) => [m.id, m])).values()];
  await c.markets.putMany(used.map((m): ScannerMarket => ({ _id: m.id, market: { ...m, quoted_at: at }, fetched_at: at })));
  await c.questions.putMany(groups.map(scannerQuestion));
  const memory = new ScannerMemory(c);
  await memory.load();
  const pool = createWorkerPool(new URL('../../pipeline/workers/arbitrage.worker.ts', import.meta.url), 2);
  const arb: unknown[] = [];
  try {
    await runScanPass(
      {
        memory,
        books: { booksFor: async () => new Map(), requested: 0 },
        score: (qs: readonly unknown[], clock: unknown) => pool.run<QuestionScanResult[]>({ questions: qs, clock }),
        publish: async (_subject, payload) => void arb.push(payload),
        log: pino({ level: 'warn' }),
        staleAfterMs: 3_600_000,
        recorded: false,
        resolvedRetentionMs: 24 * 3_600_000,
      },
      { ids: [], full: true },
    );
  } finally {
    await pool.close();
  }
  await project(store, 'arbitrage', arb);
  return { markets: markets.length, questions: snapshots.map((s) => s.question.id), opportunities: arb.length - 1 };
}
