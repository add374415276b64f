import { inferCategory } from '../../../shared/categories/index.ts';
import { predictfunFee } from '../../../shared/fees/venues/predictfun.ts';
import { marketId } from '../../../shared/ids.ts';
import type { MarketStatus, NormalizedMarket } from '../../../shared/types/market.ts';
import type { ParseContext, ParseResult, RawItem, SkippedItem, VenueParser } from '../types.ts';
import { driftFromZod, isoOrNull } from '../drift.ts';
import { complementPrice, midpoint, restingQuote } from '../../../shared/markets/quotes.ts';
import { marketSchema, rawItemSchema, statsSchema, type PredictfunCategory, type PredictfunMarket, type PredictfunStats } from './schema.ts';

const SLUG = 'predictfun';
const SITE = 'https://predict.fun/market/';

/*
 * One raw item = one `/v1/categories` entry (the event, with its legs) plus the `/v1/markets` stats
 * of those legs, because nested legs carry no stats and markets carry no end date (APIS.md §8). Trimmed:
 * {"category":{"id":1627,"slug":"balance-of-power-2026-midterm-elections","title":"Balance of Power: 2026 Midterms",
 *   "endsAt":"2026-11-03T00:00:00.000Z","tags":[{"id":"1","level":1,"name":"Politics"}],"isNegRisk":true,
 *   "markets":[{"id":1910,"question":"2026 Balance of Power: D Senate, D House","title":"Democrats Sweep",
 *     "status":"REGISTERED","tradingStatus":"OPEN","feeRateBps":200,"createdAt":"2026-01-08T15:50:20.861Z",
 *     "outcomes":[{"name":"Yes","indexSet":1,"bestAsk":{"price":0.667,"size":2749.36},"bestBid":{"price":0.653,"size":10311.3}},
 *                 {"name":"No","indexSet":2,"bestAsk":{"price":0.347,"size":10311.3},"bestBid":{"price":0.333,"size":2749.36}}]}]},
 *  "marketStats":{"1910":{"volume24hUsd":66371.11,"volumeTotalUsd":2716198.06,"totalLiquidityUsd":40196.15}}}
 */
export const parsePredictfun: VenueParser = (item: RawItem, ctx: ParseContext): ParseResult => {
  const raw = rawItemSchema.safeParse(item.payload);
  if (!raw.success) {
    return { markets: [], skipped: [{ platform_market_id: item.id, reason: 'category item does not match the Predict.fun schema', drift: driftFromZod(raw.error, item.payload) }] };
  }
  const { category, marketStats } = raw.data;
  const markets: NormalizedMarket[] = [];
  const skipped: SkippedItem[] = [];
  category.markets.forEach((rawMarket, i) => {
    const m = marketSchema.safeParse(rawMarket);
    if (!m.success) {
      const id = (rawMarket as { id?: unknown } | null)?.id;
      skipped.push({
        platform_market_id: typeof id === 'number' ? String(id) : `${category.slug}#${i}`,
        reason: 'market leg does not match the Predict.fun schema',
        drift: driftFromZod(m.error, rawMarket, `category.markets.${i}.`),
      });
      return;
    }
    const stats = statsSchema.safeParse(marketStats[String(m.data.id)] ?? {});
    if (!stats.success) {
      skipped.push({ platform_market_id: String(m.data.id), reason: 'market stats changed shape', drift: driftFromZod(stats.error, marketStats[String(m.data.id)], `marketStats.${m.data.id}.`) });
      return;
    }
    markets.push(toMarket(m.data, category, stats.data, ctx));
  });
  return { markets, skipped };
};

function status(m: PredictfunMarket): MarketStatus {
  if (m.status === 'RESOLVED') return 'resolved';
  // PAUSED, PRICE_PROPOSED, PRICE_DISPUTED and REMOVED are not tradeable (APIS.md §8, `status=OPEN` returns them too).
  if (m.tradingStatus === 'OPEN' && (m.status === 'REGISTERED' || m.status === 'UNPAUSED')) return 'open';
  return 'closed';
}

/**
 * Probability (docs/prices.md): the midpoint of the first outcome's book, the second outcome its
 * complement (its book mirrors the first). A resolved leg pays its WON outcome 1 and LOST 0. The
 * listing's top of book is kept per outcome as the execution quote.
 */
function outcomesOf(m: PredictfunMarket, sorted: PredictfunMarket['outcomes']): NormalizedMarket['outcomes'] {
  const quote = (o: PredictfunMarket['outcomes'][number]) => ({ best_bid: restingQuote(o.bestBid?.price), best_ask: restingQuote(o.bestAsk?.price) });
  const first = sorted[0];
  const settled = m.status === 'RESOLVED' && sorted.some((o) => o.status === 'WON');
  const firstPrice = first === undefined ? null : midpoint(quote(first).best_bid, quote(first).best_ask);
  return sorted.map((o, i) => {
    const price = settled ? (o.status === 'WON' ? 1 : 0) : i === 0 ? firstPrice : complementPrice(firstPrice);
    return { label: o.name, outcome_index: i, price, ...quote(o) };
  });
}

function toMarket(m: PredictfunMarket, category: PredictfunCategory, stats: PredictfunStats, ctx: ParseContext): NormalizedMarket {
  const outcomes = [...m.outcomes].sort((a, b) => a.indexSet - b.indexSet);
  const inGroup = category.markets.length > 1;
  return {
    id: marketId(SLUG, String(m.id)),
    platform_slug: SLUG,
    platform_market_id: String(m.id),
    title: m.question,
    slug: category.markets.length > 1 ? `${category.slug}-${m.id}` : category.slug,
    description: m.description ?? category.description ?? null,
    url: SITE + category.slug,
    category: inferCategory({ tags: (category.tags ?? []).map((t) => t.name), title: m.question }),
    status: status(m),
    end_time: isoOrNull(category.endsAt),
    created_at: isoOrNull(m.createdAt),
    outcomes: outcomesOf(m, outcomes),
    group: inGroup ? { id: category.slug, title: category.title.trim(), outcome_label: m.title } : null,
    volume24h: stats.volume24hUsd ?? null,
    volume_total: stats.volumeTotalUsd ?? null,
    liquidity: stats.totalLiquidityUsd ?? null,
    currency: 'USDT',
    play_money: false,
    fee: predictfunFee(m.feeRateBps),
    // The listing has no quote timestamp.
    quoted_at: ctx.fetchedAt,
  };
}
