import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import type { ArbitrageStats } from '../../shared/arbitrage/stats.ts';

/** The public ArbitrageOpportunity: the spec's fields first, then Concord's additions (docs/arbitrage.md). */
export function opportunityView(o: ArbitrageOpportunity) {
  return {
    id: o.id,
    canonical_question_id: o.canonical_question_id,
    question_title: o.question_title,
    question_slug: o.question_slug,
    category: o.category,
    type: o.type,
    buy_platform: o.buy_platform,
    sell_platform: o.sell_platform,
    buy_price: o.buy_price,
    sell_price: o.sell_price,
    spread: o.spread,
    spread_bps: o.spread_bps,
    net_spread: o.net_spread,
    estimated_profit: o.estimated_profit,
    arbitrage_score: o.arbitrage_score,
    classification: o.classification,
    status: o.status,
    liquidity: o.liquidity,
    volume24h: o.volume24h,
    risk_gate_state: o.risk_gate_state,
    guarantee: o.guarantee,
    detected_at: o.detected_at,
    fees: o.fees,
    legs: o.legs,
    max_size: o.max_size,
    max_capital: o.max_capital,
    annualized_return: o.annualized_return,
    capital_locked_until: o.capital_locked_until,
    capital_per_pair: o.capital_per_pair,
    fees_known: o.fees_known,
    actionable_blockers: o.actionable_blockers,
    score_factors: o.score_factors,
    updated_at: o.updated_at,
    resolved_at: o.resolved_at,
    resolution_reason: o.resolution_reason,
  };
}

/**
 * Stats before the first scan: nothing found and nothing scanned, as of this answer (the spec types scanned_at
 * as a string, so clients typed from it never meet a null; scanned_questions 0 says no scan has run).
 */
export function statsView(stats: ArbitrageStats | null, now: Date = new Date()) {
  if (stats) return stats;
  return {
    total_opportunities: 0,
    actionable_count: 0,
    informational_count: 0,
    avg_spread: 0,
    max_profit: 0,
    platform_pairs: {},
    scanned_questions: 0,
    duration_ms: 0,
    scanned_at: now.toISOString(),
  };
}
