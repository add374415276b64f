import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { BookRequest, BookResult, FetchContext, OrderBookCapability, SchemaDrift } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { bookResult, levels, mirroredBook } from '../orderbook/book.ts';

const API = 'https://api.limitless.exchange';
/** Book sizes are 1e6 base units of shares (APIS.md §2). */
const SHARE_UNITS = 1e6;

const level = z.object({ price: z.number(), size: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]) });
const bookSchema = z.looseObject({ bids: z.array(level), asks: z.array(level), tokenId: z.string().nullish() });

/*
 * `GET /markets/{slug}/orderbook` (recorded/markets-slug-orderbook.synpath.json, real), trimmed:
 * {"bids":[{"price":0.021,"size":1000000000,"side":"BUY"},…],"asks":[{"price":0.053,"size":1000000000,"side":"SELL"},…],
 *  "tokenId":"7024…","midpoint":0.037,"lastTradePrice":0.046,"minSize":"100000000","maxSpread":"0.035"}
 * The book is the YES token's (`tokenId` = tokens.yes); sizes are shares x 1e6; No mirrors Yes. No timestamp.
 */
export function parseLimitlessBook(raw: unknown, fetchedAt: string): BookResult {
  const parsed = bookSchema.safeParse(raw);
  if (!parsed.success) return bookResult(mirroredBook({ bids: [], asks: [] }, fetchedAt, false), driftFromZod(parsed.error, raw));
  const drift: SchemaDrift[] = [];
  const scale = (l: { price: number; size: number }) => ({ price: l.price, size: l.size / SHARE_UNITS });
  const yes = { bids: levels(parsed.data.bids.map(scale), 'bids', 'bids', drift), asks: levels(parsed.data.asks.map(scale), 'asks', 'asks', drift) };
  return bookResult(mirroredBook(yes, fetchedAt, false), drift);
}

export function bookUrl(slug: string): string {
  return `${API}/markets/${encodeURIComponent(slug)}/orderbook`;
}

async function fetchBooks(ctx: FetchContext, markets: readonly BookRequest[]): Promise<ReadonlyMap<string, BookResult>> {
  const out = new Map<string, BookResult>();
  await Promise.all(
    markets.map(async (m) => {
      try {
        const res = await ctx.http.getJson('limitless', { url: bookUrl(m.platform_market_id), cost: 1, signal: ctx.signal });
        out.set(m.market_id, parseLimitlessBook(res.json, new Date().toISOString()));
      } catch (err) {
        if (err instanceof VenueError && !err.retryable) out.set(m.market_id, { ok: false, reason: err.message });
        else throw err;
      }
    }),
  );
  return out;
}

function recordedFile(url: URL): string | null {
  const m = /^\/markets\/([A-Za-z0-9-]{1,200})\/orderbook$/.exec(url.pathname);
  if (!m) return null;
  // The one real capture keeps its source name; every other recorded book was composed (recorded/README.md).
  return m[1] === 'btc-up-or-down-daily-p-1791308105925' ? 'markets-slug-orderbook.synpath.json' : `orderbook.${m[1]}.composed.json`;
}

export const limitlessOrderBooks: OrderBookCapability = { fetchBooks, recordedFile };
