import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import type { ApiRequestLogged } from '../../shared/events.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { authContextFor } from '../auth/authContext.ts';
import { callerOf } from '../auth/caller.ts';

/** Publishes waiting at once beyond this are dropped (and counted in a log line): memory stays bounded. */
export const MAX_IN_FLIGHT_PUBLISHES = 1_000;

/**
 * Captures every request made with an API key (endpoint, method, status, duration, time) and publishes
 * it to JetStream `api.requests` once the response has gone out. The request never waits for the
 * publish and a failed publish is only logged. Mounted outside the error envelope so the captured
 * status is the one the client received, errors included.
 */
export function usageCapture(deps: AppDeps): Middleware {
  const log: Logger = deps.log.child({ component: 'usage-capture' });
  const now = authContextFor(deps).now;
  let inFlight = 0;
  let dropped = 0;
  const publish = (event: ApiRequestLogged): void => {
    if (inFlight >= MAX_IN_FLIGHT_PUBLISHES) {
      dropped += 1;
      if (dropped === 1 || dropped % 1000 === 0) log.warn({ dropped }, 'usage events dropped: the stream is not keeping up');
      return;
    }
    inFlight += 1;
    deps
      .publish(subjects.apiRequests(), event, event.id)
      .catch((err: unknown) => log.warn({ err, api_key_id: event.api_key_id }, 'could not publish usage event'))
      .finally(() => {
        inFlight -= 1;
      });
  };
  return async (ctx, next) => {
    const startedAt = new Date(now());
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const caller = callerOf(ctx.state);
      if (caller.kind === 'apiKey') {
        const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
        const event: ApiRequestLogged = {
          type: 'api_request',
          id: randomUUID(),
          api_key_id: caller.keyId,
          account_id: caller.accountId,
          method: ctx.method,
          endpoint: ctx.path,
          status: ctx.status,
          duration_ms: Math.round(durationMs * 100) / 100,
          at: startedAt.toISOString(),
        };
        // After the response has been written (or the client went away), never before.
        ctx.res.once('close', () => publish(event));
      }
    }
  };
}
