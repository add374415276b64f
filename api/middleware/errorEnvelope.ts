import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError } from '../../shared/errors.ts';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** Maps errors thrown by koa's own body parsing (http-errors) onto our envelope. */
function fromHttpError(err: HttpLikeError): AppError | null {
  const status = err.status ?? err.statusCode;
  if (status === 413 || err.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large (limit 100 kB).');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Requests with a body must use Content-Type: application/json.');
  if (status === 400 && (err.type === 'entity.parse.failed' || /json/i.test(err.message ?? ''))) {
    return new AppError('INVALID_REQUEST', 'Request body is not valid JSON.');
  }
  if (status !== undefined && status >= 400 && status < 500 && err.expose) {
    return new AppError('INVALID_REQUEST', err.message ?? 'Bad request.');
  }
  return null;
}

/**
 * Outermost middleware: every failure leaves as `{status, message}` with the right HTTP
 * status; unexpected errors are logged with the request id and answered 500 without detail.
 */
export function errorEnvelope(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new AppError('NOT_FOUND', `No route for ${ctx.method} ${ctx.path}.`);
      }
      if (ctx.status === 405 && ctx.body === undefined) {
        ctx.body = { status: 'INVALID_REQUEST', message: `Method ${ctx.method} is not allowed on ${ctx.path}.` };
      }
    } catch (err) {
      const appError = err instanceof AppError ? err : fromHttpError(err as HttpLikeError);
      if (appError) {
        ctx.status = appError.httpStatus;
        for (const [k, v] of Object.entries(appError.headers)) ctx.set(k, v);
        ctx.body = { status: appError.code, message: appError.message };
        return;
      }
      (ctx.state.log as Logger | undefined ?? log).error({ err }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { status: 'INTERNAL_ERROR', message: 'Internal error. The request id in X-Request-Id helps us find it.' };
    }
  };
}
