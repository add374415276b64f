import type { BookLevel } from './types.ts';
import { legFee, positionCost, type LegFee, type LegOrder } from './legFees.ts';

/**
 * The economics of one pair: one share of the instrument paying on the question's Yes (the buy leg)
 * and one position paying on its No (the sell leg: a sale of Yes at its bid, or a purchase of No).
 * Exactly one of the two pays 1 at settlement.
 */
export interface PairEconomics {
  readonly buy_price: number;
  /** The Yes price the sell leg realises: its bid, or 1 - the No price bought. */
  readonly sell_price: number;
  /** sell_price - buy_price = 1 - (cost of both positions). */
  readonly spread: number;
  /** Cash out per pair at entry: both positions plus taker fees. */
  readonly capital: number;
  /** Per pair: taker fees of both legs plus the larger settlement fee (only the winner pays one). */
  readonly fees_total: number;
  readonly buy_fee: number;
  readonly sell_fee: number;
  /** spread - fees_total: what a pair earns whichever way the question resolves. */
  readonly net: number;
  readonly fees_known: boolean;
}

const ZERO: LegFee = { trade: 0, settlement: 0 };

export function pairEconomics(buy: LegOrder, sell: LegOrder): PairEconomics {
  const a = legFee(buy);
  const b = legFee(sell);
  const fa = a ?? ZERO;
  const fb = b ?? ZERO;
  const buyPrice = buy.price;
  const sellPrice = 1 - positionCost(sell);
  const spread = sellPrice - buyPrice;
  const capital = buyPrice + positionCost(sell) + fa.trade + fb.trade;
  const feesTotal = fa.trade + fb.trade + Math.max(fa.settlement, fb.settlement);
  return {
    buy_price: buyPrice,
    sell_price: sellPrice,
    spread,
    capital,
    fees_total: feesTotal,
    buy_fee: fa.trade + fa.settlement,
    sell_fee: fb.trade + fb.settlement,
    net: spread - feesTotal,
    fees_known: a !== null && b !== null,
  };
}

export interface WalkResult {
  /** Pairs tradeable while every marginal pair nets more than 0. */
  readonly size: number;
  /** Cash needed for them, fees included. */
  readonly capital: number;
  /** What they earn in total, whichever way the question resolves. */
  readonly profit: number;
}

/**
 * Walks both books level by level (best first), pairing the cheapest remaining shares of each leg,
 * and stops at the first pair of levels whose net is not positive. Levels must carry finite sizes
 * (only fetched order books do). Fees are recomputed at each level's price.
 */
export function walkBooks(
  buyLevels: readonly BookLevel[],
  sellLevels: readonly BookLevel[],
  order: (buyPrice: number, sellPrice: number) => { buy: LegOrder; sell: LegOrder },
): WalkResult {
  let i = 0;
  let j = 0;
  let leftBuy = buyLevels[0]?.size ?? 0;
  let leftSell = sellLevels[0]?.size ?? 0;
  let size = 0;
  let capital = 0;
  let profit = 0;
  while (i < buyLevels.length && j < sellLevels.length) {
    const bl = buyLevels[i] as BookLevel;
    const sl = sellLevels[j] as BookLevel;
    const legs = order(bl.price, sl.price);
    const e = pairEconomics(legs.buy, legs.sell);
    if (!(e.net > 0)) break;
    const q = Math.min(leftBuy, leftSell);
    if (!Number.isFinite(q) || q < 0) break;
    size += q;
    capital += q * e.capital;
    profit += q * e.net;
    leftBuy -= q;
    leftSell -= q;
    if (leftBuy <= 1e-12) leftBuy = buyLevels[++i]?.size ?? 0;
    if (leftSell <= 1e-12) leftSell = sellLevels[++j]?.size ?? 0;
  }
  return { size, capital, profit };
}
