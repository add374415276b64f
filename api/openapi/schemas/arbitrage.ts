import { z } from 'zod';
import { CATEGORIES } from '../../../shared/types/market.ts';
import { VENUE_SLUGS } from '../../../shared/venues/registry.ts';
import { ARB_TYPES, CLASSIFICATIONS, GUARANTEES, OPPORTUNITY_STATUSES, RISK_GATE_STATES } from '../../../shared/arbitrage/types.ts';
import { dataEnvelope, isoDateTime, probability, uuid } from './common.ts';

/** The spec's ArbitrageOpportunity and ArbitrageStats, plus Concord's additions (docs/arbitrage.md). */

const platformInfo = z.object({ id: uuid, slug: z.enum(VENUE_SLUGS), name: z.string() }).meta({ id: 'PlatformInfo' });

const legSchema = z
  .object({
    role: z.enum(['buy', 'sell']),
    platform: platformInfo,
    market_id: uuid,
    platform_market_id: z.string(),
    market_title: z.string(),
    url: z.string().nullable(),
    outcome: z.string().meta({ description: "the venue's own outcome label the order is for (Yes, No, Up…)" }),
    outcome_index: z.number().int().min(0),
    side: z.enum(['buy', 'sell']),
    price: probability,
    size: z.number().min(0).nullable().meta({ description: 'shares available at `price`; null when the venue gives no size' }),
    price_source: z.enum(['order_book', 'listing_quote', 'probability']),
    quoted_at: isoDateTime.meta({ description: 'when the quote was current' }),
    fee_per_share: z.number().min(0).nullable().meta({ description: 'taker plus worst-case settlement fee per share; null when the fee model is unknown' }),
    relation: z.enum(['identity', 'complement']).meta({ description: "how the leg's market is linked to the question" }),
    link_confidence: probability,
    end_time: isoDateTime.nullable(),
    currency: z.enum(['USDC', 'USDT', 'USD', 'MANA', 'WETH']),
  })
  .meta({ id: 'ArbitrageLeg' });

export const opportunitySchema = z
  .object({
    id: uuid.meta({ description: 'stable across scans: UUID v5 of (question, bought market, sold market)' }),
    canonical_question_id: uuid,
    question_title: z.string(),
    question_slug: z.string(),
    category: z.enum(CATEGORIES),
    type: z.enum(ARB_TYPES),
    buy_platform: platformInfo,
    sell_platform: platformInfo,
    buy_price: probability,
    sell_price: probability,
    spread: z.number().meta({ description: 'sell_price − buy_price (raw)' }),
    spread_bps: z.number().int(),
    net_spread: z.number().meta({ description: 'spread after both venues’ fees, per pair of shares' }),
    estimated_profit: z.number().meta({ description: 'per 100 units of currency deployed' }),
    arbitrage_score: z.number().int().min(0).max(100),
    classification: z.enum(CLASSIFICATIONS),
    status: z.enum(OPPORTUNITY_STATUSES),
    liquidity: z.number().min(0),
    volume24h: z.number().min(0),
    risk_gate_state: z.enum(RISK_GATE_STATES),
    guarantee: z.enum(GUARANTEES),
    detected_at: isoDateTime.meta({ description: 'start of the current episode' }),
    fees: z.object({ buy_fee: z.number(), sell_fee: z.number(), total_fees: z.number() }).meta({ description: 'fractions of the capital per pair' }),
    legs: z.array(legSchema).length(2).meta({ description: 'the buy leg, then the sell leg' }),
    max_size: z.number().min(0).nullable().meta({ description: 'pairs the books support while the trade stays profitable; null without sizes' }),
    max_capital: z.number().min(0).nullable().meta({ description: 'cash needed to trade max_size, fees as charged' }),
    annualized_return: z.number().nullable().meta({ description: 'simple yearly return until capital_locked_until; null when an end is unknown' }),
    capital_locked_until: isoDateTime.nullable(),
    capital_per_pair: z.number().min(0),
    fees_known: z.boolean(),
    actionable_blockers: z.array(z.string()).meta({ description: 'why it is not actionable, each `<reason>:<venue>`; empty when nothing blocks it' }),
    score_factors: z.object({ execution: z.number().min(0).max(1), market: z.number().min(0).max(1), temporal: z.number().min(0).max(1) }),
    updated_at: isoDateTime,
    resolved_at: isoDateTime.nullable(),
    resolution_reason: z.string().nullable(),
  })
  .meta({ id: 'ArbitrageOpportunity' });

export const statsSchema = z
  .object({
    total_opportunities: z.number().int().min(0),
    actionable_count: z.number().int().min(0),
    informational_count: z.number().int().min(0),
    avg_spread: z.number(),
    max_profit: z.number(),
    platform_pairs: z.record(z.string(), z.number().int().min(0)).meta({ description: 'two venue slugs in alphabetical order joined by <-> → live opportunities' }),
    scanned_questions: z.number().int().min(0),
    duration_ms: z.number().int().min(0),
    scanned_at: isoDateTime.meta({ description: 'when the latest scan ran; before the first scan, the time of the answer (with scanned_questions 0)' }),
  })
  .meta({ id: 'ArbitrageStats' });

export const opportunityListResponse = dataEnvelope(z.object({ opportunities: z.array(opportunitySchema), stats: statsSchema }), {
  meta: z.object({
    count: z.number().int().min(0),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(200),
    source: z.enum(['database', 'cache', 'empty']).meta({ description: 'database: read now; cache: served from the short-lived cache; empty: nothing matched' }),
  }),
});

export const opportunityResponse = dataEnvelope(opportunitySchema);

/** The `data:` of each named event of GET /external/arbitrage/stream. */
export const arbitrageStreamEvents = {
  opportunity: z
    .object({
      change: z.enum(['snapshot', 'created', 'updated', 'resolved', 'removed']).meta({ description: 'snapshot: live at connect (no event id); the rest: a change, with the ARB stream sequence as id' }),
      opportunity: opportunitySchema,
    })
    .meta({ description: 'an opportunity at connect, or a change whose new or previous version matches the filters' }),
  snapshot: z.object({ count: z.number().int().min(0) }).meta({ description: 'end of the connect-time snapshot; its id is the stream position the snapshot reflects' }),
  resync: z.object({ reason: z.string() }).meta({ description: 'Last-Event-ID is older than the stream retains: the snapshot follows' }),
  error: z.object({ message: z.string() }).meta({ description: 'the stream failed and ends; reconnect with Last-Event-ID' }),
} as const;
