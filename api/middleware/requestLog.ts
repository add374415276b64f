import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';

const ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives each request an id (the caller's X-Request-Id when well-formed), a child logger in
 * ctx.state.log, and writes one structured line per request with status and duration.
 */
export function requestLog(log: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = ID_RE.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    ctx.state.requestId = id;
    // Made on first use: a child logger per request cost more than the rest of a small answer's path.
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', { get: () => (child ??= log.child({ req_id: id })), enumerable: true, configurable: true });
    ctx.set('X-Request-Id', id);
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
