import { z } from 'zod';
import { CATEGORIES } from '../../../shared/types/market.ts';
import { VENUE_SLUGS } from '../../../shared/venues/registry.ts';
import { dataEnvelope, isoDateTime, offsetPageMeta, probability, uuid } from './common.ts';

const slug = z.enum(VENUE_SLUGS);
const divergenceCategory = z.enum(['low', 'medium', 'high']);

export const discoverItemSchema = z
  .object({
    id: uuid,
    title: z.string(),
    slug: z.string(),
    category: z.enum(CATEGORIES),
    end_time: isoDateTime.nullable(),
    market_count: z.number().int().min(0).meta({ description: 'venues listing the question with an open market' }),
    platform_slugs: z.array(slug),
    index_price: probability.nullable().meta({ description: 'volume-weighted consensus probability' }),
    divergence: z.number().min(0).nullable().meta({ description: 'weighted standard deviation of Yes prices (0.034 = 3.4%)' }),
    divergence_category: divergenceCategory.nullable(),
    best_buy_price: probability.nullable(),
    best_buy_platform: slug.nullable(),
    spread_bps: z.number().int().nullable(),
  })
  .meta({ id: 'DiscoverItem' });

export const indexResultSchema = z
  .object({
    index_price: probability.nullable(),
    divergence: z.number().min(0).nullable(),
    divergence_category: divergenceCategory.nullable(),
    platform_count: z.number().int().min(0),
    best_buy_price: probability.nullable(),
    best_buy_platform: slug.nullable(),
    best_sell_price: probability.nullable(),
    best_sell_platform: slug.nullable(),
    spread_bps: z.number().int().nullable(),
    platform_prices: z.partialRecord(slug, probability).meta({ description: "each venue's Yes price, play money included" }),
    weighting: z.enum(['volume_24h', 'equal']).nullable(),
    basis: z.enum(['real_money', 'play_money']).nullable(),
  })
  .meta({ id: 'IndexResult' });

export const questionMarketSchema = z
  .object({
    id: uuid,
    title: z.string(),
    slug: z.string(),
    status: z.string(),
    platform_market_id: z.string(),
    platform_id: uuid,
    platform_slug: slug,
    platform_name: z.string(),
    volume24h: z.number().nullable(),
    liquidity: z.number().nullable(),
    confidence: probability,
    match_method: z.enum(['exact', 'semantic', 'manual']),
    relation: z.enum(['identity', 'complement']),
    match_reasons: z.array(z.string()),
    play_money: z.boolean(),
    outcomes: z.array(z.object({ label: z.string(), outcome_index: z.number().int().min(0), price: probability.nullable() })),
  })
  .meta({ id: 'QuestionMarket' });

export const questionDetailSchema = z
  .object({
    id: uuid,
    title: z.string(),
    slug: z.string(),
    category: z.enum(CATEGORIES),
    end_time: isoDateTime.nullable(),
    markets: z.array(questionMarketSchema),
    index: indexResultSchema,
  })
  .meta({ id: 'QuestionDetail' });

export const discoverResponse = dataEnvelope(z.array(discoverItemSchema), { meta: offsetPageMeta });
export const questionResponse = dataEnvelope(questionDetailSchema);
