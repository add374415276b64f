import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, SchemaDrift } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { KALSHI_ENDPOINTS, kalshiUrl } from './connector.ts';
import { contractString, dollarString } from './schema.ts';

/** One price level: price in dollars per $1 contract (0..1), size in contracts. */
export interface BookLevel {
  readonly price: number;
  readonly size: number;
}

/** Both sides of one outcome's book, best level first. */
export interface BookSide {
  readonly bids: readonly BookLevel[];
  readonly asks: readonly BookLevel[];
}

/** A Kalshi market's order book seen from Yes and from No. */
export interface KalshiOrderBook {
  readonly ticker: string;
  readonly yes: BookSide;
  readonly no: BookSide;
}

export type OrderBookParse = { readonly ok: true; readonly book: KalshiOrderBook } | { readonly ok: false; readonly drift: readonly SchemaDrift[] };

const levels = z.array(z.tuple([dollarString, contractString])).nullish();
/**
 * The March-2026 fixed-point shape; `null` (or no key) is an empty side. A book that has keys but
 * neither ladder was renamed, and must not read as an empty book.
 */
const fixedPoint = z.object({
  orderbook_fp: z.looseObject({ yes_dollars: levels, no_dollars: levels }).refine(
    (b) => Object.keys(b).length === 0 || 'yes_dollars' in b || 'no_dollars' in b,
    { message: 'yes_dollars / no_dollars ladders', path: ['yes_dollars'] },
  ),
});
/** The legacy integer-cent shape, kept as a fallback (APIS.md §9). */
const legacyLevels = z.array(z.tuple([z.number().int(), z.number()])).nullish();
const legacy = z.object({ orderbook: z.object({ yes: legacyLevels, no: legacyLevels }) });

const MICRO = 1e6;
/** Micro-dollars, so 1 - 0.88 is exactly 0.12 and complements never pick up binary noise. */
const micro = (dollars: number): number => Math.round(dollars * MICRO);

function toLevels(raw: ReadonlyArray<readonly [number, number]>, field: string): { levels: BookLevel[]; drift: SchemaDrift[] } {
  const out: BookLevel[] = [];
  const drift: SchemaDrift[] = [];
  raw.forEach(([price, size], i) => {
    if (!(price > 0 && price < 1)) drift.push({ field: `${field}.${i}.0`, expected: 'price strictly between 0 and 1', got: String(price) });
    else if (size > 0) out.push({ price, size });
  });
  return { levels: out, drift };
}

const bestFirst = (a: BookLevel, b: BookLevel): number => b.price - a.price;
/** Kalshi lists only bids: a bid for one outcome at q is an offer of the other at 1 - q, same size. */
const asAsks = (bids: readonly BookLevel[]): BookLevel[] =>
  bids.map((l) => ({ price: (MICRO - micro(l.price)) / MICRO, size: l.size })).sort((a, b) => a.price - b.price);

/*
 * GET /markets/{ticker}/orderbook (recorded/markets-ticker-orderbook.synpath.json, trimmed):
 * {"orderbook_fp":{"no_dollars":[["0.0100","13501.00"],…,["0.8700","1799.44"],["0.8800","265.22"]],
 *                  "yes_dollars":[["0.0100","4008.78"],…,["0.0900","735.07"],["0.1000","79.35"]]}}
 * Both ladders are bids, ascending: the best Yes bid is the last entry (0.10), and the best No bid
 * (0.88) is a Yes ask at 0.12.
 */
export function parseKalshiOrderBook(ticker: string, json: unknown): OrderBookParse {
  const sides = readSides(json);
  if ('drift' in sides) return { ok: false, drift: sides.drift };
  const yes = toLevels(sides.yes, sides.yesField);
  const no = toLevels(sides.no, sides.noField);
  const drift = [...yes.drift, ...no.drift];
  if (drift.length > 0) return { ok: false, drift };
  const yesBids = [...yes.levels].sort(bestFirst);
  const noBids = [...no.levels].sort(bestFirst);
  return { ok: true, book: { ticker, yes: { bids: yesBids, asks: asAsks(noBids) }, no: { bids: noBids, asks: asAsks(yesBids) } } };
}

type Pairs = Array<readonly [number, number]>;
type Sides = { yes: Pairs; no: Pairs; yesField: string; noField: string } | { drift: SchemaDrift[] };

/** Dollar strings from the fixed-point shape, or cents from the legacy one; drift is reported against the current shape. */
function readSides(json: unknown): Sides {
  const fp = fixedPoint.safeParse(json);
  if (fp.success) {
    const pairs = (l: Array<[string, string]> | null | undefined): Pairs => (l ?? []).map(([p, s]) => [Number(p), Number(s)] as const);
    return { yes: pairs(fp.data.orderbook_fp.yes_dollars), no: pairs(fp.data.orderbook_fp.no_dollars), yesField: 'orderbook_fp.yes_dollars', noField: 'orderbook_fp.no_dollars' };
  }
  const old = legacy.safeParse(json);
  if (!old.success) return { drift: driftFromZod(fp.error, json) };
  const cents = (l: Array<[number, number]> | null | undefined): Pairs => (l ?? []).map(([c, n]) => [c / 100, n] as const);
  return { yes: cents(old.data.orderbook.yes), no: cents(old.data.orderbook.no), yesField: 'orderbook.yes', noField: 'orderbook.no' };
}

/** The raw order book of one market (public, no auth); `depth` limits the levels per side. */
export async function fetchKalshiOrderBookRaw(ctx: FetchContext, ticker: string, depth?: number): Promise<unknown> {
  const path = KALSHI_ENDPOINTS.orderbook.path.replace('{ticker}', encodeURIComponent(ticker));
  const res = await ctx.http.getJson('kalshi', {
    url: kalshiUrl(path, depth === undefined ? {} : { depth: String(depth) }),
    cost: KALSHI_ENDPOINTS.orderbook.cost,
    signal: ctx.signal,
  });
  return res.json;
}

/** Fetches and parses; a book of another shape is SCHEMA_DRIFT naming the fields. */
export async function fetchKalshiOrderBook(ctx: FetchContext, ticker: string, depth?: number): Promise<KalshiOrderBook> {
  const parsed = parseKalshiOrderBook(ticker, await fetchKalshiOrderBookRaw(ctx, ticker, depth));
  if (parsed.ok) return parsed.book;
  const fields = parsed.drift.map((d) => `${d.field} (expected ${d.expected}, got ${d.got})`).join('; ');
  throw new VenueError('kalshi', 'SCHEMA_DRIFT', `Kalshi order book of ${ticker} changed shape: ${fields}`);
}
