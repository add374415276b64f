import { z } from 'zod';
import { HISTORY_RANGES } from '../../../projections/priceHistory/queries.ts';
import { dataEnvelope, isoDateTime, uuid } from './common.ts';

/** `[unix seconds, price 0-1]`, oldest first (docs/history.md, "Price series"). */
const pricePoint = z
  .array(z.number())
  .length(2)
  .meta({ id: 'PricePoint', description: '[unix seconds, price 0-1]', example: [1791309600, 0.5145] });

const rangeField = z.enum(Object.keys(HISTORY_RANGES) as [keyof typeof HISTORY_RANGES, ...Array<keyof typeof HISTORY_RANGES>]);

/** GET /markets/{id}/history: the Yes-price series, observed and backfilled points merged. */
export const marketHistoryResponse = dataEnvelope(z.object({ market_id: uuid, points: z.array(pricePoint) }), {
  meta: z.object({
    range: rangeField,
    count: z.number().int().min(0),
    format: z.literal('[unix seconds, Yes price 0-1]'),
    observed_from: isoDateTime.nullable().meta({ description: 'first price Concord observed itself' }),
    backfill_from: isoDateTime.nullable().meta({ description: "first point of the venue's published history, when it was backfilled" }),
  }),
});

/** GET /questions/{id}/history: the cross-venue index-price series. */
export const questionHistoryResponse = dataEnvelope(z.object({ question_id: uuid, points: z.array(pricePoint) }), {
  meta: z.object({ range: rangeField, count: z.number().int().min(0), format: z.literal('[unix seconds, index price 0-1]') }),
});
