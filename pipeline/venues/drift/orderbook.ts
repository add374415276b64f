import { VenueError } from '../../../shared/errors.ts';
import type { BookRequest, BookResult, FetchContext, OrderBookCapability, SchemaDrift } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { toFiniteNumber } from '../limitless/values.ts';
import { bookResult, levels, mirroredBook } from '../orderbook/book.ts';
import { l2Schema } from './schema.ts';

const DLOB = 'https://dlob.drift.trade';
/** DLOB prices are integers with 1e6 precision, sizes 1e9 (base units of the BET contract), APIS.md §7. */
const PRICE_PRECISION = 1e6;
const SIZE_PRECISION = 1e9;

/*
 * `GET https://dlob.drift.trade/l2?marketName=<SYMBOL>&depth=10&includeVamm=true` (APIS.md §7), trimmed:
 * {"bids":[{"price":"276000","size":"5000000000000","sources":{"dlob":"5000000000000"}},…],
 *  "asks":[{"price":"289000","size":"3000000000000",…}],"marketName":"VANCE-WIN-2028-BET","ts":1792627200000,…}
 * The perp's book is the YES book (long = YES); a short is NO at 1 - price, so No mirrors it.
 */
export function parseDriftBook(raw: unknown, fetchedAt: string): BookResult {
  const parsed = l2Schema.safeParse(raw);
  if (!parsed.success) return bookResult(mirroredBook({ bids: [], asks: [] }, fetchedAt, false), driftFromZod(parsed.error, raw));
  const drift: SchemaDrift[] = [];
  const scale = (side: 'bids' | 'asks') =>
    parsed.data[side].map((l, i) => {
      const price = toFiniteNumber(l.price);
      const size = toFiniteNumber(l.size);
      if (price === null || size === null) drift.push({ field: `${side}.${i}`, expected: 'integer price and size strings', got: JSON.stringify(l) });
      return { price: (price ?? Number.NaN) / PRICE_PRECISION, size: (size ?? Number.NaN) / SIZE_PRECISION };
    });
  const yes = { bids: levels(scale('bids'), 'bids', 'bids', drift), asks: levels(scale('asks'), 'asks', 'asks', drift) };
  const ts = parsed.data.ts;
  const stamped = typeof ts === 'number' && Number.isFinite(ts) && ts > 0;
  return bookResult(mirroredBook(yes, stamped ? new Date(ts).toISOString() : fetchedAt, stamped), drift);
}

export function bookUrl(symbol: string): string {
  const url = new URL('/l2', DLOB);
  url.searchParams.set('marketName', symbol);
  url.searchParams.set('depth', '10');
  url.searchParams.set('includeVamm', 'true');
  return url.toString();
}

async function fetchBooks(ctx: FetchContext, markets: readonly BookRequest[]): Promise<ReadonlyMap<string, BookResult>> {
  const out = new Map<string, BookResult>();
  await Promise.all(
    markets.map(async (m) => {
      try {
        const res = await ctx.http.getJson('drift', { url: bookUrl(m.platform_market_id), cost: 1, signal: ctx.signal });
        out.set(m.market_id, parseDriftBook(res.json, new Date().toISOString()));
      } catch (err) {
        if (err instanceof VenueError && !err.retryable) out.set(m.market_id, { ok: false, reason: err.message });
        else throw err;
      }
    }),
  );
  return out;
}

/** The catalogue's recorded `/l2` files serve the deeper book requests too (same URL, same map). */
export const driftOrderBooks: OrderBookCapability = { fetchBooks, recordedFile: () => null };
