import type { MarketDoc } from '../../projections/markets/projection.ts';

/** The public shape of a venue market (QuestionMarket fields plus what users ask for). */
export function marketView(doc: MarketDoc) {
  return {
    id: doc.id,
    title: doc.title,
    slug: doc.slug,
    status: doc.status,
    platform_market_id: doc.platform_market_id,
    platform_id: doc.platform_id,
    platform_slug: doc.platform_slug,
    platform_name: doc.platform_name,
    category: doc.category,
    end_time: doc.end_time,
    created_at: doc.created_at,
    description: doc.description,
    url: doc.url,
    volume24h: doc.volume24h,
    volume_total: doc.volume_total,
    volume_windows: doc.volume_windows ?? null,
    liquidity: doc.liquidity,
    currency: doc.currency,
    play_money: doc.play_money,
    // Snapshots stored before execution quotes existed lack them: unknown is null (docs/prices.md).
    outcomes: doc.outcomes.map((o) => ({ ...o, best_bid: o.best_bid ?? null, best_ask: o.best_ask ?? null })),
    group: doc.group,
    fee: doc.fee,
    quoted_at: doc.quoted_at,
    updated_at: doc.updated_at,
    delisted_at: doc.delisted_at ?? null,
  };
}

