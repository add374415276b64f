import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import type { ApiRequestLogged } from '../../shared/events.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { authContextFor } from '../auth/authContext.ts';
import { callerOf } from '../auth/caller.ts';

/** Publishes waiting at once (queued or sent, not yet acknowledged) beyond this are dropped (and counted in a log line): memory stays bounded. */
export const MAX_IN_FLIGHT_PUBLISHES = 1_000;
/**
 * Longest an event waits in the queue before it is published. Events are sent together: publishes issued in
 * one turn of the event loop leave in one socket write and their acks come back together, where one publish
 * per response cost a write and a read each (a third of an API-key request's CPU in bench:api).
 */
export const USAGE_FLUSH_MS = 20;
/** A queue this long is published at once rather than at the next tick of the timer. */
const FLUSH_AT = 256;

interface UsageQueue {
  flush(): void;
}

const queues = new WeakMap<AppDeps, UsageQueue>();

/** Publishes what an app's usage capture still holds (server shutdown, before the stream connection closes). */
export function flushUsageCapture(deps: AppDeps): void {
  queues.get(deps)?.flush();
}

/**
 * Captures every request made with an API key (endpoint, method, status, duration, time) and publishes
 * it to JetStream `api.requests` once the response has gone out. The request never waits for the
 * publish and a failed publish is only logged. Mounted outside the error envelope so the captured
 * status is the one the client received, errors included. Events are queued and published in bursts
 * (at most USAGE_FLUSH_MS later), one stream message each as before.
 */
export function usageCapture(deps: AppDeps): Middleware {
  const log: Logger = deps.log.child({ component: 'usage-capture' });
  const now = authContextFor(deps).now;
  let inFlight = 0;
  let dropped = 0;
  let queue: ApiRequestLogged[] = [];
  let timer: NodeJS.Timeout | undefined;
  const send = (event: ApiRequestLogged): void => {
    deps
      .publish(subjects.apiRequests(), event, event.id)
      .catch((err: unknown) => log.warn({ err, api_key_id: event.api_key_id }, 'could not publish usage event'))
      .finally(() => {
        inFlight -= 1;
      });
  };
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const events = queue;
    queue = [];
    for (const event of events) send(event);
  };
  queues.set(deps, { flush });
  const publish = (event: ApiRequestLogged): void => {
    if (inFlight >= MAX_IN_FLIGHT_PUBLISHES) {
      dropped += 1;
      if (dropped === 1 || dropped % 1000 === 0) log.warn({ dropped }, 'usage events dropped: the stream is not keeping up');
      return;
    }
    inFlight += 1;
    queue.push(event);
    if (queue.length >= FLUSH_AT) flush();
    else timer ??= setTimeout(flush, USAGE_FLUSH_MS);
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
