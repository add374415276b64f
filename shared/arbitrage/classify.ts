import { CLASSIFICATION_BOUNDS } from './scoreWeights.ts';
import type { Classification } from './types.ts';

export interface ClassifyInputs {
  readonly score: number;
  readonly netSpread: number;
  readonly liquidity: number;
  /** Reasons the policy rules out acting on it (play money, unknown fee, stale quote, ...). */
  readonly blockers: readonly string[];
}

/** Liquidity at or below 500 is "low" (the spec's actionable bound is "above 500"). */
export function isLowLiquidity(liquidity: number): boolean {
  return !(liquidity > CLASSIFICATION_BOUNDS.minLiquidity);
}

/**
 * The spec's classification: `actionable` when score >= 70, net spread positive and liquidity above
 * 500; `informational` when the score is 40-69, or when liquidity is low at any score; `noise` when the
 * score is below 40. Two cases the spec leaves open are `informational` too: a score of 70+ with a net
 * spread that is not positive, and anything the policy blocks from acting on (docs/arbitrage.md).
 */
export function classify(i: ClassifyInputs): Classification {
  const low = isLowLiquidity(i.liquidity);
  if (i.score >= CLASSIFICATION_BOUNDS.actionableScore && i.netSpread > 0 && !low && i.blockers.length === 0) return 'actionable';
  if (low || i.score >= CLASSIFICATION_BOUNDS.informationalScore) return 'informational';
  return 'noise';
}
