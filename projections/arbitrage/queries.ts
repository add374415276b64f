import type { DocumentStore, Filter } from '../../shared/ports/documentStore.ts';
import type { Category } from '../../shared/types/market.ts';
import type { Classification, Guarantee, OpportunityStatus, RiskGateState } from '../../shared/arbitrage/types.ts';
import type { ArbitrageStats } from '../../shared/arbitrage/stats.ts';
import { arbitrageOpportunitiesProjection, arbitrageStatsProjection, LATEST_STATS_ID, type OpportunityDoc, type StatsDoc } from './projection.ts';

export interface OpportunityQuery {
  readonly min_score: number;
  readonly classification?: Classification;
  readonly category?: Category;
  readonly status?: OpportunityStatus;
  readonly guarantee?: Guarantee;
  readonly risk_gate?: RiskGateState;
  readonly limit: number;
  readonly offset: number;
}

export function opportunityFilter(q: Omit<OpportunityQuery, 'limit' | 'offset'>): Filter {
  return {
    arbitrage_score: { $gte: q.min_score },
    ...(q.classification ? { classification: q.classification } : {}),
    ...(q.category ? { category: q.category } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.guarantee ? { guarantee: q.guarantee } : {}),
    ...(q.risk_gate ? { risk_gate_state: q.risk_gate } : {}),
  };
}

/** Best first: score, then profit per 100, then id (a total order, so pages are stable). */
export async function listOpportunities(store: DocumentStore, q: OpportunityQuery): Promise<OpportunityDoc[]> {
  return store.collection<OpportunityDoc>(arbitrageOpportunitiesProjection.collection).find(opportunityFilter(q), {
    sort: [['arbitrage_score', -1], ['estimated_profit', -1], ['_id', 1]],
    skip: q.offset,
    limit: q.limit,
  });
}

export async function getOpportunity(store: DocumentStore, id: string): Promise<OpportunityDoc | null> {
  return store.collection<OpportunityDoc>(arbitrageOpportunitiesProjection.collection).get(id);
}

export async function latestStats(store: DocumentStore): Promise<ArbitrageStats | null> {
  const doc = await store.collection<StatsDoc>(arbitrageStatsProjection.collection).get(LATEST_STATS_ID);
  return doc?.stats ?? null;
}
