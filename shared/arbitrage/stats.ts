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
  opportunities: readonly ArbitrageOpportunity[],
  scan: { readonly scannedQuestions: number; readonly durationMs: number; readonly scannedAt: string },
): ArbitrageStats {
  const live = opportunities.filter((o) => o.status !== 'resolved');
  const pairs: Record<string, number> = {};
  for (const o of live) {
    const key = platformPairKey(o.buy_platform.slug, o.sell_platform.slug);
    pairs[key] = (pairs[key] ?? 0) + 1;
  }
  const avg = live.length === 0 ? 0 : live.reduce((acc, o) => acc + o.spread, 0) / live.length;
  return {
    total_opportunities: live.length,
    actionable_count: live.filter((o) => o.classification === 'actionable').length,
    informational_count: live.filter((o) => o.classification === 'informational').length,
    avg_spread: Math.round(avg * 1e6) / 1e6,
    max_profit: live.length === 0 ? 0 : Math.max(...live.map((o) => o.estimated_profit)),
    platform_pairs: pairs,
    scanned_questions: scan.scannedQuestions,
    duration_ms: Math.round(scan.durationMs),
    scanned_at: scan.scannedAt,
  };
}
