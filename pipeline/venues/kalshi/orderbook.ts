import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { BookLevel } from '../../../shared/arbitrage/types.ts';
import type { BookRequest, BookResult, FetchContext, OrderBookCapability, SchemaDrift } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { bookResult, complementLevel, levels, mirroredBook, type RawLevel } from '../orderbook/book.ts';
import { KALSHI_API, KALSHI_ENDPOINTS, kalshiUrl } from './connector.ts';
import { contractString, dollarString } from './schema.ts';

const ladder = z.array(z.tuple([dollarString, contractString])).nullish();
/**
 * The March-2026 fixed-point shape; `null` (or no key) is an empty side. A book that has keys but
 * neither ladder was renamed, and must not read as an empty book.
 */
const fixedPoint = z.object({
  orderbook_fp: z.looseObject({ yes_dollars: ladder, no_dollars: ladder }).refine(
    (b) => Object.keys(b).length === 0 || 'yes_dollars' in b || 'no_dollars' in b,
    { message: 'yes_dollars / no_dollars ladders', path: ['yes_dollars'] },
  ),
});
/** The legacy integer-cent shape, kept as a fallback (APIS.md §9). */
const legacyLadder = z.array(z.tuple([z.number().int(), z.number()])).nullish();
const legacy = z.object({ orderbook: z.object({ yes: legacyLadder, no: legacyLadder }) });

interface Ladders {
  readonly yes: readonly RawLevel[];
  readonly no: readonly RawLevel[];
  readonly yesField: string;
  readonly noField: string;
}

/** Dollar strings from the fixed-point shape, or cents from the legacy one; drift is reported against the current shape. */
function readLadders(raw: unknown): Ladders | { readonly drift: SchemaDrift[] } {
  const fp = fixedPoint.safeParse(raw);
  if (fp.success) {
    const read = (l: ReadonlyArray<readonly [string, string]> | null | undefined): RawLevel[] => (l ?? []).map(([price, size]) => ({ price: Number(price), size: Number(size) }));
    const book = fp.data.orderbook_fp;
    return { yes: read(book.yes_dollars), no: read(book.no_dollars), yesField: 'orderbook_fp.yes_dollars', noField: 'orderbook_fp.no_dollars' };
  }
  const old = legacy.safeParse(raw);
  if (!old.success) return { drift: driftFromZod(fp.error, raw) };
  const cents = (l: ReadonlyArray<readonly [number, number]> | null | undefined): RawLevel[] => (l ?? []).map(([c, size]) => ({ price: c / 100, size }));
  return { yes: cents(old.data.orderbook.yes), no: cents(old.data.orderbook.no), yesField: 'orderbook.yes', noField: 'orderbook.no' };
}

/*
 * GET /markets/{ticker}/orderbook (recorded/markets-ticker-orderbook.synpath.json, trimmed):
 * {"orderbook_fp":{"no_dollars":[["0.0100","13501.00"],…,["0.8700","1799.44"],["0.8800","265.22"]],
 *                  "yes_dollars":[["0.0100","4008.78"],…,["0.0900","735.07"],["0.1000","79.35"]]}}
 * Both ladders are bids, ascending, in dollars per $1 contract and contracts: the best Yes bid is the
 * last entry (0.10), and the best No bid (0.88) is a Yes offer at 0.12 of the same 265.22 contracts
 * (buying Yes from a No bidder). The book carries no timestamp, so it is as fresh as its fetch.
 */
export function parseKalshiBook(raw: unknown, fetchedAt: string): BookResult {
  const ladders = readLadders(raw);
  if ('drift' in ladders) return bookResult(mirroredBook({ bids: [], asks: [] }, fetchedAt, false), ladders.drift);
  const drift: SchemaDrift[] = [];
  const yesBids = levels(ladders.yes, 'bids', ladders.yesField, drift);
  const noBids: readonly BookLevel[] = levels(ladders.no, 'bids', ladders.noField, drift);
  // The best No bid is the lowest Yes ask, so No bids best first become Yes asks best first.
  return bookResult(mirroredBook({ bids: yesBids, asks: noBids.map(complementLevel) }, fetchedAt, false), drift);
}

export function kalshiBookUrl(ticker: string): string {
  return kalshiUrl(KALSHI_ENDPOINTS.orderbook.path.replace('{ticker}', encodeURIComponent(ticker)));
}

/**
 * One request per market (Kalshi has no batch book endpoint), through the venue transport: its token
 * bucket spaces them at Kalshi's public read pace. A market Kalshi refuses (404, a changed shape) keeps
 * its listing quotes; a retryable failure after the transport's retries fails the venue's batch.
 */
async function fetchBooks(ctx: FetchContext, markets: readonly BookRequest[]): Promise<ReadonlyMap<string, BookResult>> {
  const out = new Map<string, BookResult>();
  await Promise.all(
    markets.map(async (m) => {
      try {
        const res = await ctx.http.getJson('kalshi', { url: kalshiBookUrl(m.platform_market_id), cost: KALSHI_ENDPOINTS.orderbook.cost, signal: ctx.signal });
        out.set(m.market_id, parseKalshiBook(res.json, new Date().toISOString()));
      } catch (err) {
        if (err instanceof VenueError && !err.retryable) out.set(m.market_id, { ok: false, reason: err.message });
        else throw err;
      }
    }),
  );
  return out;
}

const API = new URL(KALSHI_API);
const BOOK_PATH = new RegExp(`^${API.pathname}/markets/([A-Za-z0-9._-]{1,100})/orderbook$`);
/** The one real captured book; every other recorded book was composed from the recorded listing (recorded/README.md). */
const REAL_BOOKS: Readonly<Record<string, string>> = { 'KXELONMARS-99': 'markets-ticker-orderbook.synpath.json' };

function recordedFile(url: URL): string | null {
  if (url.origin !== API.origin) return null;
  const ticker = BOOK_PATH.exec(url.pathname)?.[1];
  if (!ticker) return null;
  return REAL_BOOKS[ticker] ?? `orderbook.${ticker}.composed.json`;
}

export const kalshiOrderBooks: OrderBookCapability = { fetchBooks, recordedFile };
