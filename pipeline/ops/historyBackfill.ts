import type { VenueModule } from '../venues/types.ts';
import { backfillMarketHistory, type BackfillOutcome, type BackfillState } from '../history/backfiller.ts';
import type { HistoryBackfill } from './backfill.ts';

/** Markets asked at once: the venue transport's bucket paces them; this only overlaps the round trips. */
const CONCURRENCY = 4;

/**
 * What an operator's backfill asks again: everything but a market whose history was already published. The
 * service's own backfiller gives up on a venue answer it could not use or after three transient failures; an
 * operator running a backfill (after an outage, a fix, or with HISTORY_BACKFILL=off) wants those asked again.
 */
const operatorAsksAgain = (state: BackfillState): boolean => state.status !== 'done';

/**
 * `npm run backfill`'s price-history step for a venue with the history capability: each market the catalogue
 * walk found goes through the same per-market backfill as the service (pipeline/history/backfiller.ts), fetched
 * through the backfill's venue transport (its share of the rate limit) and published on the HISTORY stream with
 * the per-market msgID. Returns the outcome counts.
 */
export function venueHistoryBackfill(module: VenueModule): HistoryBackfill | null {
  if (!module.history) return null;
  const slug = module.connector.descriptor.slug;
  return {
    async run(markets, ctx) {
      const counts: Record<BackfillOutcome, number> = { not_applicable: 0, already: 0, done: 0, empty: 0, unavailable: 0, failed: 0 };
      const deps = { store: ctx.store, http: ctx.http, modules: [module], apiKeys: ctx.apiKey ? { [slug]: ctx.apiKey } : {}, publish: ctx.publish, log: ctx.log, signal: ctx.signal };
      // One market once even when the walk listed it twice.
      const queue = [...new Map(markets.map((m) => [m.id, m])).values()];
      const total = queue.length;
      let done = 0;
      ctx.onProgress(0, total);
      const worker = async () => {
        for (let m = queue.shift(); m && !ctx.signal.aborted; m = queue.shift()) {
          counts[await backfillMarketHistory(m, deps, operatorAsksAgain)] += 1;
          done += 1;
          ctx.onProgress(done, total);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, total) }, worker));
      if (ctx.signal.aborted) throw new Error('backfill cancelled');
      ctx.log.info({ ...counts, markets: total }, 'price history backfilled');
      return counts;
    },
  };
}
