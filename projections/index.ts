import type { Doc } from '../shared/ports/documentStore.ts';
import type { Projection } from './projection.ts';
import { marketsProjection } from './markets/projection.ts';
import { platformStatusProjection } from './platformStatus/projection.ts';
import { questionsProjection } from './questions/projection.ts';
import { usageHourlyProjection, usageProjection } from './usage/projection.ts';
import { marketRecentPricesProjection, questionRecentPricesProjection } from './recentPrices/projection.ts';
import { arbitrageOpportunitiesProjection, arbitrageStatsProjection } from './arbitrage/projection.ts';

/** Every read model the projector role keeps up to date. */
export const PROJECTIONS: ReadonlyArray<Projection<never, Doc>> = [
  marketsProjection as unknown as Projection<never, Doc>,
  platformStatusProjection as unknown as Projection<never, Doc>,
  questionsProjection as unknown as Projection<never, Doc>,
  usageProjection as unknown as Projection<never, Doc>,
  usageHourlyProjection as unknown as Projection<never, Doc>,
  marketRecentPricesProjection as unknown as Projection<never, Doc>,
  questionRecentPricesProjection as unknown as Projection<never, Doc>,
  arbitrageOpportunitiesProjection as unknown as Projection<never, Doc>,
  arbitrageStatsProjection as unknown as Projection<never, Doc>,
];
