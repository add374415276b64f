import type { Logger } from 'pino';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import type { RawTick } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { contentHash } from '../../shared/contentHash.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import type { HttpClient } from '../http/types.ts';
import type { Publisher } from '../streams/publisher.ts';
import type { VenueDescriptor, VenueModule } from '../venues/types.ts';
import { ChangeTracker } from '../ingest/changeTracker.ts';
import { venueHistoryBackfill } from './historyBackfill.ts';

/**
 * Price-history backfill of a venue, when its module has the history capability (`VenueModule.history`):
 * given the markets the catalogue walk found, fetch and publish their history through the same venue
 * transport (historyBackfill.ts). `historyBackfillFor` is null for a venue without it.
 */
export interface HistoryBackfill {
  run(
    markets: readonly NormalizedMarket[],
    ctx: { readonly http: HttpClient; readonly publish: Publisher; readonly store: DocumentStore; readonly log: Logger; readonly apiKey?: string; readonly since: Date | null; readonly signal: AbortSignal; readonly onProgress: (done: number, total: number) => void },
  ): Promise<Record<string, number>>;
}

export function historyBackfillFor(module: VenueModule): HistoryBackfill | null {
  return venueHistoryBackfill(module);
}

/** The venue's documented rate limit scaled to a share, so a backfill beside the live service stays inside it. */
export function sharedDescriptor(descriptor: VenueDescriptor, share: number): VenueDescriptor {
  return {
    ...descriptor,
    rateLimit: { tokensPerSecond: descriptor.rateLimit.tokensPerSecond * share, burst: Math.max(1, Math.floor(descriptor.rateLimit.burst * share)) },
    maxConcurrency: Math.max(1, Math.floor(descriptor.maxConcurrency * share)),
  };
}

export interface BackfillOptions {
  readonly module: VenueModule;
  /** The venue transport (token bucket, queue, retries): every request of the backfill goes through it. */
  readonly http: HttpClient;
  readonly publish: Publisher;
  readonly store: DocumentStore;
  readonly log: Logger;
  /** Keep only items with a market created on or after this date (undated markets are kept). */
  readonly since: Date | null;
  /** Time of the RAW stream's first message (null: empty): content published before it is no longer there. */
  readonly rawFirstTime: string | null;
  readonly apiKey?: string;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
  readonly onProgress?: (task: string, done: number, total: number) => void;
}

export interface BackfillSummary {
  readonly venue: string;
  pages: number;
  items: number;
  published: number;
  /** Items whose current content is already in the RAW stream (published since its first message). */
  already_in_stream: number;
  /** Items left out by --since. */
  before_since: number;
  history: Record<string, number> | { readonly skipped: string };
  duration_ms: number;
}

/**
 * Re-ingests a venue's catalogue into RAW: one walk through the venue transport, each item published
 * unless its current content is already in the stream (ChangeTracker, with "already" meaning published after
 * the stream's first message), msgID `backfill:<venue>:<item>:<hash>` so a retried or repeated publish is
 * dropped by the stream. Then, where the venue offers it, price history of the markets found.
 */
export async function backfillVenue(opts: BackfillOptions): Promise<BackfillSummary> {
  const now = opts.now ?? Date.now;
  const started = now();
  const venue = opts.module.connector.descriptor.slug;
  const log = opts.log.child({ venue });
  const signal = opts.signal ?? new AbortController().signal;
  // "Unchanged" only counts while the stream still holds the publish: the tracker's refresh age is the stream's span.
  const span = opts.rawFirstTime === null ? 0 : Math.max(0, started - Date.parse(opts.rawFirstTime));
  const tracker = new ChangeTracker(opts.store, span);
  await tracker.load(venue);
  const estimate = await opts.store.collection('ingest_seen_items').count({ venue });
  const summary: BackfillSummary = { venue, pages: 0, items: 0, published: 0, already_in_stream: 0, before_since: 0, history: { skipped: '' }, duration_ms: 0 };
  const markets: NormalizedMarket[] = [];
  for await (const page of opts.module.connector.fetchCatalog({ http: opts.http, log, signal, ...(opts.apiKey ? { apiKey: opts.apiKey } : {}) })) {
    summary.pages += 1;
    const fetchedAt = new Date(now()).toISOString();
    const published: Array<{ itemId: string; hash: string }> = [];
    for (const item of page) {
      summary.items += 1;
      const parsed = opts.module.parse(item, { fetchedAt }).markets;
      if (opts.since && parsed.length > 0 && parsed.every((m) => m.created_at !== null && Date.parse(m.created_at) < (opts.since as Date).getTime())) {
        summary.before_since += 1;
        continue;
      }
      markets.push(...parsed);
      const hash = contentHash(item.payload);
      if (!tracker.needsPublish(venue, item.id, hash, now())) {
        summary.already_in_stream += 1;
        continue;
      }
      const tick: RawTick = { type: 'raw_tick', venue, item_id: item.id, content_hash: hash, fetched_at: fetchedAt, payload: item.payload };
      await opts.publish(subjects.raw(venue), tick, `backfill:${venue}:${item.id}:${hash}`);
      published.push({ itemId: item.id, hash });
    }
    await tracker.markPublished(venue, published, now());
    summary.published += published.length;
    opts.onProgress?.(`${venue} catalogue`, summary.items, Math.max(estimate, summary.items));
    if (signal.aborted) throw new Error('backfill cancelled');
  }
  log.info({ items: summary.items, published: summary.published, pages: summary.pages }, 'catalogue backfilled');

  const history = historyBackfillFor(opts.module);
  if (!history) {
    summary.history = { skipped: `${venue} has no price-history capability wired into backfill` };
  } else {
    summary.history = await history.run(markets, {
      http: opts.http,
      publish: opts.publish,
      store: opts.store,
      log,
      since: opts.since,
      signal,
      ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
      onProgress: (done, total) => opts.onProgress?.(`${venue} price history`, done, total),
    });
  }
  summary.duration_ms = now() - started;
  return summary;
}
