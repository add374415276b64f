import type { FeeModel } from './feeModel.ts';
import { takerFeePerShare } from './feeMath.ts';
import { kalshiOrderFee } from './venues/kalshi.ts';

/**
 * What a taker pays for a whole order of `contracts` shares filled at `price`, in the quote
 * currency. Venues that round per order (Kalshi: up to the cent) differ from `contracts *
 * takerFeePerShare` on small orders, which is what an arbitrage sized in contracts must use.
 * Null when the fee is unknown or the inputs are out of range.
 */
export function takerFeeForOrder(fee: FeeModel, price: number, contracts: number): number | null {
  if (!Number.isFinite(contracts) || contracts < 0) return null;
  if (fee.kind === 'quadratic_per_order') return kalshiOrderFee(fee, [{ price, contracts }], 'taker');
  const perShare = takerFeePerShare(fee, price);
  return perShare === null ? null : perShare * contracts;
}
