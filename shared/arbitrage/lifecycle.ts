import type { ArbitrageOpportunity, QuestionScanResult } from './types.ts';

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

type Material = Pick<
  ArbitrageOpportunity,
  | 'type' | 'buy_price' | 'sell_price' | 'spread' | 'net_spread' | 'estimated_profit' | 'arbitrage_score' | 'classification' | 'liquidity'
  | 'volume24h' | 'risk_gate_state' | 'guarantee' | 'fees' | 'max_size' | 'max_capital' | 'actionable_blockers' | 'question_title' | 'category' | 'legs'
>;

/** Equal as JSON writes them: a number that is not finite, and undefined, are written null. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const na = a === undefined || (typeof a === 'number' && !Number.isFinite(a)) ? null : a;
  const nb = b === undefined || (typeof b === 'number' && !Number.isFinite(b)) ? null : b;
  return na === nb;
}

/**
 * Whether two versions differ in a field whose change is news (an `opportunity` event), compared field
 * by field as their JSON would compare. Left out: the times, and the annualised return, which moves with
 * the clock alone. Runs for every opportunity a pass finds again, so it allocates nothing.
 */
export function sameMaterial(a: Material, statusA: string, b: Material, statusB: string): boolean {
  if (statusA !== statusB || a.type !== b.type || a.classification !== b.classification || a.risk_gate_state !== b.risk_gate_state) return false;
  if (a.guarantee !== b.guarantee || a.question_title !== b.question_title || a.category !== b.category) return false;
  if (!same(a.buy_price, b.buy_price) || !same(a.sell_price, b.sell_price) || !same(a.spread, b.spread) || !same(a.net_spread, b.net_spread)) return false;
  if (!same(a.estimated_profit, b.estimated_profit) || !same(a.arbitrage_score, b.arbitrage_score) || !same(a.liquidity, b.liquidity)) return false;
  if (!same(a.volume24h, b.volume24h) || !same(a.max_size, b.max_size) || !same(a.max_capital, b.max_capital)) return false;
  if (!same(a.fees.buy_fee, b.fees.buy_fee) || !same(a.fees.sell_fee, b.fees.sell_fee) || !same(a.fees.total_fees, b.fees.total_fees)) return false;
  const xa = a.actionable_blockers;
  const xb = b.actionable_blockers;
  if (xa.length !== xb.length) return false;
  for (let i = 0; i < xa.length; i++) if (xa[i] !== xb[i]) return false;
  if (a.legs.length !== b.legs.length) return false;
  for (let i = 0; i < a.legs.length; i++) {
    const la = a.legs[i]!;
    const lb = b.legs[i]!;
    if (la.market_id !== lb.market_id || la.side !== lb.side || la.price_source !== lb.price_source) return false;
    if (!same(la.outcome_index, lb.outcome_index) || !same(la.price, lb.price) || !same(la.size, lb.size) || !same(la.fee_per_share, lb.fee_per_share) || !same(la.link_confidence, lb.link_confidence)) return false;
  }
  return true;
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
      const status = c.stale ? ('stale' as const) : ('active' as const);
      if (live && sameMaterial(c, status, prev, prev.status)) continue;
      const { stale: _stale, ...rest } = c;
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
