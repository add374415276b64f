import { z } from 'zod';
import { VENUE_SLUGS } from '../../../shared/venues/registry.ts';
import { countMeta, dataEnvelope, isoDateTime, message, probability, uuid } from './common.ts';

/** Watchlists and their items (docs/watchlists-alerts.md, "Watchlists"). */

export const watchlistSchema = z
  .object({
    id: uuid,
    name: z.string().min(1).max(100),
    item_count: z.number().int().min(0),
    created_at: isoDateTime,
    updated_at: isoDateTime.meta({ description: 'last rename or item added' }),
  })
  .meta({ id: 'Watchlist' });

const itemSnapshotSchema = z
  .object({
    kind: z.enum(['market', 'question']).meta({ description: 'market when the item names a market (also with a question), else question' }),
    title: z.string(),
    price: probability.nullable().meta({ description: "market: its Yes probability; question: its index price; null when unpriced" }),
    price_24h_ago: probability.nullable().meta({ description: 'the price that prevailed 24 hours ago; null when not known' }),
    change_24h: z.number().min(-1).max(1).nullable().meta({ description: 'price − price_24h_ago in probability points (0.03 = three points)' }),
    status: z.string().nullable().meta({ description: 'market items only' }),
    platform_slug: z.enum(VENUE_SLUGS).nullable().meta({ description: 'market items only' }),
    market_count: z.number().int().min(0).nullable().meta({ description: 'question items only: venues listing it with an open market' }),
    updated_at: isoDateTime.nullable(),
  })
  .meta({ id: 'WatchlistItemSnapshot' });

export const watchlistItemSchema = z
  .object({
    id: uuid,
    watchlist_id: uuid,
    canonical_question_id: uuid.nullable(),
    market_id: uuid.nullable(),
    added_at: isoDateTime,
    snapshot: itemSnapshotSchema.nullable().meta({ description: 'joined from the read models at read time; null when the reference no longer resolves (and on removal)' }),
  })
  .meta({ id: 'WatchlistItem' });

export const watchlistListResponse = dataEnvelope(z.array(watchlistSchema), { meta: countMeta.extend({ limit: z.number().int().meta({ description: 'most watchlists an account may hold' }) }) });
export const watchlistResponse = dataEnvelope(watchlistSchema);
export const watchlistDeletedResponse = dataEnvelope(watchlistSchema, { message });
export const watchlistDetailResponse = dataEnvelope(watchlistSchema.extend({ items: z.array(watchlistItemSchema).meta({ description: 'oldest first' }) }));
export const watchlistItemResponse = dataEnvelope(watchlistItemSchema);
export const watchlistItemRemovedResponse = dataEnvelope(watchlistItemSchema, { message });
