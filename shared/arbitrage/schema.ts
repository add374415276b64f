import { z } from 'zod';
import { CATEGORIES } from '../types/market.ts';
import { VENUE_SLUGS } from '../venues/registry.ts';
import { ARB_TYPES, CLASSIFICATIONS, GUARANTEES, OPPORTUNITY_STATUSES, RISK_GATE_STATES } from './types.ts';
import type { ArbitrageOpportunity } from './types.ts';
import type { ArbitrageStats } from './stats.ts';
import type { OpportunityChange } from './lifecycle.ts';

/** Runtime checks for what crosses the ARB stream (projector, SSE feed). */
const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date');
const platform = z.object({ id: z.string(), slug: z.enum(VENUE_SLUGS), name: z.string() });
const leg = z.object({
  role: z.enum(['buy', 'sell']),
  platform,
  market_id: z.string(),
  platform_market_id: z.string(),
  market_title: z.string(),
  url: z.string().nullable(),
  outcome: z.string(),
  outcome_index: z.number().int().min(0),
  side: z.enum(['buy', 'sell']),
  price: z.number().min(0).max(1),
  size: z.number().nonnegative().nullable(),
  price_source: z.enum(['order_book', 'listing_quote', 'probability']),
  quoted_at: iso,
  fee_per_share: z.number().nullable(),
  relation: z.enum(['identity', 'complement']),
  link_confidence: z.number().min(0).max(1),
  end_time: iso.nullable(),
  currency: z.enum(['USDC', 'USDT', 'USD', 'MANA', 'WETH']),
});

export const opportunitySchema = z.object({
  id: z.string(),
  canonical_question_id: z.string(),
  question_title: z.string(),
  question_slug: z.string(),
  category: z.enum(CATEGORIES),
  type: z.enum(ARB_TYPES),
  buy_platform: platform,
  sell_platform: platform,
  buy_price: z.number().min(0).max(1),
  sell_price: z.number().min(0).max(1),
  spread: z.number(),
  spread_bps: z.number().int(),
  net_spread: z.number(),
  estimated_profit: z.number(),
  arbitrage_score: z.number().int().min(0).max(100),
  classification: z.enum(CLASSIFICATIONS),
  status: z.enum(OPPORTUNITY_STATUSES),
  liquidity: z.number().nonnegative(),
  volume24h: z.number().nonnegative(),
  risk_gate_state: z.enum(RISK_GATE_STATES),
  guarantee: z.enum(GUARANTEES),
  detected_at: iso,
  fees: z.object({ buy_fee: z.number(), sell_fee: z.number(), total_fees: z.number() }),
  legs: z.tuple([leg, leg]),
  max_size: z.number().nonnegative().nullable(),
  max_capital: z.number().nonnegative().nullable(),
  annualized_return: z.number().nullable(),
  capital_locked_until: iso.nullable(),
  capital_per_pair: z.number(),
  fees_known: z.boolean(),
  actionable_blockers: z.array(z.string()),
  score_factors: z.object({ execution: z.number(), market: z.number(), temporal: z.number() }),
  updated_at: iso,
  resolved_at: iso.nullable(),
  resolution_reason: z.string().nullable(),
}) satisfies z.ZodType<ArbitrageOpportunity>;

export const statsSchema = z.object({
  total_opportunities: z.number().int().nonnegative(),
  actionable_count: z.number().int().nonnegative(),
  informational_count: z.number().int().nonnegative(),
  avg_spread: z.number(),
  max_profit: z.number(),
  platform_pairs: z.record(z.string(), z.number().int().nonnegative()),
  scanned_questions: z.number().int().nonnegative(),
  duration_ms: z.number().int().nonnegative(),
  scanned_at: iso,
}) satisfies z.ZodType<ArbitrageStats>;

const summary = opportunitySchema.pick({ arbitrage_score: true, classification: true, category: true, status: true, guarantee: true, risk_gate_state: true });

/** arbitrage.opportunity: one change of one opportunity, with the state a client saw before. */
export interface ArbitrageOpportunityEvent extends OpportunityChange {
  readonly type: 'arbitrage_opportunity';
}

/** arbitrage.scanned: one scan pass. */
export interface ArbitrageScanEvent {
  readonly type: 'arbitrage_scan';
  readonly stats: ArbitrageStats;
  /** Questions this pass looked at again (changed since the last pass, or all of them on a full pass). */
  readonly rescanned_questions: number;
  readonly full: boolean;
}

export type ArbitrageEvent = ArbitrageOpportunityEvent | ArbitrageScanEvent;

export const arbitrageEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('arbitrage_opportunity'),
    change: z.enum(['created', 'updated', 'resolved', 'removed']),
    opportunity: opportunitySchema,
    previous: summary.nullable(),
  }),
  z.object({ type: z.literal('arbitrage_scan'), stats: statsSchema, rescanned_questions: z.number().int().nonnegative(), full: z.boolean() }),
]);

export function decodeArbitrageEvent(value: unknown): { ok: true; event: ArbitrageEvent } | { ok: false; reason: string } {
  const parsed = arbitrageEventSchema.safeParse(value);
  if (parsed.success) return { ok: true, event: parsed.data as ArbitrageEvent };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `invalid arbitrage event: ${issue?.path.join('.')} ${issue?.message}` };
}
