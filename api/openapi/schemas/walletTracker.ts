import { z } from 'zod';
import { WALLET_VENUES } from '../../../pipeline/wallets/types.ts';
import { isoDateTime } from './common.ts';

const venue = z.enum(WALLET_VENUES);

export const trackedPositionSchema = z
  .object({
    platform: venue,
    marketTitle: z.string(),
    marketUrl: z.string(),
    outcome: z.string(),
    size: z.number(),
    avgPrice: z.number(),
    currentPrice: z.number(),
    currentValue: z.number(),
    pnl: z.number(),
    pnlPercent: z.number(),
    status: z.enum(['open', 'closed', 'resolved']),
    endDate: z.string().meta({ format: 'date' }).optional(),
  })
  .meta({ id: 'TrackedPosition' });

export const tradeHistoryItemSchema = z
  .object({
    platform: venue,
    type: z.string(),
    side: z.string(),
    marketTitle: z.string(),
    price: z.number().optional(),
    size: z.number().optional(),
    timestamp: isoDateTime,
    status: z.string().optional(),
  })
  .meta({ id: 'TradeHistoryItem' });

const venueEntry = z
  .object({
    positions: z.array(trackedPositionSchema),
    history: z.array(tradeHistoryItemSchema),
    totalValue: z.number(),
    totalPnL: z.number(),
    positionCount: z.number().int().min(0),
    error: z.string().optional().meta({ description: 'why this venue has no (fresh) data; the request still succeeds' }),
    stale: z.literal(true).optional(),
    ageSeconds: z.number().int().min(0).optional(),
  })
  .meta({ id: 'WalletVenueEntry' });

/** The wallet tracker answers at top level, without the `data` envelope (spec). */
export const walletTrackerResponse = z
  .object({
    address: z.string(),
    solanaAddress: z.string().optional(),
    manifoldUser: z.string().optional(),
    platforms: z.object(Object.fromEntries(WALLET_VENUES.map((v) => [v, venueEntry])) as Record<(typeof WALLET_VENUES)[number], typeof venueEntry>),
    summary: z.object({
      totalValue: z.number(),
      totalPnL: z.number(),
      totalPositions: z.number().int().min(0),
      activePlatforms: z.number().int().min(0),
      playMoney: z.object({ currency: z.literal('MANA'), totalValue: z.number(), totalPnL: z.number(), totalPositions: z.number().int().min(0) }),
    }),
    fetchedAt: isoDateTime,
    ageSeconds: z.number().int().min(0),
  })
  .meta({ id: 'WalletTrackerAnswer' });
