import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { setHeader } from '../http/setHeader.ts';

const ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * ctx.state of every request. The child logger is made on first use (a child logger per request cost more
 * than the rest of a small answer's path) through a getter on this class's prototype: an own accessor
 * defined on each request's state object (Object.defineProperty) turned it into a slow dictionary-mode
 * object for every later ctx.state read and write, ~50 us per request in an ablation of the stack.
 */
class RequestState {
  [key: string]: unknown;
  #child: Logger | undefined;
  readonly #base: Logger;

  constructor(base: Logger, readonly requestId: string) {
    this.#base = base;
  }

  get log(): Logger {
    return (this.#child ??= this.#base.child({ req_id: this.requestId }));
  }
}

/**
 * Gives each request an id (the caller's X-Request-Id when well-formed), a child logger in
 * ctx.state.log, and writes one structured line per request with status and duration.
 */
export function requestLog(log: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = ID_RE.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    // requestLog is the first middleware, so ctx.state is still Koa's empty object here.
    ctx.state = new RequestState(log, id);
    setHeader(ctx, 'X-Request-Id', id);
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.durationMs = durationMs;
      if (log.isLevelEnabled('info')) (ctx.state.log as Logger).info(
        { method: ctx.method, path: ctx.path.slice(0, 512), status: ctx.status, duration_ms: Math.round(durationMs * 100) / 100 },
        'request',
      );
    }
  };
}
