import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError, ERROR_HTTP_STATUS, type ErrorCode } from '../../shared/errors.ts';
import { setHeader } from '../http/setHeader.ts';

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  expose?: boolean;
  message?: string;
}

const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * An http-errors style error (a 4xx thrown by koa or a library) as our envelope. Its message is kept
 * only when the library marked it safe to show; nothing else of it (a raw body, say) is ever echoed.
 */
function fromHttpError(err: HttpLikeError): AppError | null {
  const raw = err.status ?? err.statusCode;
  const status = typeof raw === 'number' ? raw : NaN;
  if (!(status >= 400 && status < 500)) return null;
  const code = CODE_BY_STATUS[status] ?? 'INVALID_REQUEST';
  const message = err.expose && typeof err.message === 'string' && err.message !== '' ? err.message.slice(0, 300) : `The request was refused (HTTP ${status}).`;
  return new AppError(code, message);
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Writes the error envelope for an expected refusal without throwing: the rate limiter answers most of a
 * flood this way, where building an Error (its stack) per refused request was a tenth of the refusal's cost.
 * The same status, headers and body errorEnvelope() gives the AppError of the same code.
 */
export function answerError(ctx: Context, code: ErrorCode, message: string, headers: Readonly<Record<string, string>> = {}): void {
  ctx.status = ERROR_HTTP_STATUS[code];
  for (const k in headers) setHeader(ctx, k, headers[k]!);
  // The Content-Type Koa gives an object body, set before it so Koa does not look the type up again per refusal.
  setHeader(ctx, 'Content-Type', JSON_CONTENT_TYPE);
  ctx.body = { status: code, message };
}

/**
 * Every failure leaves as `{status, message}` with the right HTTP status; unexpected errors are
 * logged (never with the request body) with the request id and answered 500 without detail.
 */
export function errorEnvelope(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null) {
        throw new AppError('NOT_FOUND', `No route for ${ctx.method} ${ctx.path.slice(0, 200)}.`);
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
