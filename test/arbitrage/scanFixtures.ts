import pino from 'pino';
import { scanQuestion } from '../../shared/arbitrage/detect.ts';
import type { ArbitrageOpportunityEvent } from '../../shared/arbitrage/schema.ts';
import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import { marketId } from '../../shared/ids.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { ScannerLinkEvent, ScannerMarketEvent } from '../../pipeline/scan/decode.ts';
import { ScannerMemory } from '../../pipeline/scan/memory.ts';
import type { BookFetcher } from '../../pipeline/scan/books.ts';
import { runScanPass, type PassReport } from '../../pipeline/scan/scanPass.ts';
import { ensureScannerIndexes, scannerCollections } from '../../pipeline/scan/state.ts';

/** The scanner's working set, markets and events for the scan-pass tests; every number is visible in the tests. */

export const T0 = Date.parse('2026-06-01T12:00:00.000Z');
export const DAY = 86_400_000;
export const STALE_AFTER_MS = 120_000;
export const at = (ms: number) => new Date(ms).toISOString();
export const log = pino({ level: 'silent' });

export function market(venue: VenueSlug, id: string, yes: { bid: number; ask: number }, endMs: number, quotedAt: string): NormalizedMarket {
  return {
    id: marketId(venue, id),
    platform_slug: venue,
    platform_market_id: id,
    title: `Will it happen? (${id})`,
    slug: id,
    description: 'not read by the scanner',
    url: null,
    category: 'politics',
    status: 'open',
    end_time: at(endMs),
    created_at: null,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: (yes.bid + yes.ask) / 2, best_bid: yes.bid, best_ask: yes.ask },
      { label: 'No', outcome_index: 1, price: 1 - (yes.bid + yes.ask) / 2, best_bid: 1 - yes.ask, best_ask: 1 - yes.bid },
    ],
    group: null,
    volume24h: 100_000,
    volume_total: null,
    liquidity: 50_000,
    currency: 'USDC',
    play_money: false,
    fee: { kind: 'none', reason: 'fees_disabled', source: 'market' },
    quoted_at: quotedAt,
  };
}

export const marketEvent = (m: NormalizedMarket, fetchedAt: string): ScannerMarketEvent => ({
  type: 'market_normalized',
  market: { ...m, outcomes: [...m.outcomes], quoted_at: fetchedAt },
  source: { item_id: m.platform_market_id, content_hash: fetchedAt, fetched_at: fetchedAt },
});

/** A venue that stamps its own quote time (PredictIt's timeStamp): quoted_at differs from the fetch. */
export const stampedEvent = (m: NormalizedMarket, stampedAt: string, fetchedAt: string): ScannerMarketEvent => ({
  type: 'market_normalized',
  market: { ...m, outcomes: [...m.outcomes], quoted_at: stampedAt },
  source: { item_id: m.platform_market_id, content_hash: fetchedAt, fetched_at: fetchedAt },
});

export const linkEvent = (id: string, members: NormalizedMarket[]): ScannerLinkEvent => ({
  type: 'question_snapshot',
  question: {
    id,
    title: `Question ${id.slice(0, 4)}`,
    slug: 'question',
    category: 'politics',
    end_time: null,
    members: members.map((m) => ({ market_id: m.id, platform_slug: m.platform_slug, relation: 'identity' as const, confidence: 0.95, match_method: 'semantic' as const })),
  },
});

export async function openMemory(store: DocumentStore): Promise<ScannerMemory> {
  const c = scannerCollections(store);
  await ensureScannerIndexes(c);
  const memory = new ScannerMemory(c);
  await memory.load();
  return memory;
}

/** Scores in this thread (the pure function the worker runs) at a clock the test sets. */
export function passOf(memory: ScannerMemory, nowMs: number, events: ArbitrageOpportunityEvent[] = [], books: BookFetcher = { booksFor: async () => new Map(), requested: 0, serves: () => false }, pass: Parameters<typeof runScanPass>[1] = { ids: memory.takeDirty().ids, full: true }) {
  return runScanPass(
    {
      memory,
      books,
      score: async (qs, clock) => qs.map((q) => scanQuestion(q, clock)),
      publish: async (_subject, payload) => {
        if ((payload as { type: string }).type === 'arbitrage_opportunity') events.push(payload as ArbitrageOpportunityEvent);
      },
      log,
      staleAfterMs: STALE_AFTER_MS,
      recorded: false,
      resolvedRetentionMs: DAY,
      now: () => new Date(nowMs),
    },
    pass,
  );
}

/** A scanner with nothing in memory, loaded from the same store, scoring every question at the same clock. */
export async function coldPassChanges(store: DocumentStore, nowMs: number): Promise<number> {
  const report: PassReport = await passOf(await openMemory(store), nowMs);
  if (report.unchanged !== 0) throw new Error('a cold scanner skipped a question');
  return report.changes;
}

export async function stored(store: DocumentStore): Promise<ArbitrageOpportunity[]> {
  const docs = await scannerCollections(store).opportunities.find({});
  return docs.map(({ _id: _ignored, ...o }) => o as unknown as ArbitrageOpportunity).sort((a, b) => a.id.localeCompare(b.id));
}
