import type { FeeModel } from './feeModel.ts';
import { takerFeePerShare } from './feeMath.ts';
import { kalshiOrderFee } from './venues/kalshi.ts';

/** Part of one order filled at one price: `contracts` shares at `price` (0-1). */
export interface OrderFill {
  readonly price: number;
  readonly contracts: number;
}

/**
 * What a taker pays for one order that fills at one or more prices (a sweep of several book levels),
 * in the quote currency. Venues that round per order (Kalshi: each fill up to $0.0001, the order up to
 * the cent) differ from the per-share curve on small orders, which is what an arbitrage sized in
 * contracts must use; every other model is the per-share fee times the shares. Null when the fee is
 * unknown or an input is out of range.
 */
export function takerFeeForFills(fee: FeeModel, fills: readonly OrderFill[]): number | null {
  if (fills.some((f) => !Number.isFinite(f.contracts) || f.contracts < 0)) return null;
  if (fee.kind === 'quadratic_per_order') return kalshiOrderFee(fee, fills, 'taker');
  let total = 0;
  for (const f of fills) {
    const perShare = takerFeePerShare(fee, f.price);
    if (perShare === null) return null;
    total += perShare * f.contracts;
  }
  return total;
}

/** One order of `contracts` shares filled at `price`. */
export function takerFeeForOrder(fee: FeeModel, price: number, contracts: number): number | null {
  return takerFeeForFills(fee, [{ price, contracts }]);
}

/** Whether a model's order fee is a step function of the order size (rounded per order), not shares x a rate. */
export function roundsPerOrder(fee: FeeModel): boolean {
  return fee.kind === 'quadratic_per_order';
}
