import type { FeeModel } from '../feeModel.ts';

/**
 * Drift (APIS.md §7 "Fees"): standard perp fee tiers apply to BET markets (feeAdjustment 0). The
 * `/stats/markets` sample shows tier 1: taker 0.00035 (3.5 bps), maker −0.00002 (a rebate).
 */
export const DRIFT_DEFAULT_FEE: FeeModel = { kind: 'flat', taker: 0.00035, maker: -0.00002, source: 'documentation' };

/** Per-market `fees{taker, maker}` from `/stats/markets`, as fractions of notional. */
export function driftFee(fees: { taker: number | null; maker: number | null } | null): FeeModel {
  if (fees === null || fees.taker === null || fees.maker === null) return DRIFT_DEFAULT_FEE;
  return { kind: 'flat', taker: fees.taker, maker: fees.maker, source: 'market' };
}
