import type { FeeModel } from '../fees/feeModel.ts';
import { takerFeePerShare } from '../fees/feeMath.ts';
import { roundsPerOrder, takerFeeForFills } from '../fees/orderFee.ts';
import type { VenueSlug } from '../venues/registry.ts';

/**
 * Venues whose prediction markets are perpetual futures (Drift BET): "No" is a short of the YES perp,
 * so a fee on notional is charged on the perp price, 1 - the No price (APIS.md §7).
 */
const PERP_VENUES: ReadonlySet<VenueSlug> = new Set(['drift']);

export interface LegOrder {
  readonly venue: VenueSlug;
  readonly fee: FeeModel;
  /** 0 = the venue's first outcome, 1 = its second. */
  readonly instrument: number;
  readonly side: 'buy' | 'sell';
  /** The order's price for that instrument. */
  readonly price: number;
}

/** Per share of one leg, in the venue's currency. */
export interface LegFee {
  /** Paid when the order fills (taker fee). */
  readonly trade: number;
  /** Paid only if this leg's position wins (PredictIt's profit share plus withdrawing the proceeds). */
  readonly settlement: number;
}

/** What holding the leg to settlement costs per share: the buy price, or 1 - price for a sale (a short). */
export function positionCost(order: Pick<LegOrder, 'side' | 'price'>): number {
  return order.side === 'buy' ? order.price : 1 - order.price;
}

/**
 * Fees of one leg per share, worst case (docs/arbitrage.md, "Fees"); null when the venue's fee model
 * is unknown, which can never yield an actionable opportunity.
 * - price_curve / min_price_bps / flat: the taker fee at the order's price (on a perp venue, at the
 *   perp price), e.g. Predict.fun 200 bps at p = 0.36: 0.02 * 0.36 = 0.0072.
 * - profit_share (PredictIt): no trade fee; if the leg wins, 10% of its profit (1 - cost) and then 5%
 *   of the proceeds withdrawn, e.g. cost 0.4: 0.1 * 0.6 = 0.06, then 0.05 * (1 - 0.06) = 0.047.
 * - quadratic_per_order (Kalshi): taker_rate x multiplier x p(1 - p) at the order's price, the fee
 *   per contract an order pays as it grows (0.07 x 0.5 x 0.5 = 0.0175 at 0.50). The rounding up to the
 *   cent per order is a cost of the order, not of the share: `legOrderFee` adds it where a size is
 *   known (a 1-lot at 0.50 pays 0.02, 4% of its capital, not 0.0175). Selling Yes at p is buying No at
 *   1 - p, and p(1 - p) is the same either way.
 * - odds_margin (Azuro), none: 0 (the margin is inside the odds already).
 */
export function legFee(order: LegOrder): LegFee | null {
  const { fee } = order;
  if (fee.kind === 'unknown') return null;
  if (fee.kind === 'profit_share') {
    const profitFee = fee.profit_rate * (1 - positionCost(order));
    return { trade: 0, settlement: profitFee + fee.withdrawal_rate * (1 - profitFee) };
  }
  const notional = PERP_VENUES.has(order.venue) && order.instrument === 1 ? 1 - order.price : order.price;
  const trade = takerFeePerShare(fee, notional);
  return trade === null ? null : { trade, settlement: 0 };
}

/** Shares of one leg taken at one price of its book (one level). */
export interface LegFill {
  readonly price: number;
  readonly size: number;
}

/**
 * Fees of one leg's whole order, filled level by level: what the order pays, not shares x the per-share
 * fee. A venue that rounds per order (Kalshi) pays its fills' fees rounded up to the cent once, through
 * the one implementation of its formula (shared/fees/orderFee.ts); every other model is the per-share
 * `legFee` at each fill's price times its shares. Null when the fee model is unknown.
 */
export function legOrderFee(leg: Omit<LegOrder, 'price'>, fills: readonly LegFill[]): LegFee | null {
  let trade = 0;
  let settlement = 0;
  for (const f of fills) {
    const one = legFee({ ...leg, price: f.price });
    if (one === null) return null;
    trade += one.trade * f.size;
    settlement += one.settlement * f.size;
  }
  if (roundsPerOrder(leg.fee)) {
    const rounded = takerFeeForFills(leg.fee, fills.map((f) => ({ price: f.price, contracts: f.size })));
    if (rounded === null) return null;
    trade = rounded;
  }
  return { trade, settlement };
}
