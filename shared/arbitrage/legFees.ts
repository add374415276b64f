import type { FeeModel } from '../fees/feeModel.ts';
import { takerFeePerShare } from '../fees/feeMath.ts';
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
