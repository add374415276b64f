import { inferCategory } from '../../../shared/categories/index.ts';
import { driftFee } from '../../../shared/fees/venues/drift.ts';
import { marketId } from '../../../shared/ids.ts';
import { symbolToQuestion } from '../../../shared/text/marketSymbol.ts';
import type { MarketStatus, NormalizedMarket } from '../../../shared/types/market.ts';
import { driftFromZod } from '../drift.ts';
import type { ParseContext, ParseResult, RawItem, SchemaDrift, VenueParser } from '../types.ts';
import { toFiniteNumber } from '../limitless/values.ts';
import { rawItemSchema, type DriftL2, type DriftStatsMarket } from './schema.ts';
import { complementPrice, midpoint, mirrorQuote, type TwoSidedQuote } from '../../../shared/markets/quotes.ts';

const SLUG = 'drift';
/** DLOB prices are integers with 1e6 precision (APIS.md §7). */
const PRICE_PRECISION = 1e6;

/*
 * One raw item = one BET market from `/stats/markets` plus its DLOB `/l2` book (APIS.md §7). Trimmed:
 * {"market":{"symbol":"BTC-150K-2026-BET","marketIndex":70,"marketType":"perp","status":"active",
 *            "quoteVolume":"18342.120000","fees":{"maker":-0.00002,"taker":0.00035}},
 *  "l2":{"bids":[{"price":"118000","size":"5000000000000"}],"asks":[{"price":"125000","size":"3000000000000"}],
 *        "ts":1792627200000}}
 * BET markets are perps priced 0..1 = P(YES): long is YES, short is NO worth 1 − price.
 */
export const parseDrift: VenueParser = (item: RawItem, ctx: ParseContext): ParseResult => {
  const raw = rawItemSchema.safeParse(item.payload);
  if (!raw.success) {
    return { markets: [], skipped: [{ platform_market_id: item.id, reason: 'BET market item does not match the Drift schema', drift: driftFromZod(raw.error, item.payload) }] };
  }
  const { market, l2 } = raw.data;
  const drift: SchemaDrift[] = [];
  const quotes: DriftQuotes = l2 === null ? { yes: { best_bid: null, best_ask: null } } : quotesFrom(l2, drift);
  const taker = market.fees ? toFiniteNumber(market.fees.taker) : null;
  const maker = market.fees ? toFiniteNumber(market.fees.maker) : null;
  if (market.fees && (taker === null || maker === null)) drift.push({ field: 'market.fees', expected: 'numeric taker and maker', got: JSON.stringify(market.fees) });
  const volume = toFiniteNumber(market.quoteVolume);
  if (market.quoteVolume !== null && market.quoteVolume !== undefined && volume === null) drift.push({ field: 'market.quoteVolume', expected: 'decimal string', got: String(market.quoteVolume) });
  if (drift.length > 0) return { markets: [], skipped: [{ platform_market_id: market.symbol, reason: 'BET market with unreadable numbers', drift }] };
  return { markets: [toMarket(market, quotes, { taker, maker, volume }, l2?.ts ?? null, ctx)], skipped: [] };
};

interface DriftQuotes {
  readonly yes: TwoSidedQuote;
}

/** Top of the YES book, scaled from 1e6 (APIS.md §7); a side that is empty is null. */
function quotesFrom(l2: DriftL2, drift: SchemaDrift[]): DriftQuotes {
  const scaled = (side: 'asks' | 'bids'): number | null => {
    const top = l2[side][0];
    if (top === undefined) return null;
    const n = toFiniteNumber(top.price);
    const p = n === null ? null : n / PRICE_PRECISION;
    if (p === null || p < 0 || p > 1) {
      drift.push({ field: `l2.${side}.0.price`, expected: 'integer price with 1e6 precision in 0..1e6', got: String(top.price) });
      return null;
    }
    return p;
  };
  return { yes: { best_bid: scaled('bids'), best_ask: scaled('asks') } };
}

/**
 * Probability (docs/prices.md): the YES book's midpoint, else the last fill (`price`). A settled
 * market pays its settlement: BET markets settle to 0 or 1, read from the oracle (then the last
 * price); anything else there is an unknown settlement, not a price.
 */
function yesProbability(m: DriftStatsMarket, q: DriftQuotes, settled: boolean): number | null {
  if (settled) {
    const p = toFiniteNumber(m.oraclePrice) ?? toFiniteNumber(m.price);
    return p !== null && (Math.abs(p) < 1e-6 || Math.abs(p - 1) < 1e-6) ? Math.round(p) : null;
  }
  const last = toFiniteNumber(m.price);
  return midpoint(q.yes.best_bid, q.yes.best_ask) ?? (last !== null && last >= 0 && last <= 1 ? last : null);
}

function status(m: DriftStatsMarket): MarketStatus {
  const s = (m.status ?? '').toLowerCase();
  if (s === 'active') return 'open';
  if (s === 'settlement' || s === 'delisted') return 'resolved';
  return 'closed';
}

function toMarket(
  m: DriftStatsMarket,
  quotes: DriftQuotes,
  numbers: { taker: number | null; maker: number | null; volume: number | null },
  bookTs: number | null,
  ctx: ParseContext,
): NormalizedMarket {
  const title = symbolToQuestion(m.symbol) ?? m.symbol;
  const marketStatus = status(m);
  const yes = yesProbability(m, quotes, marketStatus === 'resolved');
  // Long is YES; a short is NO worth 1 - price, so NO's quotes mirror YES's book.
  const live = marketStatus === 'open' ? quotes.yes : { best_bid: null, best_ask: null };
  return {
    id: marketId(SLUG, m.symbol),
    platform_slug: SLUG,
    platform_market_id: m.symbol,
    title,
    slug: m.symbol.toLowerCase(),
    description: null,
    url: `https://app.drift.trade/${m.symbol}`,
    category: inferCategory({ title }),
    status: marketStatus,
    // BET markets carry no expiry in the Data API; they settle when the oracle resolves.
    end_time: null,
    created_at: null,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: yes, ...live },
      { label: 'No', outcome_index: 1, price: complementPrice(yes), ...mirrorQuote(live) },
    ],
    group: null,
    volume24h: numbers.volume,
    volume_total: null,
    liquidity: null,
    currency: 'USDC',
    play_money: false,
    fee: driftFee(numbers.taker === null || numbers.maker === null ? null : { taker: numbers.taker, maker: numbers.maker }),
    quoted_at: bookTs !== null ? new Date(bookTs).toISOString() : ctx.fetchedAt,
  };
}
