import type { Middleware } from 'koa';
import { AppError } from '../../shared/errors.ts';

/**
 * Requests that carry a body must say it is JSON (spec: general conventions). Without this a
 * text/plain body would be silently ignored and the caller told a field is missing.
 */
export function jsonBodyOnly(): Middleware {
  return async (ctx, next) => {
    const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
    if (hasBody && !ctx.is('application/json', '+json')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the body as JSON with Content-Type: application/json (got ${ctx.get('content-type') || 'no Content-Type'}).`);
    }
    await next();
  };
}
