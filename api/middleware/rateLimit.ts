import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.ts';

/** Tiered rate limit; the full implementation arrives with the auth work. */
export function rateLimit(_deps: AppDeps): Middleware {
  return async (_ctx, next) => {
    await next();
  };
}
