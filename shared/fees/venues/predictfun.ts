import type { FeeModel } from '../feeModel.ts';

/**
 * Predict.fun (APIS.md §8 "Fees", verified against recorded taker fills): only takers pay
 * `feeRateBps/10000 × min(p, 1−p) × shares`; every sampled market had feeRateBps = 200; makers pay 0.
 */
export const PREDICTFUN_DEFAULT_FEE: FeeModel = { kind: 'min_price_bps', taker_bps: 200, maker_bps: 0, source: 'documentation' };

/** The market payload carries its own `feeRateBps` (also signed into each order); prefer it. */
export function predictfunFee(feeRateBps: number | undefined): FeeModel {
  if (feeRateBps === undefined) return PREDICTFUN_DEFAULT_FEE;
  return { kind: 'min_price_bps', taker_bps: feeRateBps, maker_bps: 0, source: 'market' };
}
