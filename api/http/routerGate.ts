import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { routeDispatch } from './routeDispatch.ts';

type RouteLayer = Router['stack'][number];

/** A first segment that is plain literal text in a layer's path (no parameter, group, wildcard or modifier). */
const LITERAL_SEGMENT = /^[A-Za-z0-9._~-]+$/;
const ASCII = /^[\x20-\x7e]*$/;
/** router.use('/x', ...) layers carry their path as a pattern ending at a segment boundary. */
const USE_BOUNDARY = /\(\?:\\\/\|\$\)$/;

/** The last request URL whose first segment was worked out, shared by the gates (the app's four run one after another). */
let lastUrl: string | undefined;
let lastSegment: string | null = null;

/**
 * The request path's first segment, lower-cased, or null when it is not plain ASCII. Koa's ctx.path is parsed
 * from req.url (and setting ctx.path rewrites req.url), so the same URL string always gives the same segment.
 */
function firstSegment(ctx: Context): string | null {
  const url = ctx.req.url;
  if (url === lastUrl && url !== undefined) return lastSegment;
  const path = ctx.path;
  const end = path.indexOf('/', 1);
  const segment = path.slice(1, end === -1 ? undefined : end);
  lastSegment = ASCII.test(segment) ? segment.toLowerCase() : null;
  lastUrl = url;
  return lastSegment;
}

/**
 * A router's dispatch middleware that first checks whether any of the router's layers could take the
 * request, by the literal first path segment (lower-cased: routes are case-insensitive) of every layer: a
 * request whose first segment none of them names goes straight to `next()`. The app mounts four routers one
 * after the other (health, OpenAPI, console page, /api/v1), and each dispatch reads `ctx.host` (Koa splits
 * the Host header every time), tests its layers and composes a chain before passing a request it has no route
 * for on: ~3 us per router per request (bench/README.md finding 39). A router passes such a request on
 * anyway (no layer matches its path, so it has no route), so the answer is the same; only the router's
 * per-request bookkeeping on the context (`ctx.matched`, `ctx.router`), which nothing here reads, is not
 * written by a skipped router. A layer whose first segment is not plain literal text (a parameter, a
 * pattern), a first segment that is not plain ASCII (case folding) and routes added later (the set is rebuilt when the
 * router's stack changes length) all dispatch as before. The returned middleware carries `router`, as the
 * router's own does (routeTable.ts reads it).
 */
export function gatedRoutes(router: Router): Middleware {
  // The router's dispatch with each matched route's chain built once (routeDispatch.ts), not per request.
  const dispatch = routeDispatch(router);
  let builtFor = -1;
  let segments: ReadonlySet<string> | null = null;

  const rebuild = (): void => {
    const found = new Set<string>();
    let any = false;
    for (const layer of router.stack as RouteLayer[]) {
      const path = typeof layer.path === 'string' ? layer.path : '';
      const segment = path.startsWith('/') ? path.slice(1).replace(USE_BOUNDARY, '').split('/')[0]! : '';
      if (!LITERAL_SEGMENT.test(segment)) {
        any = true;
        break;
      }
      found.add(segment.toLowerCase());
    }
    segments = any ? null : found;
    builtFor = router.stack.length;
  };

  const gated: Middleware = (ctx, next) => {
    if (builtFor !== router.stack.length) rebuild();
    if (segments !== null) {
      const segment = firstSegment(ctx);
      if (segment !== null && !segments.has(segment)) return next();
    }
    return dispatch(ctx, next);
  };
  (gated as Middleware & { router?: Router }).router = router;
  return gated;
}
