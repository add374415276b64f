import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { BookRequest, BookResult, FetchContext, OrderBookCapability, SchemaDrift } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { bookResult, levels, mirroredBook } from '../orderbook/book.ts';

const API = 'https://api.predict.fun';
const BATCH = { path: '/v1/markets/orderbooks', cost: 1 } as const;
/** Ids per batch call, as Synpath's client sends (APIS.md §8). */
export const PREDICTFUN_BOOKS_PER_CALL = 50;

const pair = z.tuple([z.number(), z.number()]);
const bookSchema = z.looseObject({
  marketId: z.number().int(),
  /** Milliseconds. */
  updateTimestampMs: z.number().nullish(),
  bids: z.array(pair),
  asks: z.array(pair),
});
const batchSchema = z.object({ success: z.literal(true).optional(), data: z.array(z.unknown()) });

/*
 * `GET /v1/markets/orderbooks?ids=…` (recorded/v1-markets-orderbooks-batch.synpath.json, real), one entry trimmed:
 * {"marketId":2880279,"updateTimestampMs":1791200627815,"bids":[[0.87,11.5],[0.86,6216.48],…],"asks":[[0.89,108.93],…],
 *  "lastOrderSettled":{"price":"0.87","side":"Bid","outcome":"Yes",…}}
 * The book is YES-only (indexSet 1), prices 0..1 and sizes in shares; No mirrors Yes.
 */
export function parsePredictfunBook(raw: unknown, fetchedAt: string): { readonly marketId: number | null; readonly result: BookResult } {
  const parsed = bookSchema.safeParse(raw);
  if (!parsed.success) return { marketId: null, result: bookResult(mirroredBook({ bids: [], asks: [] }, fetchedAt, false), driftFromZod(parsed.error, raw)) };
  const drift: SchemaDrift[] = [];
  const lv = (l: readonly (readonly [number, number])[]) => l.map(([price, size]) => ({ price, size }));
  const yes = { bids: levels(lv(parsed.data.bids), 'bids', 'bids', drift), asks: levels(lv(parsed.data.asks), 'asks', 'asks', drift) };
  const ts = parsed.data.updateTimestampMs;
  const stamped = typeof ts === 'number' && Number.isFinite(ts) && ts > 0;
  return { marketId: parsed.data.marketId, result: bookResult(mirroredBook(yes, stamped ? new Date(ts).toISOString() : fetchedAt, stamped), drift) };
}

export function batchUrl(ids: readonly string[]): string {
  const url = new URL(BATCH.path, API);
  for (const id of ids) url.searchParams.append('ids', id);
  return url.toString();
}

async function fetchBooks(ctx: FetchContext, markets: readonly BookRequest[]): Promise<ReadonlyMap<string, BookResult>> {
  const out = new Map<string, BookResult>();
  if (!ctx.apiKey) {
    for (const m of markets) out.set(m.market_id, { ok: false, reason: 'Predict.fun needs an API key (PREDICTFUN_API_KEY)' });
    return out;
  }
  for (let i = 0; i < markets.length; i += PREDICTFUN_BOOKS_PER_CALL) {
    const chunk = markets.slice(i, i + PREDICTFUN_BOOKS_PER_CALL);
    let data: unknown[];
    try {
      const res = await ctx.http.getJson('predictfun', { url: batchUrl(chunk.map((m) => m.platform_market_id)), headers: { 'x-api-key': ctx.apiKey }, cost: BATCH.cost, signal: ctx.signal });
      const body = batchSchema.safeParse(res.json);
      if (!body.success) throw new VenueError('predictfun', 'SCHEMA_DRIFT', `${BATCH.path} is not {success, data[]}: ${body.error.message}`);
      data = body.data.data;
    } catch (err) {
      if (!(err instanceof VenueError) || err.retryable) throw err;
      for (const m of chunk) out.set(m.market_id, { ok: false, reason: err.message });
      continue;
    }
    const fetchedAt = new Date().toISOString();
    const byId = new Map<string, BookResult>();
    for (const entry of data) {
      const { marketId, result } = parsePredictfunBook(entry, fetchedAt);
      if (marketId !== null) byId.set(String(marketId), result);
    }
    for (const m of chunk) out.set(m.market_id, byId.get(m.platform_market_id) ?? { ok: false, reason: `Predict.fun returned no book for market ${m.platform_market_id}` });
  }
  return out;
}

/**
 * Recorded mode cannot know which ids a batch will name, so every batch is answered from one file holding
 * every recorded book (the three real captured ones and the composed ones; recorded/README.md); the parser
 * keeps the requested ids.
 */
function recordedFile(url: URL): string | null {
  return url.pathname === BATCH.path ? 'v1-markets-orderbooks.real-plus-composed.json' : null;
}

export const predictfunOrderBooks: OrderBookCapability = { fetchBooks, recordedFile };
