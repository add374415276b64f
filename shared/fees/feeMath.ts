import type { FeeModel } from './feeModel.ts';

/**
 * Fee arithmetic on the FeeModel variants, per share of a $1-payout contract bought at `price`
 * (0-1). Pure; used by the arbitrage maths and shown by the API. `null` means "cannot be
 * known" (an `unknown` model or a price outside 0-1) and must block an actionable opportunity.
 */

function validPrice(price: number): boolean {
  return Number.isFinite(price) && price >= 0 && price <= 1;
}

/**
 * What a taker pays per share at `price`, in the quote currency.
 * - price_curve (Polymarket): rate * (p(1-p))^exponent, e.g. 0.05 at p=0.5 → 0.0125.
 * - min_price_bps (Predict.fun): bps/10_000 * min(p, 1-p).
 * - profit_share (PredictIt): profit_rate of the profit of a winning share, (1-p), charged at
 *   settlement; the withdrawal fee is separate (see `withdrawalFeeRate`).
 * - flat (Drift, Limitless): taker rate of the notional, which is p per share.
 * - quadratic_per_order (Kalshi): taker_rate * multiplier * p(1-p), before the per-order rounding
 *   up to the cent, which only an order size can settle (`takerFeeForOrder` in orderFee.ts).
 * - odds_margin (Azuro): 0, because the margin is already inside the quoted odds/price.
 * - none: 0.
 */
export function takerFeePerShare(fee: FeeModel, price: number): number | null {
  if (!validPrice(price)) return null;
  switch (fee.kind) {
    case 'none':
    case 'odds_margin':
      return 0;
    case 'price_curve':
      return fee.rate * (price * (1 - price)) ** fee.exponent;
    case 'min_price_bps':
      return (fee.taker_bps / 10_000) * Math.min(price, 1 - price);
    case 'profit_share':
      return fee.profit_rate * (1 - price);
    case 'flat':
      return fee.taker * price;
    case 'quadratic_per_order':
      return fee.taker_rate * fee.multiplier * price * (1 - price);
    case 'unknown':
      return null;
  }
}

/** Taker fee as a fraction of the notional paid (`price` per share); null when unknown or price is 0. */
export function takerFeeRate(fee: FeeModel, price: number): number | null {
  const perShare = takerFeePerShare(fee, price);
  if (perShare === null || price === 0) return null;
  return perShare / price;
}

/** All-in cost of buying one share as taker: price plus fee; null when the fee is unknown. */
export function costPerShareWithFee(fee: FeeModel, price: number): number | null {
  const perShare = takerFeePerShare(fee, price);
  return perShare === null ? null : price + perShare;
}

/** Fraction lost when withdrawing winnings (PredictIt 5%); 0 where the venue charges none. */
export function withdrawalFeeRate(fee: FeeModel): number | null {
  if (fee.kind === 'unknown') return null;
  return fee.kind === 'profit_share' ? fee.withdrawal_rate : 0;
}

export function isFeeKnown(fee: FeeModel): boolean {
  return fee.kind !== 'unknown';
}
