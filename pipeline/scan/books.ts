import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import type { OrderBook } from '../../shared/arbitrage/types.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';

/** What a book request needs of a market. */
export type BookMarket = Pick<NormalizedMarket, 'id' | 'platform_slug' | 'platform_market_id' | 'book_ref'>;
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { VenueError } from '../../shared/errors.ts';
import type { HttpClient } from '../http/types.ts';
import type { BookRequest, VenueModule } from '../venues/types.ts';

export interface BookFetcherOptions {
  readonly modules: Partial<Record<VenueSlug, VenueModule>>;
  readonly http: HttpClient;
  readonly apiKeys: Partial<Record<VenueSlug, string>>;
  readonly log: Logger;
  /** How long a fetched book (or a failure) is reused before the next fetch. */
  readonly ttlMs: number;
  readonly now?: () => number;
  /** Called with every venue-stamped book time (the recorded-mode reference clock). */
  readonly onStamp?: (venue: VenueSlug, stamp: string) => Promise<void>;
}

export interface BookFetcher {
  /** Books of these markets that their venues serve (others absent), fetched at most once per TTL. */
  booksFor(markets: readonly BookMarket[]): Promise<Map<string, OrderBook>>;
  /** Book requests sent to venues so far (for the scan's cost report). */
  readonly requested: number;
  /**
   * Whether books of this venue can be fetched at all (its module has the capability); absent means yes. A
   * question within reach of a book is never skipped by a full pass when one of its venues can serve one.
   */
  serves?(venue: VenueSlug): boolean;
}

interface CacheEntry {
  readonly at: number;
  readonly book: OrderBook | null;
}

/**
 * Fetches order books of linked markets only, through each venue's transport (token bucket, bounded
 * queue, retries) and its order-book capability, batched per venue, cached for a short TTL. A venue
 * that cannot serve a book leaves the market on its listing quotes; nothing is invented.
 */
export function createBookFetcher(opts: BookFetcherOptions): BookFetcher {
  const now = opts.now ?? Date.now;
  const cache = new Map<string, CacheEntry>();
  let requested = 0;
  const log = opts.log.child({ component: 'order-books' });

  async function fetchVenue(venue: VenueSlug, markets: readonly BookMarket[]): Promise<void> {
    const capability = opts.modules[venue]?.orderBooks;
    if (!capability) return;
    const requests: BookRequest[] = markets.map((m) => ({ market_id: m.id, platform_market_id: m.platform_market_id, book_ref: m.book_ref ?? null }));
    requested += requests.length;
    const at = now();
    // Every request of the batch waits on this one signal (Kalshi: one request per market), beyond node's
    // default of 10 listeners per signal: that is by design, not a leak.
    const signal = AbortSignal.timeout(60_000);
    setMaxListeners(0, signal);
    try {
      const results = await capability.fetchBooks(
        { http: opts.http, log, signal, ...(opts.apiKeys[venue] ? { apiKey: opts.apiKeys[venue] } : {}) },
        requests,
      );
      for (const r of requests) {
        const result = results.get(r.market_id);
        if (result?.ok) {
          cache.set(r.market_id, { at, book: result.book });
          if (result.book.stamped && opts.onStamp) await opts.onStamp(venue, result.book.quoted_at);
        } else {
          cache.set(r.market_id, { at, book: null });
          log.debug({ venue, market: r.platform_market_id, reason: result?.reason ?? 'no result' }, 'no order book; listing quotes used');
        }
      }
    } catch (err) {
      // Retries are spent in the transport; until the TTL passes the markets trade on listing quotes.
      for (const r of requests) cache.set(r.market_id, { at, book: null });
      log.warn({ venue, err: err instanceof VenueError ? { code: err.code, message: err.message } : err, markets: requests.length }, 'order books unavailable');
    }
  }

  return {
    get requested() {
      return requested;
    },
    serves: (venue) => opts.modules[venue]?.orderBooks !== undefined,
    async booksFor(markets) {
      const due = new Map<VenueSlug, BookMarket[]>();
      for (const m of markets) {
        if (!opts.modules[m.platform_slug]?.orderBooks) continue;
        const hit = cache.get(m.id);
        if (hit && now() - hit.at < opts.ttlMs) continue;
        const list = due.get(m.platform_slug) ?? [];
        list.push(m);
        due.set(m.platform_slug, list);
      }
      await Promise.all([...due].map(([venue, list]) => fetchVenue(venue, list)));
      if (cache.size > 50_000) for (const [id, e] of cache) if (now() - e.at >= opts.ttlMs) cache.delete(id);
      const out = new Map<string, OrderBook>();
      for (const m of markets) {
        const book = cache.get(m.id)?.book;
        if (book) out.set(m.id, book);
      }
      return out;
    },
  };
}
