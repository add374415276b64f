import type { ArbitrageOpportunity } from './types.ts';

/** The spec's ArbitrageStats: a summary of the latest scan over every live opportunity. */
export interface ArbitrageStats {
  readonly total_opportunities: number;
  readonly actionable_count: number;
  readonly informational_count: number;
  readonly avg_spread: number;
  readonly max_profit: number;
  readonly platform_pairs: Readonly<Record<string, number>>;
  readonly scanned_questions: number;
  readonly duration_ms: number;
  readonly scanned_at: string;
}

/** Two venue slugs joined by a double arrow, in alphabetical order, so A<->B and B<->A count together. */
export function platformPairKey(a: string, b: string): string {
  return a <= b ? `${a}<->${b}` : `${b}<->${a}`;
}

/**
 * Stats over the opportunities the latest scan holds live (active or stale); resolved ones are history,
 * not part of the scan. Averages of nothing are 0.
 */
export function scanStats(
  opportunities: Iterable<ArbitrageOpportunity>,
  scan: { readonly scannedQuestions: number; readonly durationMs: number; readonly scannedAt: string },
): ArbitrageStats {
  // One walk, nothing copied: a pass computes these over every live opportunity.
  const pairs: Record<string, number> = {};
  let total = 0;
  let actionable = 0;
  let informational = 0;
  let spreads = 0;
  let maxProfit = Number.NEGATIVE_INFINITY;
  for (const o of opportunities) {
    if (o.status === 'resolved') continue;
    total += 1;
    const key = platformPairKey(o.buy_platform.slug, o.sell_platform.slug);
    pairs[key] = (pairs[key] ?? 0) + 1;
    if (o.classification === 'actionable') actionable += 1;
    else if (o.classification === 'informational') informational += 1;
    spreads += o.spread;
    maxProfit = Math.max(maxProfit, o.estimated_profit);
  }
  const avg = total === 0 ? 0 : spreads / total;
  return {
    total_opportunities: total,
    actionable_count: actionable,
    informational_count: informational,
    avg_spread: Math.round(avg * 1e6) / 1e6,
    max_profit: total === 0 ? 0 : maxProfit,
    platform_pairs: pairs,
    scanned_questions: scan.scannedQuestions,
    duration_ms: Math.round(scan.durationMs),
    scanned_at: scan.scannedAt,
  };
}
