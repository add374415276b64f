import { z } from 'zod';
import { CATEGORIES, MARKET_STATUSES } from './market.ts';
import { VENUE_SLUGS } from '../venues/registry.ts';
import type { NormalizedMarket } from './market.ts';

/** Runtime check for a NormalizedMarket that crossed a process boundary (stream, worker). */
const feeSource = z.enum(['market', 'venue', 'documentation']);
export const feeModelSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none'), reason: z.enum(['play_money', 'zero_fee', 'fees_disabled']), source: feeSource }),
  z.object({ kind: z.literal('price_curve'), rate: z.number(), exponent: z.number(), taker_only: z.boolean(), source: feeSource }),
  z.object({ kind: z.literal('min_price_bps'), taker_bps: z.number(), maker_bps: z.number(), source: feeSource }),
  z.object({ kind: z.literal('profit_share'), profit_rate: z.number(), withdrawal_rate: z.number(), source: feeSource }),
  z.object({ kind: z.literal('odds_margin'), margin: z.number(), source: feeSource }),
  z.object({ kind: z.literal('flat'), taker: z.number(), maker: z.number(), source: feeSource }),
  z.object({
    kind: z.literal('quadratic_per_order'),
    taker_rate: z.number().nonnegative(),
    maker_rate: z.number().nonnegative(),
    multiplier: z.number().nonnegative(),
    fill_round_up_to: z.number().positive(),
    order_round_up_to: z.number().positive(),
    source: feeSource,
  }),
  z.object({ kind: z.literal('unknown'), reason: z.string() }),
]);

const isoOrNull = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date').nullable();
const amount = z.number().finite().nullable();
const unit = z.number().min(0).max(1);

export const normalizedMarketSchema = z.object({
  id: z.string().uuid(),
  platform_slug: z.enum(VENUE_SLUGS),
  platform_market_id: z.string().min(1),
  title: z.string().min(1),
  slug: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  category: z.enum(CATEGORIES),
  status: z.enum(MARKET_STATUSES),
  end_time: isoOrNull,
  created_at: isoOrNull,
  outcomes: z
    .array(
      z.object({
        label: z.string(),
        outcome_index: z.number().int().min(0),
        price: unit.nullable(),
        // Optional: MARKETS snapshots recorded before execution quotes existed still replay.
        best_bid: unit.nullable().optional(),
        best_ask: unit.nullable().optional(),
      }),
    )
    .min(1),
  group: z.object({ id: z.string(), title: z.string(), outcome_label: z.string() }).nullable(),
  volume24h: amount,
  volume_total: amount,
  liquidity: amount,
  currency: z.enum(['USDC', 'USDT', 'USD', 'MANA', 'WETH']),
  play_money: z.boolean(),
  fee: feeModelSchema,
  quoted_at: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date'),
  book_ref: z.string().min(1).nullable().optional(),
}) satisfies z.ZodType<NormalizedMarket>;
