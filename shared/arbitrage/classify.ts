import { CLASSIFICATION_BOUNDS } from './scoreWeights.ts';
import type { Classification } from './types.ts';

export interface ClassifyInputs {
  readonly score: number;
  readonly netSpread: number;
  readonly liquidity: number;
}

/** Liquidity at or below 500 is "low" (the spec's actionable bound is "above 500"). */
export function isLowLiquidity(liquidity: number): boolean {
  return !(liquidity > CLASSIFICATION_BOUNDS.minLiquidity);
}

/**
 * The highest score an opportunity the policy rules out acting on can have (play money, an unknown fee, a
 * stale quote, ...: its `actionable_blockers`): one under the actionable bound, so the spec's rule below,
 * applied to the score as served, never calls it actionable (docs/arbitrage.md).
 */
export const BLOCKED_SCORE_CAP = CLASSIFICATION_BOUNDS.actionableScore - 1;

/** The score served: the computed score, capped at BLOCKED_SCORE_CAP when anything blocks acting on it. */
export function servedScore(score: number, blockers: readonly string[]): number {
  return blockers.length > 0 ? Math.min(score, BLOCKED_SCORE_CAP) : score;
}

/**
 * The spec's classification, on the score as served: `actionable` when score >= 70, net spread positive and
 * liquidity above 500; `informational` when the score is 40-69, or when liquidity is low at any score;
 * `noise` when the score is below 40. The case the spec leaves open, a score of 70+ with a net spread that
 * is not positive, is `informational`.
 */
export function classify(i: ClassifyInputs): Classification {
  const low = isLowLiquidity(i.liquidity);
  if (i.score >= CLASSIFICATION_BOUNDS.actionableScore && i.netSpread > 0 && !low) return 'actionable';
  if (low || i.score >= CLASSIFICATION_BOUNDS.informationalScore) return 'informational';
  return 'noise';
}
