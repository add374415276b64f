import type { BookLevel, OrderBook, OutcomeBook } from '../../../shared/arbitrage/types.ts';
import type { SchemaDrift } from '../types.ts';
import type { BookResult, OrderBookCapability, VenueConnector, VenueModule } from '../types.ts';

/**
 * Helpers every venue's orderbook.ts shares: levels sorted best first and validated (prices in 0-1,
 * sizes positive; a bad level is drift, never a 0), and the mirror of a one-token book.
 */

export interface RawLevel {
  readonly price: number;
  readonly size: number;
}

/** Sorts levels best first and rejects a price outside 0-1 or a size that is not positive. */
export function levels(raw: readonly RawLevel[], side: 'bids' | 'asks', field: string, drift: SchemaDrift[]): BookLevel[] {
  const out: BookLevel[] = [];
  raw.forEach((l, i) => {
    if (!(Number.isFinite(l.price) && l.price > 0 && l.price < 1)) {
      drift.push({ field: `${field}.${i}.price`, expected: 'a price strictly between 0 and 1', got: String(l.price) });
      return;
    }
    if (!(Number.isFinite(l.size) && l.size >= 0)) {
      drift.push({ field: `${field}.${i}.size`, expected: 'a non-negative size in shares', got: String(l.size) });
      return;
    }
    if (l.size > 0) out.push({ price: l.price, size: l.size });
  });
  return out.sort((a, b) => (side === 'bids' ? b.price - a.price : a.price - b.price));
}

/** The same shares seen from the other outcome: a bid for one at p is an offer of the other at 1 - p. */
export const complementLevel = (l: BookLevel): BookLevel => ({ price: Math.round((1 - l.price) * 1e6) / 1e6, size: l.size });
const flip = complementLevel;

/**
 * A venue that books one token against collateral trades the other outcome through it: selling No is
 * buying Yes, so No bids are 1 - Yes asks and No asks are 1 - Yes bids, same sizes (APIS.md §2, §8).
 */
export function mirroredBook(yes: OutcomeBook, quoted_at: string, stamped: boolean): OrderBook {
  return { yes, no: { bids: yes.asks.map(flip), asks: yes.bids.map(flip) }, quoted_at, stamped };
}

export function bookResult(book: OrderBook, drift: readonly SchemaDrift[]): BookResult {
  if (drift.length > 0) return { ok: false, reason: `order book drifted: ${drift.map((d) => `${d.field} expected ${d.expected}, got ${d.got}`).join('; ')}` };
  return { ok: true, book };
}

/**
 * The venue module with its order-book capability; the connector's recorded-file map also serves the
 * recorded books, so recorded mode needs no second client.
 */
export function withOrderBooks(module: VenueModule, orderBooks: OrderBookCapability): VenueModule {
  const catalogue = module.connector;
  const connector: VenueConnector = {
    ...catalogue,
    recordedFile: (url) => orderBooks.recordedFile(url) ?? catalogue.recordedFile(url),
  };
  return { ...module, connector, orderBooks };
}
