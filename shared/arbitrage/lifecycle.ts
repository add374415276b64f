import type { ArbitrageOpportunity, OpportunityCandidate, QuestionScanResult } from './types.ts';

/** What an SSE filter needs to know about the version a client saw before (docs/arbitrage.md, "Stream"). */
export type OpportunitySummary = Pick<ArbitrageOpportunity, 'arbitrage_score' | 'classification' | 'category' | 'status' | 'guarantee' | 'risk_gate_state'>;

export type ChangeKind = 'created' | 'updated' | 'resolved' | 'removed';

export interface OpportunityChange {
  readonly change: ChangeKind;
  readonly opportunity: ArbitrageOpportunity;
  readonly previous: OpportunitySummary | null;
}

export function summaryOf(o: ArbitrageOpportunity): OpportunitySummary {
  return {
    arbitrage_score: o.arbitrage_score,
    classification: o.classification,
    category: o.category,
    status: o.status,
    guarantee: o.guarantee,
    risk_gate_state: o.risk_gate_state,
  };
}

/**
 * The fields whose change is news (an `opportunity` event). Left out: the times, and the annualised
 * return, which moves with the clock alone.
 */
function material(o: ArbitrageOpportunity | (OpportunityCandidate & { status: string })): string {
  return JSON.stringify([
    o.status,
    o.type,
    o.buy_price,
    o.sell_price,
    o.spread,
    o.net_spread,
    o.estimated_profit,
    o.arbitrage_score,
    o.classification,
    o.liquidity,
    o.volume24h,
    o.risk_gate_state,
    o.guarantee,
    o.fees,
    o.max_size,
    o.max_capital,
    o.actionable_blockers,
    o.question_title,
    o.category,
    o.legs.map((l) => [l.market_id, l.outcome_index, l.side, l.price, l.size, l.price_source, l.fee_per_share, l.link_confidence]),
  ]);
}

export type QuestionOutcome = { readonly kind: 'scanned'; readonly result: QuestionScanResult } | { readonly kind: 'removed'; readonly reason: string };

/**
 * Moves one question's opportunities to their state after a scan (docs/arbitrage.md, "Lifecycle"):
 * found with fresh quotes -> active, with a stale leg -> stale; no longer found -> resolved, saying
 * why. The id is the same across scans; detected_at is when the current episode began (an
 * opportunity resolved and found again is a new detection under the same id).
 */
export function advanceQuestion(previous: readonly ArbitrageOpportunity[], outcome: QuestionOutcome, now: string): OpportunityChange[] {
  const prevById = new Map(previous.map((o) => [o.id, o]));
  const changes: OpportunityChange[] = [];
  const found = new Set<string>();
  if (outcome.kind === 'scanned') {
    for (const c of outcome.result.candidates) {
      found.add(c.id);
      const prev = prevById.get(c.id);
      const live = prev !== undefined && prev.status !== 'resolved';
      const { stale, ...rest } = c;
      const status = stale ? ('stale' as const) : ('active' as const);
      if (live && material({ ...c, status }) === material(prev)) continue;
      const opportunity: ArbitrageOpportunity = {
        ...rest,
        status,
        detected_at: live ? prev.detected_at : now,
        updated_at: now,
        resolved_at: null,
        resolution_reason: null,
      };
      changes.push({ change: live ? 'updated' : 'created', opportunity, previous: prev ? summaryOf(prev) : null });
    }
  }
  const tradeable = outcome.kind === 'scanned' ? new Set(outcome.result.tradeable_market_ids) : new Set<string>();
  for (const prev of previous) {
    if (found.has(prev.id) || prev.status === 'resolved') continue;
    const closed = prev.legs.filter((l) => !tradeable.has(l.market_id));
    const reason =
      outcome.kind === 'removed'
        ? outcome.reason
        : closed.length > 0
          ? `${closed.map((l) => `${l.platform.slug} market ${l.platform_market_id}`).join(' and ')} closed, resolved, passed its end time or left the question`
          : 'the spread is gone: buying Yes on one venue no longer costs less than selling it on the other';
    changes.push({
      change: 'resolved',
      opportunity: { ...prev, status: 'resolved', classification: prev.classification, updated_at: now, resolved_at: now, resolution_reason: reason },
      previous: summaryOf(prev),
    });
  }
  return changes;
}
