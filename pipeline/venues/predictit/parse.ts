import { z } from 'zod';
import { marketId } from '../../../shared/ids.ts';
import { VENUES } from '../../../shared/venues/registry.ts';
import { inferCategory } from '../../../shared/categories/inferCategory.ts';
import { PREDICTIT_FEE } from '../../../shared/fees/venues/predictit.ts';
import type { MarketStatus, NormalizedMarket } from '../../../shared/types/market.ts';
import type { ParseResult, SkippedItem, VenueParser } from '../types.ts';
import { driftFromZod, rawIdOf, skipped, slugify } from '../drift.ts';
import { easternTimeToIso, easternWallClockToIso } from './easternTime.ts';
import { complementPrice, midpoint, restingQuote, type TwoSidedQuote } from '../../../shared/markets/quotes.ts';

const VENUE = VENUES.predictit;

const price = z.number().min(0).max(1);

const piMarket = z.looseObject({
  id: z.union([z.number(), z.string().min(1)]).transform(String),
  name: z.string().trim().min(1),
  url: z.string().nullish().catch(undefined),
  timeStamp: z.string().nullish().catch(undefined),
  contracts: z.array(z.unknown()).min(1),
});

// Price keys must be present: null is PredictIt's "no resting orders", a missing key is drift.
const piContract = z.looseObject({
  id: z.union([z.number(), z.string().min(1)]).transform(String),
  name: z.string().trim().min(1),
  status: z.string(),
  dateEnd: z.string().nullish().catch(undefined),
  lastTradePrice: price.nullable(),
  bestBuyYesCost: price.nullable(),
  bestBuyNoCost: price.nullable(),
  // The bids were added for execution quotes; older captures may lack them, so missing is "no bid".
  bestSellYesCost: price.nullish(),
  bestSellNoCost: price.nullish(),
});
type PiContract = z.infer<typeof piContract>;

const STATUS: Readonly<Record<string, MarketStatus>> = { open: 'open', closed: 'closed', resolved: 'resolved', settled: 'resolved' };

/**
 * PredictIt's probability (docs/prices.md): the last trade, PredictIt's own headline price. A
 * `lastTradePrice` of 0 means the contract never traded (prices run 0.01-0.99), so it is no price:
 * then the midpoint of the Yes bid and ask, else the complement of the No midpoint, else null.
 * No = 1 - Yes, the complement of the same observation, as on every other venue.
 */
function probabilities(c: PiContract): { yes: number | null; no: number | null } {
  const last = restingQuote(c.lastTradePrice);
  const yesMid = midpoint(restingQuote(c.bestSellYesCost), restingQuote(c.bestBuyYesCost));
  const noMid = midpoint(restingQuote(c.bestSellNoCost), restingQuote(c.bestBuyNoCost));
  const yes = last ?? yesMid ?? complementPrice(noMid);
  return { yes, no: complementPrice(yes) };
}

/** Execution quotes: "buy" costs are asks, "sell" costs are bids; null means no resting order. */
function quotes(c: PiContract): { yes: TwoSidedQuote; no: TwoSidedQuote } {
  return {
    yes: { best_bid: restingQuote(c.bestSellYesCost), best_ask: restingQuote(c.bestBuyYesCost) },
    no: { best_bid: restingQuote(c.bestSellNoCost), best_ask: restingQuote(c.bestBuyNoCost) },
  };
}

/*
 * `GET /api/marketdata/all/` market (trimmed from recorded/marketdata-all.json, 2026-01-31):
 * {"id":8153,"name":"Who will win the 2028 Democratic presidential nomination?","shortName":"…",
 *  "url":"https://www.predictit.org/markets/detail/8153/…","timeStamp":"2026-01-31T13:10:26.3247098","status":"Open",
 *  "contracts":[{"id":31937,"dateEnd":"NA","name":"Gavin Newsom","shortName":"Gavin Newsom","status":"Open",
 *    "lastTradePrice":0.32,"bestBuyYesCost":0.33,"bestBuyNoCost":0.68,"bestSellYesCost":0.32,"bestSellNoCost":0.67,
 *    "lastClosePrice":0.32,"displayOrder":0}, …]}
 * Prices are USD per $1 share (= probability); times are US Eastern without a zone; no volumes.
 */
export const parsePredictIt: VenueParser = (item, ctx): ParseResult => {
  const raw = item.payload;
  const parsed = piMarket.safeParse(raw);
  if (!parsed.success) {
    return { markets: [], skipped: [skipped(rawIdOf(raw, item.id), 'PredictIt market is missing a required field or has a changed type', driftFromZod(parsed.error, raw))] };
  }
  const m = parsed.data;
  const quotedAt = (m.timeStamp && easternWallClockToIso(m.timeStamp)) || ctx.fetchedAt;
  const single = m.contracts.length === 1;
  const markets: NormalizedMarket[] = [];
  const skips: SkippedItem[] = [];
  m.contracts.forEach((rawContract, i) => {
    const pc = piContract.safeParse(rawContract);
    if (!pc.success) {
      skips.push(skipped(rawIdOf(rawContract, `${m.id}#${i}`), `PredictIt contract of market ${m.id} is missing a required field or has a changed type`, driftFromZod(pc.error, rawContract, `contracts[${i}].`)));
      return;
    }
    const c = pc.data;
    const status = STATUS[c.status.toLowerCase()];
    if (!status) {
      skips.push(skipped(c.id, `unknown PredictIt contract status "${c.status}"`, [{ field: `contracts[${i}].status`, expected: 'Open | Closed', got: `string "${c.status}"` }]));
      return;
    }
    // A single-contract market is the question itself; otherwise each contract is one answer of it.
    const title = single ? m.name : `${m.name} — ${c.name}`;
    const { yes, no } = probabilities(c);
    const q = quotes(c);
    markets.push({
      id: marketId(VENUE.slug, c.id),
      platform_slug: VENUE.slug,
      platform_market_id: c.id,
      title,
      slug: slugify(title) || c.id,
      description: null,
      url: m.url ?? null,
      category: inferCategory({ title, fallback: 'politics' }),
      status,
      end_time: c.dateEnd && c.dateEnd !== 'NA' ? easternTimeToIso(c.dateEnd) : null,
      created_at: null,
      outcomes: [
        { label: 'Yes', outcome_index: 0, price: yes, ...q.yes },
        { label: 'No', outcome_index: 1, price: no, ...q.no },
      ],
      group: single ? null : { id: m.id, title: m.name, outcome_label: c.name },
      // PredictIt publishes no volume or liquidity: unknown, not zero.
      volume24h: null,
      volume_total: null,
      liquidity: null,
      currency: VENUE.currency,
      play_money: VENUE.playMoney,
      fee: PREDICTIT_FEE,
      quoted_at: quotedAt,
    });
  });
  return { markets, skipped: skips };
};
