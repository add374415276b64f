import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { parseInput, singleValuedQuery } from '../http/validate.ts';
import { intParam } from '../http/queryFields.ts';
import { AppError } from '../../shared/errors.ts';
import { VENUE_SLUGS, VENUES, type VenueSlug } from '../../shared/venues/registry.ts';
import { CHART_DAYS_DEFAULT, CHART_DAYS_MAX, platformChart, platformStats } from '../../projections/platformMetrics/queries.ts';

export const platformStatsQuery = z.object({}).strict();
export const platformChartsQuery = z.object({ days: intParam(1, CHART_DAYS_MAX, CHART_DAYS_DEFAULT) }).strict();
/** The path's venue slug; anything else is 404 NOT_FOUND (venueOf), the path naming no resource. */
export const platformSlugParams = z.object({ slug: z.enum(VENUE_SLUGS).meta({ description: 'venue slug' }) });

/** The venue named by the path, or 404 naming the valid slugs (read from the registry, so new venues appear). */
function venueOf(raw: unknown): VenueSlug {
  const slug = String(raw ?? '');
  const parsed = platformSlugParams.shape.slug.safeParse(slug);
  if (!parsed.success) {
    throw new AppError('NOT_FOUND', `Unknown platform '${slug.slice(0, 64)}': valid slugs are ${VENUE_SLUGS.join(', ')}.`);
  }
  return parsed.data;
}

/** GET /platforms/{slug}/stats */
export function platformStatsHandler(deps: AppDeps): Middleware {
  return async (ctx) => {
    const slug = venueOf(ctx.params.slug);
    parseInput(platformStatsQuery, singleValuedQuery(ctx.query), 'query parameter');
    ctx.body = { data: await platformStats(deps.store, slug) };
  };
}

/** GET /platforms/{slug}/charts?days=: daily traded volume, one point per UTC day, oldest first. */
export function platformChartsHandler(deps: AppDeps): Middleware {
  return async (ctx) => {
    const slug = venueOf(ctx.params.slug);
    const { days } = parseInput(platformChartsQuery, singleValuedQuery(ctx.query), 'query parameter');
    const chart = await platformChart(deps.store, slug, days, Date.now());
    ctx.body = {
      data: chart.points,
      meta: {
        platform: slug,
        currency: VENUES[slug].currency,
        days,
        count: chart.points.length,
        from: chart.points[0]?.date ?? null,
        to: chart.points[chart.points.length - 1]?.date ?? null,
        observed_since: chart.observed_since,
      },
    };
  };
}
