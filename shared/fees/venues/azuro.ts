import type { FeeModel } from '../feeModel.ts';

/**
 * Azuro (APIS.md §6 "Fees"): no explicit trading fee; the bookmaker margin is built into the odds
 * per condition (`condition.margin`, ≈ Σ(1/odds) − 1). There is no venue-wide margin to fall back on,
 * so without the condition's odds the fee is unknown.
 */
export const AZURO_DEFAULT_FEE: FeeModel = { kind: 'unknown', reason: 'Azuro margin is per condition and was not available' };

/** `margin` from the condition payload, else derived from the odds: Σ(1/odds) − 1. */
export function azuroFee(margin: number | null, decimalOdds: readonly number[]): FeeModel {
  if (margin !== null && margin >= 0) return { kind: 'odds_margin', margin, source: 'market' };
  if (decimalOdds.length >= 2 && decimalOdds.every((o) => o > 1)) {
    const overround = decimalOdds.reduce((sum, o) => sum + 1 / o, 0) - 1;
    return { kind: 'odds_margin', margin: Math.max(0, overround), source: 'market' };
  }
  return AZURO_DEFAULT_FEE;
}
