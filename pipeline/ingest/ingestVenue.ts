import type { Logger } from 'pino';
import type { VenueModule } from '../venues/types.ts';
import type { HttpClient } from '../http/types.ts';
import type { Publisher } from '../streams/publisher.ts';
import type { ChangeTracker } from './changeTracker.ts';
import type { RawDelisted, RawTick, VenueHealthEvent } from '../../shared/events.ts';
import { contentHash } from '../../shared/contentHash.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { VenueError } from '../../shared/errors.ts';

export interface IngestDeps {
  readonly http: HttpClient;
  readonly publish: Publisher;
  readonly tracker: ChangeTracker;
  readonly log: Logger;
  readonly now?: () => number;
  readonly apiKey?: string;
  readonly signal?: AbortSignal;
}

export interface IngestCycleResult {
  readonly ok: boolean;
  readonly itemCount: number;
  readonly changedCount: number;
  readonly error?: { code: string; message: string };
}

/**
 * One catalogue cycle of one venue: page through it, publish each new or changed raw item to
 * `ticks.raw.<venue>` (msgID venue:item:hash:cycle, so a retried publish is a no-op),
 * then report the outcome on `venues.health.<venue>`. A failure leaves earlier data in place.
 */
export async function ingestVenueOnce(module: VenueModule, deps: IngestDeps): Promise<IngestCycleResult> {
  const venue = module.connector.descriptor.slug;
  const now = deps.now ?? Date.now;
  const log = deps.log.child({ venue });
  const started = now();
  // Dedupe key per cycle: a retried publish inside a cycle is dropped, while an item the tracker
  // decided to publish again (changed, relisted, daily refresh) always gets through.
  const cycleId = started.toString(36);
  const health = (event: VenueHealthEvent) => deps.publish(subjects.venueHealth(venue), event);
  let itemCount = 0;
  let changedCount = 0;
  try {
    await deps.tracker.load(venue);
    deps.tracker.beginCycle(venue);
    const signal = deps.signal ?? new AbortController().signal;
    for await (const page of module.connector.fetchCatalog({ http: deps.http, log, signal, apiKey: deps.apiKey })) {
      const fetchedAt = new Date(now()).toISOString();
      const changed: Array<{ itemId: string; hash: string }> = [];
      await Promise.all(
        page.map(async (item) => {
          itemCount += 1;
          deps.tracker.markSeen(venue, item.id);
          const hash = contentHash(item.payload);
          if (!deps.tracker.needsPublish(venue, item.id, hash, now())) return;
          const tick: RawTick = { type: 'raw_tick', venue, item_id: item.id, content_hash: hash, fetched_at: fetchedAt, payload: item.payload };
          await deps.publish(subjects.raw(venue), tick, `${venue}:${item.id}:${hash}:${cycleId}`);
          changed.push({ itemId: item.id, hash });
        }),
      );
      await deps.tracker.markPublished(venue, changed, now());
      changedCount += changed.length;
      if (signal.aborted) throw new VenueError(venue, 'NETWORK', 'ingest cancelled (shutting down)');
    }
    const at = new Date(now()).toISOString();
    const delisted = await deps.tracker.endCycle(venue);
    if (delisted === null) {
      log.warn({ items: itemCount }, 'most known items are missing from this walk; not treating them as delisted');
    } else {
      await Promise.all(
        delisted.map((itemId) => {
          const event: RawDelisted = { type: 'raw_delisted', venue, item_id: itemId, at };
          return deps.publish(subjects.raw(venue), event, `${venue}:${itemId}:delisted:${at}`);
        }),
      );
      if (delisted.length > 0) log.info({ delisted: delisted.length }, 'items left the open listing');
    }
    await health({ type: 'venue_fetch_succeeded', venue, at, item_count: itemCount, changed_count: changedCount, duration_ms: now() - started });
    log.info({ items: itemCount, changed: changedCount, duration_ms: now() - started }, 'venue catalogue ingested');
    return { ok: true, itemCount, changedCount };
  } catch (err) {
    // Stopped by the service's shutdown, not failed: reporting it would show the venue as failing (and its
    // arbitrage legs stale) after every restart until its next fetch. Earlier data stays; the next start fetches.
    if (deps.signal?.aborted) {
      log.info({ items: itemCount, changed: changedCount }, 'venue catalogue fetch stopped: shutting down');
      return { ok: false, itemCount, changedCount, error: { code: 'CANCELLED', message: 'ingest cancelled (shutting down)' } };
    }
    const code = err instanceof VenueError ? err.code : 'INTERNAL';
    const message = err instanceof Error ? err.message : String(err);
    const retryable = err instanceof VenueError ? err.retryable : false;
    log.warn({ err, items: itemCount, changed: changedCount }, 'venue catalogue fetch failed');
    await health({ type: 'venue_fetch_failed', venue, at: new Date(now()).toISOString(), code, message: message.slice(0, 500), retryable }).catch(
      (publishErr: unknown) => log.error({ err: publishErr }, 'could not report venue failure'),
    );
    return { ok: false, itemCount, changedCount, error: { code, message } };
  }
}
