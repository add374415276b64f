import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import type { ApiRequestLogged } from '../../shared/events.ts';
import { authContextFor } from '../auth/authContext.ts';
import { callerOf } from '../auth/caller.ts';
import { usageOutbox, type UsageOutbox } from './usageOutbox.ts';

const outboxes = new WeakMap<AppDeps, UsageOutbox>();

/**
 * Publishes what an app's usage capture still holds, a last attempt (server shutdown, before the stream connection
 * closes), and waits (at most 2 s) for the stream to take it.
 */
export async function flushUsageCapture(deps: AppDeps): Promise<void> {
  await outboxes.get(deps)?.close();
}

/**
 * Captures every request made with an API key (endpoint, method, status, duration, time) and publishes
 * it to JetStream `api.requests` once the response has gone out. The request never waits for the
 * publish; the outbox (usageOutbox.ts) sends the events of up to 20 ms as one message, and again until the
 * stream takes it. Mounted
 * outside the error envelope so the captured status is the one the client received, errors included.
 */
export function usageCapture(deps: AppDeps): Middleware {
  const log: Logger = deps.log.child({ component: 'usage-capture' });
  const now = authContextFor(deps).now;
  const outbox = usageOutbox(deps.publish, log);
  outboxes.set(deps, outbox);
  return async (ctx, next) => {
    const startedAt = now();
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
          at: new Date(startedAt).toISOString(),
        };
        // After the response has been written (or the client went away), never before.
        ctx.res.once('close', () => outbox.add(event));
      }
    }
  };
}
