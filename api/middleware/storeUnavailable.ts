import type { Middleware } from 'koa';
import { AppError } from '../../shared/errors.ts';
import { isStoreUnavailable } from '../../shared/ports/documentStore.ts';

/** Seconds a client is asked to wait before trying again while the store is down. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * A store outage is expected and transient: answer 503 SERVICE_UNAVAILABLE with Retry-After (and no stack
 * in the log) instead of a 500. Sits just inside the error envelope, which renders the AppError.
 */
export function storeUnavailable(): Middleware {
  return async (_ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (!isStoreUnavailable(err)) throw err;
      throw new AppError('SERVICE_UNAVAILABLE', 'The data store is unavailable right now; try again in a few seconds.', {
        cause: err,
        headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
      });
    }
  };
}
