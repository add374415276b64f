import type { Doc } from '../shared/ports/documentStore.ts';
import type { Projection } from './projection.ts';
import { marketsProjection } from './markets/projection.ts';
import { platformStatusProjection } from './platformStatus/projection.ts';
import { questionsProjection } from './questions/projection.ts';
import { usageHourlyProjection, usageProjection } from './usage/projection.ts';
import { arbitrageOpportunitiesProjection, arbitrageStatsProjection } from './arbitrage/projection.ts';
import { priceHistoryProjection } from './priceHistory/projection.ts';
import { priceBackfillProjection } from './priceHistory/backfillProjection.ts';
import { questionHistoryProjection } from './questionHistory/projection.ts';
import { platformMetricsProjection } from './platformMetrics/projection.ts';
import type { CustomProjection } from './projection.ts';

/** Every read model the projector role keeps up to date. */
export const PROJECTIONS: ReadonlyArray<Projection<never, Doc>> = [
  marketsProjection as unknown as Projection<never, Doc>,
  platformStatusProjection as unknown as Projection<never, Doc>,
  questionsProjection as unknown as Projection<never, Doc>,
  usageProjection as unknown as Projection<never, Doc>,
  usageHourlyProjection as unknown as Projection<never, Doc>,
  arbitrageOpportunitiesProjection as unknown as Projection<never, Doc>,
  arbitrageStatsProjection as unknown as Projection<never, Doc>,
  priceHistoryProjection as unknown as Projection<never, Doc>,
  priceBackfillProjection as unknown as Projection<never, Doc>,
  questionHistoryProjection as unknown as Projection<never, Doc>,
];

/** Read models that apply each event across several documents themselves. */
export const CUSTOM_PROJECTIONS: ReadonlyArray<CustomProjection<never>> = [platformMetricsProjection as unknown as CustomProjection<never>];
