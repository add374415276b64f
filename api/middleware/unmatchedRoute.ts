import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { AppError } from '../../shared/errors.ts';
import { methodsAllowedOn, routeLayers } from '../http/routeTable.ts';

/**
 * Mounted after every router: reached only when no route took the request. A path some route serves
 * answers OPTIONS with its methods and any other method (TRACE, PROPFIND, SEARCH, PUT, ...) with 405
 * and an Allow header; an unknown path is 404. Both in the error envelope, never the router's bare
 * 501 text.
 */
export function unmatchedRoute(routers: readonly Router[]): Middleware {
  // Read lazily: routes may be added to a router after the app was built.
  return async (ctx) => {
    const allowed = methodsAllowedOn(routeLayers(routers), ctx.path);
    if (allowed.length === 0) throw new AppError('NOT_FOUND', `No route for ${ctx.method} ${ctx.path.slice(0, 200)}.`);
    const allow = allowed.join(', ');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Allow', allow);
      ctx.body = { data: { allow: allowed } };
      return;
    }
    throw new AppError('METHOD_NOT_ALLOWED', `Method ${ctx.method} is not allowed on ${ctx.path.slice(0, 200)}; use ${allow}.`, { headers: { Allow: allow } });
  };
}
