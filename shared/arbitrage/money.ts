import type { BookLevel } from './types.ts';
import { roundsPerOrder } from '../fees/orderFee.ts';
import { legFee, legOrderFee, positionCost, type LegFee, type LegFill, type LegOrder } from './legFees.ts';

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
  /** Pairs of the largest profitable order: marginal pairs net more than 0 and the whole order, fees as charged, too. */
  readonly size: number;
  /** Cash needed for them, fees as charged included. */
  readonly capital: number;
  /** What they earn in total, whichever way the question resolves. */
  readonly profit: number;
}

type PairOrders = (buyPrice: number, sellPrice: number) => { buy: LegOrder; sell: LegOrder };

/** Pairs taken at one pair of levels. */
interface Segment {
  readonly size: number;
  readonly buy: LegOrder;
  readonly sell: LegOrder;
}

const NOTHING: WalkResult = { size: 0, capital: 0, profit: 0 };
/** Below this an order's profit is binary noise (1 - 0.48 - 0.50 - 0.02 is 1.7e-17), not money. */
const PROFIT_EPSILON = 1e-9;
/** Order sizes are searched to a hundredth of a share (Kalshi's fractional contracts carry two decimals). */
const SIZE_STEP = 0.01;

/** Consecutive pairs at the same price are one fill of that level. */
function fillsOf(segments: readonly Segment[], leg: 'buy' | 'sell'): LegFill[] {
  const fills: LegFill[] = [];
  for (const s of segments) {
    const last = fills.at(-1);
    if (last && last.price === s[leg].price) fills[fills.length - 1] = { price: last.price, size: last.size + s.size };
    else fills.push({ price: s[leg].price, size: s.size });
  }
  return fills;
}

/** The first `size` pairs of the walk. */
function prefix(segments: readonly Segment[], size: number): Segment[] {
  const out: Segment[] = [];
  let left = size;
  for (const s of segments) {
    if (left <= 1e-12) break;
    out.push(s.size <= left ? s : { ...s, size: left });
    left -= s.size;
  }
  return out;
}

/**
 * One order per leg over these pairs, with fees as each venue charges an order (`legOrderFee`: Kalshi's
 * rounding up to the cent included); only the larger settlement fee is paid, as only one leg can win.
 */
function orderTotals(segments: readonly Segment[]): WalkResult & { readonly roundedFees: number } {
  const first = segments[0];
  if (!first) return { ...NOTHING, roundedFees: 0 };
  const a = legOrderFee(first.buy, fillsOf(segments, 'buy')) ?? { trade: 0, settlement: 0 };
  const b = legOrderFee(first.sell, fillsOf(segments, 'sell')) ?? { trade: 0, settlement: 0 };
  let size = 0;
  let positions = 0;
  let spread = 0;
  for (const s of segments) {
    size += s.size;
    positions += s.size * (s.buy.price + positionCost(s.sell));
    spread += s.size * (1 - positionCost(s.sell) - s.buy.price);
  }
  const trade = a.trade + b.trade;
  const roundedFees = (roundsPerOrder(first.buy.fee) ? a.trade : 0) + (roundsPerOrder(first.sell.fee) ? b.trade : 0);
  return { size, capital: positions + trade, profit: spread - trade - Math.max(a.settlement, b.settlement), roundedFees };
}

/**
 * The largest profitable order the two books support. Walks both books level by level (best first),
 * pairing the cheapest remaining shares of each leg, and stops at the first pair of levels whose marginal
 * pair does not net more than 0 (fees per share recomputed at each level's price). The order is then
 * priced as the venues charge it. A venue that rounds its fee per order (Kalshi, up to the cent) can make
 * a small order lose what its pairs earn (a 1-lot at 0.50 pays 0.02, not 0.0175); then the order shrinks
 * to the largest size whose rounded fee is one step lower, where the profit within that fee step is
 * highest, and is nothing if that does not profit either (an earlier step earns less: each step's extra
 * pairs gain more than the cent they add, up to the $0.0001 roundings of the fills). Levels must carry
 * finite sizes (only fetched order books do).
 */
export function walkBooks(buyLevels: readonly BookLevel[], sellLevels: readonly BookLevel[], order: PairOrders): WalkResult {
  const segments: Segment[] = [];
  let i = 0;
  let j = 0;
  let leftBuy = buyLevels[0]?.size ?? 0;
  let leftSell = sellLevels[0]?.size ?? 0;
  while (i < buyLevels.length && j < sellLevels.length) {
    const bl = buyLevels[i] as BookLevel;
    const sl = sellLevels[j] as BookLevel;
    const legs = order(bl.price, sl.price);
    if (!(pairEconomics(legs.buy, legs.sell).net > 0)) break;
    const q = Math.min(leftBuy, leftSell);
    if (!Number.isFinite(q) || q < 0) break;
    if (q > 0) segments.push({ size: q, buy: legs.buy, sell: legs.sell });
    leftBuy -= q;
    leftSell -= q;
    if (leftBuy <= 1e-12) leftBuy = buyLevels[++i]?.size ?? 0;
    if (leftSell <= 1e-12) leftSell = sellLevels[++j]?.size ?? 0;
  }
  const whole = orderTotals(segments);
  if (whole.profit > PROFIT_EPSILON) return { size: whole.size, capital: whole.capital, profit: whole.profit };
  if (!(whole.roundedFees > 0)) return NOTHING;
  // The largest size whose per-order rounded fees are a step lower: the fee is non-decreasing in the size.
  let lo = 0;
  let hi = whole.size;
  for (let k = 0; k < 60 && hi - lo > 1e-9; k++) {
    const mid = (lo + hi) / 2;
    if (orderTotals(prefix(segments, mid)).roundedFees < whole.roundedFees - 1e-9) lo = mid;
    else hi = mid;
  }
  const smaller = orderTotals(prefix(segments, Math.round(Math.floor(lo / SIZE_STEP + 1e-9) * SIZE_STEP * 1e6) / 1e6));
  return smaller.profit > PROFIT_EPSILON ? { size: smaller.size, capital: smaller.capital, profit: smaller.profit } : NOTHING;
}
