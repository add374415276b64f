import type { ArbitrageEvent } from '../../shared/arbitrage/schema.ts';
import { decodeArbitrageEvent } from '../../shared/arbitrage/schema.ts';
import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import type { ArbitrageStats } from '../../shared/arbitrage/stats.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import type { Projection } from '../projection.ts';

/** The opportunities read model: the latest version of each opportunity (resolved ones until they expire). */
export type OpportunityDoc = ArbitrageOpportunity & { readonly _id: string; readonly [key: string]: unknown };

/** The stats read model: the latest scan's ArbitrageStats (one document). */
export interface StatsDoc {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly stats: ArbitrageStats;
  readonly rescanned_questions: number;
}

export const LATEST_STATS_ID = 'latest';

/** Replaces the opportunity with its newest version; a `removed` change deletes it. */
export function evolveOpportunity(_doc: OpportunityDoc | null, event: ArbitrageEvent): OpportunityDoc | null {
  if (event.type !== 'arbitrage_opportunity') return _doc;
  if (event.change === 'removed') return null;
  return { ...event.opportunity, _id: event.opportunity.id };
}

export function evolveStats(_doc: StatsDoc | null, event: ArbitrageEvent): StatsDoc | null {
  if (event.type !== 'arbitrage_scan') return _doc;
  return { _id: LATEST_STATS_ID, stats: event.stats, rescanned_questions: event.rescanned_questions };
}

export const arbitrageOpportunitiesProjection: Projection<ArbitrageEvent, OpportunityDoc> = {
  name: 'arbitrage-opportunities',
  collection: 'arbitrage_opportunities',
  schemaVersion: 1,
  stream: 'arbitrage',
  filterSubject: subjects.arbitrageOpportunity(),
  indexes: [
    { name: 'by_score', fields: [['arbitrage_score', -1], ['estimated_profit', -1], ['_id', 1]] },
    { name: 'by_class_score', fields: [['classification', 1], ['arbitrage_score', -1]] },
    { name: 'by_status_score', fields: [['status', 1], ['arbitrage_score', -1]] },
  ],
  decode: decodeArbitrageEvent,
  canHandle: (event) => event.type === 'arbitrage_opportunity',
  keyOf: (event) => (event.type === 'arbitrage_opportunity' ? event.opportunity.id : LATEST_STATS_ID),
  evolve: evolveOpportunity,
};

export const arbitrageStatsProjection: Projection<ArbitrageEvent, StatsDoc> = {
  name: 'arbitrage-stats',
  collection: 'arbitrage_stats',
  schemaVersion: 1,
  stream: 'arbitrage',
  filterSubject: subjects.arbitrageScanned(),
  indexes: [],
  decode: decodeArbitrageEvent,
  canHandle: (event) => event.type === 'arbitrage_scan',
  keyOf: () => LATEST_STATS_ID,
  evolve: evolveStats,
};
