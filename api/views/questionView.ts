import type { QuestionDoc } from '../../projections/questions/projection.ts';
import { VENUES } from '../../shared/venues/registry.ts';

/** DiscoverItem of the spec. */
export function discoverItemView(q: QuestionDoc) {
  return {
    id: q.id,
    title: q.title,
    slug: q.slug,
    category: q.category,
    end_time: q.end_time,
    market_count: q.market_count,
    platform_slugs: q.platform_slugs,
    index_price: q.index.index_price,
    divergence: q.index.divergence,
    divergence_category: q.index.divergence_category,
    best_buy_price: q.index.best_buy_price,
    best_buy_platform: q.index.best_buy_platform,
    spread_bps: q.index.spread_bps,
  };
}

/** QuestionDetail of the spec: QuestionMarket per linked venue market, plus the IndexResult. */
export function questionDetailView(q: QuestionDoc) {
  return {
    id: q.id,
    title: q.title,
    slug: q.slug,
    category: q.category,
    end_time: q.end_time,
    markets: q.members.map((m) => ({
      id: m.market_id,
      title: m.title,
      slug: m.slug,
      status: m.status,
      platform_market_id: m.platform_market_id,
      platform_id: VENUES[m.platform_slug].id,
      platform_slug: m.platform_slug,
      platform_name: VENUES[m.platform_slug].name,
      volume24h: m.volume24h,
      liquidity: m.liquidity,
      confidence: m.confidence,
      match_method: m.match_method,
      relation: m.relation,
      match_reasons: m.reasons,
      play_money: m.play_money,
      // The spec's Outcome (label, index, price): execution quotes are served by the markets routes.
      outcomes: m.outcomes.map((o) => ({ label: o.label, outcome_index: o.outcome_index, price: o.price })),
    })),
    index: {
      index_price: q.index.index_price,
      divergence: q.index.divergence,
      divergence_category: q.index.divergence_category,
      platform_count: q.index.platform_count,
      best_buy_price: q.index.best_buy_price,
      best_buy_platform: q.index.best_buy_platform,
      best_sell_price: q.index.best_sell_price,
      best_sell_platform: q.index.best_sell_platform,
      spread_bps: q.index.spread_bps,
      platform_prices: q.index.platform_prices,
      weighting: q.index.weighting,
      basis: q.index.basis,
    },
  };
}
