import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import type { QuestionScanResult } from '../../shared/arbitrage/types.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { StreamConnection } from '../streams/connection.ts';
import type { Publisher } from '../streams/publisher.ts';
import { ACK, decodeMessage, runConsumer, type ConsumerLoop, type HandleOutcome } from '../streams/consume.ts';
import { provisionDurable } from '../streams/provision.ts';
import { createWorkerPool } from '../process/workerPool.ts';
import type { HttpClient } from '../http/types.ts';
import type { VenueModule } from '../venues/types.ts';
import { createBookFetcher } from './books.ts';
import { decodeScannerMarketEvent, decodeWith, linkEventSchema, venueEventSchema } from './decode.ts';
import { ScannerMemory } from './memory.ts';
import { runScanPass, type PassReport } from './scanPass.ts';
import { ensureScannerIndexes, scannerCollections } from './state.ts';

export const SCANNER_DURABLES = { markets: 'scanner-markets', links: 'scanner-links', venues: 'scanner-venues' } as const;

export interface ScannerDeps {
  readonly config: Config;
  readonly conn: StreamConnection;
  readonly store: DocumentStore;
  readonly publish: Publisher;
  readonly http: HttpClient;
  readonly modules: Partial<Record<VenueSlug, VenueModule>>;
  readonly apiKeys: Partial<Record<VenueSlug, string>>;
  readonly log: Logger;
}

export interface RunningScanner {
  /** Runs a pass now over what changed (or everything) and resolves with its report. */
  scanNow(full?: boolean): Promise<PassReport>;
  stop(): Promise<void>;
}

/**
 * The scan role: three durable consumers keep the scanner's state (markets, links, venue health) and
 * mark changed questions; a timer rescans the changed ones every ARB_SCAN_INTERVAL_SECONDS and all of
 * them every ARB_FULL_SCAN_SECONDS (quotes age and markets pass their end time without any event).
 * Scoring runs in a Piscina pool. Passes never overlap.
 */
export async function startScanner(deps: ScannerDeps): Promise<RunningScanner> {
  const log = deps.log.child({ role: 'scan' });
  const collections = scannerCollections(deps.store);
  await ensureScannerIndexes(collections);
  const memory = new ScannerMemory(collections);
  await memory.load();
  const pool = createWorkerPool(new URL('../workers/arbitrage.worker.ts', import.meta.url), Math.max(1, Math.min(deps.config.WORKERS, 4)), undefined, undefined, (err) => log.error({ err }, 'scan worker thread failed outside a task'));
  const recorded = deps.config.VENUE_SOURCE === 'recorded';
  const books = createBookFetcher({
    modules: deps.modules,
    http: deps.http,
    apiKeys: deps.apiKeys,
    log,
    ttlMs: deps.config.ARB_BOOK_TTL_SECONDS * 1000,
    onStamp: (venue, stamp) => memory.noteStamp(venue, stamp),
  });

  const consume = <T>(stream: 'markets' | 'links' | 'venues', durable: string, decode: (v: unknown) => { ok: true; event: T } | { ok: false; reason: string }, apply: (e: T) => Promise<void>) =>
    runConsumer({
      conn: deps.conn,
      stream,
      durable,
      log,
      concurrency: 1,
      handle: async (data): Promise<HandleOutcome> => {
        const decoded = decodeMessage(data, decode);
        if (!decoded.ok) return { kind: 'poison', reason: decoded.reason };
        try {
          await apply(decoded.event);
          return ACK;
        } catch (err) {
          return { kind: 'retry', delayMs: 1_000, reason: err instanceof Error ? err.message : String(err) };
        }
      },
    });

  for (const [stream, durable] of [['markets', SCANNER_DURABLES.markets], ['links', SCANNER_DURABLES.links], ['venues', SCANNER_DURABLES.venues]] as const) {
    await provisionDurable(deps.conn.jsm, { stream, durable, maxDeliver: 10 });
  }
  const loops: ConsumerLoop[] = [
    consume('markets', SCANNER_DURABLES.markets, decodeScannerMarketEvent, (e) => memory.onMarket(e)),
    consume('links', SCANNER_DURABLES.links, decodeWith(linkEventSchema, 'link event'), (e) => memory.onLink(e)),
    consume('venues', SCANNER_DURABLES.venues, decodeWith(venueEventSchema, 'venue event'), (e) => memory.onVenue(e)),
  ];

  const passDeps = {
    memory,
    books,
    score: (questions: readonly unknown[], clock: unknown) => pool.run<QuestionScanResult[]>({ questions, clock }),
    publish: deps.publish,
    log,
    staleAfterMs: deps.config.ARB_STALE_AFTER_SECONDS * 1000,
    recorded,
    resolvedRetentionMs: deps.config.ARB_RESOLVED_RETENTION_HOURS * 3_600_000,
  };

  let chain: Promise<unknown> = Promise.resolve();
  let lastFull = 0;
  const pass = (forceFull: boolean): Promise<PassReport | null> => {
    const run = chain.then(async () => {
      const dirty = memory.takeDirty();
      const full = forceFull || dirty.full || Date.now() - lastFull >= deps.config.ARB_FULL_SCAN_SECONDS * 1000;
      if (!full && dirty.ids.length === 0) return null;
      if (full) lastFull = Date.now();
      const report = await runScanPass(passDeps, { ids: dirty.ids, full });
      if (full) log.info({ rescanned: report.rescanned, changes: report.changes, books: report.booksRequested, duration_ms: Math.round(report.durationMs), live: report.stats.total_opportunities, actionable: report.stats.actionable_count }, 'full arbitrage scan');
      return report;
    });
    chain = run.catch((err: unknown) => log.error({ err }, 'scan pass failed; the next pass retries'));
    return run;
  };

  let stopped = false;
  const timer = setInterval(() => {
    if (!stopped) void pass(false).catch(() => undefined);
  }, deps.config.ARB_SCAN_INTERVAL_SECONDS * 1000);
  timer.unref();
  log.info({ interval_s: deps.config.ARB_SCAN_INTERVAL_SECONDS, full_s: deps.config.ARB_FULL_SCAN_SECONDS, recorded }, 'arbitrage scanner started');

  return {
    scanNow: async (full = true) => {
      const report = await pass(full);
      if (!report) throw new Error('scan pass skipped');
      return report;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.all(loops.map((l) => l.stop()));
      await chain;
      await pool.close();
    },
  };
}
