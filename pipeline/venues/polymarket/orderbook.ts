import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { BookRequest, BookResult, FetchContext, OrderBookCapability, SchemaDrift } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { bookResult, levels, mirroredBook } from '../orderbook/book.ts';

const CLOB = 'https://clob.polymarket.com';
const BOOK = { path: '/book', cost: 1 } as const;

const decimal = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)]);
const level = z.object({ price: decimal, size: decimal });
const bookSchema = z.looseObject({
  asset_id: z.string().optional(),
  /** Milliseconds, sent as a string. */
  timestamp: z.union([z.string(), z.number()]).nullish(),
  bids: z.array(level),
  asks: z.array(level),
});

/*
 * `GET https://clob.polymarket.com/book?token_id=<Yes token>` (APIS.md §1), trimmed:
 * {"market":"0x…","asset_id":"7024…","timestamp":"1769880000000","bids":[{"price":"0.30","size":"1200"},…],
 *  "asks":[{"price":"0.32","size":"800"},…],"tick_size":"0.01","min_order_size":"5","neg_risk":true}
 * Prices and sizes (shares) are decimal strings; the CLOB lists bids lowest first and asks highest first,
 * so levels are re-sorted best first. The book is the Yes token's; No mirrors it.
 */
export function parsePolymarketBook(raw: unknown, fetchedAt: string): BookResult {
  const parsed = bookSchema.safeParse(raw);
  if (!parsed.success) return bookResult(mirroredBook({ bids: [], asks: [] }, fetchedAt, false), driftFromZod(parsed.error, raw));
  const drift: SchemaDrift[] = [];
  const yes = { bids: levels(parsed.data.bids, 'bids', 'bids', drift), asks: levels(parsed.data.asks, 'asks', 'asks', drift) };
  const ts = parsed.data.timestamp === null || parsed.data.timestamp === undefined ? Number.NaN : Number(parsed.data.timestamp);
  const stamped = Number.isFinite(ts) && ts > 0;
  return bookResult(mirroredBook(yes, stamped ? new Date(ts).toISOString() : fetchedAt, stamped), drift);
}

export function bookUrl(tokenId: string): string {
  return `${CLOB}${BOOK.path}?${new URLSearchParams({ token_id: tokenId }).toString()}`;
}

async function fetchBooks(ctx: FetchContext, markets: readonly BookRequest[]): Promise<ReadonlyMap<string, BookResult>> {
  const out = new Map<string, BookResult>();
  await Promise.all(
    markets.map(async (m) => {
      if (!m.book_ref) {
        out.set(m.market_id, { ok: false, reason: 'the market payload carried no CLOB token id' });
        return;
      }
      try {
        const res = await ctx.http.getJson('polymarket', { url: bookUrl(m.book_ref), cost: BOOK.cost, signal: ctx.signal });
        out.set(m.market_id, parsePolymarketBook(res.json, new Date().toISOString()));
      } catch (err) {
        if (err instanceof VenueError && !err.retryable) out.set(m.market_id, { ok: false, reason: err.message });
        else throw err;
      }
    }),
  );
  return out;
}

/** Recorded books are named by the token they belong to (recorded/README.md). */
function recordedFile(url: URL): string | null {
  if (url.origin !== CLOB || url.pathname !== BOOK.path) return null;
  const token = url.searchParams.get('token_id') ?? '';
  return /^\d{1,100}$/.test(token) ? `clob-book.${token}.composed.json` : null;
}

export const polymarketOrderBooks: OrderBookCapability = { fetchBooks, recordedFile };
