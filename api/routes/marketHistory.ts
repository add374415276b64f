import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { parseInput, singleValuedQuery } from '../http/validate.ts';
import { enumParam, intParam } from '../http/queryFields.ts';
import { canonicalUuid, isUuid } from '../../shared/ids.ts';
import { uuidPathParam } from '../http/uuidPathParam.ts';
import { AppError } from '../../shared/errors.ts';
import { HOUR, resample } from '../../shared/history/series.ts';
import { getMarket, getMarkets, trendingMarkets, TRENDING_DEFAULT_LIMIT } from '../../projections/markets/queries.ts';
import { HISTORY_RANGES, marketSeries, pointsInRange } from '../../projections/priceHistory/queries.ts';
import { marketView } from '../views/marketView.ts';

export const SPARKLINE_IDS_MAX = 100;
/** A sparkline: 42 points 4 hours apart, the last 7 days, ending at the latest 5-minute boundary. */
export const SPARKLINE_POINTS = 42;
export const SPARKLINE_SPACING_SECONDS = 4 * HOUR;
const FIVE_MINUTES = 300;

export const trendingQuery = z.object({ limit: intParam(1, 200, TRENDING_DEFAULT_LIMIT) }).strict();

const idList = z.string().transform((raw, ctx) => {
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => s.length > 0))];
  if (ids.length === 0) {
    ctx.addIssue({ code: 'custom', message: `must list 1 to ${SPARKLINE_IDS_MAX} comma-separated market UUIDs` });
    return z.NEVER;
  }
  if (ids.length > SPARKLINE_IDS_MAX) {
    ctx.addIssue({ code: 'custom', message: `at most ${SPARKLINE_IDS_MAX} market ids per request, got ${ids.length}` });
    return z.NEVER;
  }
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 64)}" is not a market UUID` });
    return z.NEVER;
  }
  return [...new Set(ids.map(canonicalUuid))];
});
export const sparklinesQuery = z.object({ ids: idList }).strict();

export const marketHistoryQuery = z
  .object({ range: enumParam(Object.keys(HISTORY_RANGES) as [keyof typeof HISTORY_RANGES, ...Array<keyof typeof HISTORY_RANGES>]).default('30d') })
  .strict();

/** GET /markets/trending: open real-money markets by 24-hour volume (projections/markets/queries.ts). */
export function trendingHandler(deps: AppDeps): Middleware {
  return async (ctx) => {
    const query = parseInput(trendingQuery, singleValuedQuery(ctx.query), 'query parameter');
    const items = await trendingMarkets(deps.store, query.limit);
    ctx.body = {
      data: items.map((m, i) => ({ rank: i + 1, ...marketView(m) })),
      meta: { count: items.length, limit: query.limit, ranking: 'volume_24h' },
    };
  };
}

/** GET /markets/sparklines?ids=: compact Yes-price arrays keyed by market id; unknown ids listed in meta. */
export function sparklinesHandler(deps: AppDeps): Middleware {
  return async (ctx) => {
    if (ctx.query.ids === undefined) throw new AppError('INVALID_REQUEST', `Missing query parameter 'ids': list 1 to ${SPARKLINE_IDS_MAX} comma-separated market UUIDs.`);
    const { ids } = parseInput(sparklinesQuery, singleValuedQuery(ctx.query), 'query parameter');
    const [markets, series] = await Promise.all([getMarkets(deps.store, ids), marketSeries(deps.store, ids)]);
    const known = new Set(markets.map((m) => m._id));
    const end = Math.floor(Date.now() / 1000 / FIVE_MINUTES) * FIVE_MINUTES;
    const data: Record<string, Array<number | null>> = {};
    for (const id of ids) {
      if (!known.has(id)) continue;
      data[id] = resample(series.get(id)?.points ?? [], end, SPARKLINE_SPACING_SECONDS, SPARKLINE_POINTS);
    }
    ctx.body = {
      data,
      meta: {
        count: known.size,
        points: SPARKLINE_POINTS,
        spacing_seconds: SPARKLINE_SPACING_SECONDS,
        from: new Date((end - (SPARKLINE_POINTS - 1) * SPARKLINE_SPACING_SECONDS) * 1000).toISOString(),
        to: new Date(end * 1000).toISOString(),
        unknown_ids: ids.filter((id) => !known.has(id)),
      },
    };
  };
}

/** GET /markets/{id}/history?range=: the Yes-price series (our addition, docs/history.md). */
export function marketHistoryHandler(deps: AppDeps): Middleware {
  return async (ctx) => {
    const id = uuidPathParam(ctx.params.id, 'a market');
    const query = parseInput(marketHistoryQuery, singleValuedQuery(ctx.query), 'query parameter');
    const market = await getMarket(deps.store, id);
    if (!market) throw new AppError('MARKET_NOT_FOUND', `No market with id ${id}.`);
    const series = (await marketSeries(deps.store, [id])).get(id);
    const points = pointsInRange(series?.points ?? [], query.range, Math.floor(Date.now() / 1000));
    ctx.body = {
      data: { market_id: id, points },
      meta: {
        range: query.range,
        count: points.length,
        format: '[unix seconds, Yes price 0-1]',
        observed_from: series?.observed_from ? new Date(series.observed_from * 1000).toISOString() : null,
        backfill_from: series?.backfill_from ? new Date(series.backfill_from * 1000).toISOString() : null,
      },
    };
  };
}
