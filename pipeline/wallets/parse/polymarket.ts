import { z } from 'zod';
import type { TrackedPosition, TradeHistoryItem } from '../types.ts';
import { readRows } from '../rows.ts';
import { dateOnly, DUST_SHARES, isoTime, outcomeLabel, position, sideOf } from '../values.ts';

/*
 * Polymarket data-api (APIS.md §1). Numbers are JSON numbers in USDC and shares; prices 0..1.
 * GET /positions?user=…      [{"size":271790.1,"avgPrice":0.8611,"initialValue":234044.7062,"currentValue":248552.0464,
 *                              "cashPnl":14507.3401,"curPrice":0.9145,"redeemable":false,"title":"Will the Tampa Bay…",
 *                              "slug":"will-the-tampa…","eventSlug":"2026-nhl-stanley-cup-champion","outcome":"No",
 *                              "endDate":"2026-06-30",…}]
 * GET /v1/closed-positions   [{"avgPrice":0.27,"totalBought":1500000,"realizedPnl":1095000,"curPrice":1,
 *                              "title":"Will Villarreal CF win on 2026-01-20?","outcome":"No",
 *                              "endDate":"2026-01-20T00:00:00Z","timestamp":1768957706,…}]
 * GET /activity?user=…       [{"type":"TRADE","side":"BUY","size":714.285713,"usdcSize":614.285714,"price":0.86,
 *                              "timestamp":1777091978,"title":"Oilers vs. Ducks","outcome":"Ducks",…}]
 */

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const text = z.string().nullish();

const openRow = z.object({
  size: finite,
  avgPrice: finite,
  initialValue: finite.nullish(),
  curPrice: finite,
  redeemable: z.boolean().nullish(),
  title: z.string().min(1),
  slug: text,
  eventSlug: text,
  outcome: z.string(),
  endDate: text,
});

const closedRow = z.object({
  avgPrice: finite,
  totalBought: finite,
  realizedPnl: finite,
  title: z.string().min(1),
  slug: text,
  eventSlug: text,
  outcome: z.string(),
  endDate: text,
});

const activityRow = z.object({
  type: z.string().min(1),
  side: text,
  size: finite.nullish(),
  usdcSize: finite.nullish(),
  price: finite.nullish(),
  timestamp: z.union([z.number(), z.string()]),
  title: text,
  outcome: text,
});

function marketUrl(r: { slug?: string | null; eventSlug?: string | null }): string {
  if (r.eventSlug && r.slug) return `https://polymarket.com/event/${r.eventSlug}/${r.slug}`;
  if (r.eventSlug) return `https://polymarket.com/event/${r.eventSlug}`;
  if (r.slug) return `https://polymarket.com/market/${r.slug}`;
  return 'https://polymarket.com/portfolio';
}

/**
 * Held positions. `redeemable` means the market resolved and the shares wait to be redeemed: curPrice is
 * then the payout (1 won, 0 lost). The cost basis is `initialValue` (avgPrice is rounded to 4 places).
 */
export function parsePolymarketPositions(rows: readonly unknown[]): { positions: TrackedPosition[]; skipped: string[] } {
  const read = readRows(openRow, rows, 'positions');
  const positions = read.rows
    .filter((r) => r.size >= DUST_SHARES)
    .map((r) =>
      position({
        platform: 'polymarket',
        marketTitle: r.title,
        marketUrl: marketUrl(r),
        outcome: outcomeLabel(r.outcome),
        status: r.redeemable ? 'resolved' : 'open',
        size: r.size,
        cost: r.initialValue ?? null,
        avgPrice: r.avgPrice,
        currentPrice: r.curPrice,
        endDate: dateOnly(r.endDate, 'iso'),
      }),
    );
  return { positions, skipped: read.skipped };
}

/**
 * Positions the wallet has left (sold or redeemed). The shares are gone, so the formula runs on what was
 * bought and on the average exit price that makes it give the venue's realised P&L:
 * exit = avgPrice + realizedPnl / totalBought.
 */
export function parsePolymarketClosedPositions(rows: readonly unknown[]): { positions: TrackedPosition[]; skipped: string[] } {
  const read = readRows(closedRow, rows, 'closed-positions');
  const positions = read.rows
    .filter((r) => r.totalBought >= DUST_SHARES)
    .map((r) =>
      position({
        platform: 'polymarket',
        marketTitle: r.title,
        marketUrl: marketUrl(r),
        outcome: outcomeLabel(r.outcome),
        status: 'closed',
        size: r.totalBought,
        avgPrice: r.avgPrice,
        currentPrice: r.avgPrice + r.realizedPnl / r.totalBought,
        endDate: dateOnly(r.endDate, 'iso'),
      }),
    );
  return { positions, skipped: read.skipped };
}

const NON_TRADE_TYPES: Readonly<Record<string, string>> = {
  REDEEM: 'REDEMPTION',
  REWARD: 'REWARD',
  MAKER_REBATE: 'REBATE',
  TAKER_REBATE: 'REBATE',
  SPLIT: 'SPLIT',
  MERGE: 'MERGE',
  CONVERSION: 'CONVERSION',
};

/**
 * Activity rows. A TRADE becomes BUY or SELL of its outcome (size in shares, price per share); other rows
 * (redemptions, rewards, rebates, splits, merges, conversions) carry their USDC amount as size and no price.
 */
export function parsePolymarketActivity(rows: readonly unknown[]): { history: TradeHistoryItem[]; skipped: string[] } {
  const read = readRows(activityRow, rows, 'activity');
  const skipped = [...read.skipped];
  const history: TradeHistoryItem[] = [];
  read.rows.forEach((r, i) => {
    const timestamp = isoTime(r.timestamp, 's');
    if (!timestamp) {
      skipped.push(`activity[${i}]: timestamp ${String(r.timestamp)} is not unix seconds`);
      return;
    }
    if (r.type === 'TRADE') {
      if ((r.side !== 'BUY' && r.side !== 'SELL') || r.size == null || r.price == null) {
        skipped.push(`activity[${i}]: TRADE without side BUY/SELL, size and price`);
        return;
      }
      history.push({ platform: 'polymarket', type: r.side, side: sideOf(r.outcome), marketTitle: r.title || 'Polymarket market', price: r.price, size: r.size, timestamp });
      return;
    }
    const type = NON_TRADE_TYPES[r.type] ?? r.type;
    const amount = r.usdcSize ?? r.size;
    history.push({
      platform: 'polymarket',
      type,
      side: sideOf(r.outcome),
      marketTitle: r.title || `Polymarket ${type.toLowerCase()}`,
      ...(amount != null ? { size: amount } : {}),
      timestamp,
    });
  });
  return { history, skipped };
}
