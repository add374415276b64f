import type { Middleware } from 'koa';
import type { Redis } from 'ioredis';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { answerError } from './errorEnvelope.ts';
import { setHeader } from '../http/setHeader.ts';
import { createRedisClient } from '../../adapters/rateLimit/redisClient.ts';
import { authContextFor } from '../auth/authContext.ts';
import { callerOf } from '../auth/caller.ts';
import { QuotaLeases } from '../auth/quotaLeases.ts';
import { decide, planFor, type WindowLengths, type WindowVerdict } from './rateLimitTiers.ts';
import { RateWindow } from './rateLimitWindows.ts';

interface RateLimitState {
  /** The app's clock (its auth context's), so tests can move time. */
  readonly now: () => number;
  readonly windows: WindowLengths;
  readonly burst: RateWindow;
  readonly minute: RateWindow;
  readonly redis: Redis | undefined;
  /** The minute verdict of each caller's last admitted request (see decide()); bounded, per process. */
  readonly lastMinute: Map<string, WindowVerdict>;
  /** API keys' monthly quota, counted in leases taken from the store (api/auth/quotaLeases.ts). */
  readonly quota: QuotaLeases;
}

const LAST_MINUTE_MAX = 50_000;

function remember(cache: Map<string, WindowVerdict>, id: string, verdict: WindowVerdict, nowMs: number): void {
  if (cache.size >= LAST_MINUTE_MAX) {
    for (const [key, v] of cache) if (v.resetMs <= nowMs) cache.delete(key);
    if (cache.size >= LAST_MINUTE_MAX) cache.clear();
  }
  cache.set(id, verdict);
}

const states = new WeakMap<AppDeps, RateLimitState>();

function stateFor(deps: AppDeps): RateLimitState {
  let state = states.get(deps);
  if (!state) {
    const log = deps.log.child({ component: 'rate-limit' });
    const redis = deps.config.REDIS_URL ? createRedisClient(deps.config.REDIS_URL, log) : undefined;
    const windows = { minuteMs: deps.config.RATE_LIMIT_WINDOW_MS, burstMs: deps.config.RATE_LIMIT_BURST_WINDOW_MS };
    const now = authContextFor(deps).now;
    state = {
      now,
      windows,
      burst: new RateWindow('burst', windows.burstMs, redis, log, now),
      minute: new RateWindow('minute', windows.minuteMs, redis, log, now),
      redis,
      lastMinute: new Map(),
      quota: new QuotaLeases(deps.store, deps.config.API_KEY_MONTHLY_QUOTA, undefined, (err) => log.warn({ err }, 'unused quota leases could not go back to the store; those keys lose them this month')),
    };
    states.set(deps, state);
  }
  return state;
}

/**
 * Resolves once the Redis connection of an app's rate limiter is ready (at once without REDIS_URL), or
 * after `timeoutMs`. Until then requests are counted in process; the server awaits this before listening.
 */
export async function whenRateLimitReady(deps: AppDeps, timeoutMs = 5_000): Promise<boolean> {
  const redis = stateFor(deps).redis;
  if (!redis || redis.status === 'ready') return true;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}

/**
 * Stops the sweepers, gives the unused quota leases back to the store (so its counters are then exactly the
 * requests served) and closes the Redis connection of an app's rate limiter (shutdown, tests).
 */
export async function closeRateLimit(deps: AppDeps): Promise<void> {
  const state = states.get(deps);
  if (!state) return;
  states.delete(deps);
  state.burst.close();
  state.minute.close();
  await state.quota.close().catch((err: unknown) => deps.log.error({ err }, 'could not give unused quota leases back'));
  if (state.redis) await state.redis.quit().catch(() => state.redis?.disconnect());
}

/**
 * Tiered rate limit (docs/rate-limits.md), after authenticate: the caller's tier gives a burst window
 * and a per-minute window, both counted with koa-ratelimit. Every response that passes here carries
 * X-RateLimit-Limit/-Remaining/-Reset, refusals included. Requests made with an API key then count
 * against the key's monthly quota (API_KEY_MONTHLY_QUOTA), refused with 429 QUOTA_EXCEEDED past it.
 */
export function rateLimit(deps: AppDeps): Middleware {
  const state = stateFor(deps);
  const quota = deps.config.API_KEY_MONTHLY_QUOTA;
  const multiplier = deps.config.RATE_LIMIT_MULTIPLIER;
  return async (ctx, next) => {
    const caller = callerOf(ctx.state);
    const plan = planFor(caller, ctx.ip, state.windows, ctx.path, multiplier);
    const id = `${plan.tier}:${plan.identity}`;
    // Without Redis both windows count in process: no promise to wait for (two fewer turns of the microtask queue per request).
    const inProcess = state.burst.inProcess && state.minute.inProcess;
    const burst = inProcess ? state.burst.hitInProcess(id, plan.burst) : await state.burst.hit(ctx, id, plan.burst);
    const minute = !burst.allowed ? undefined : inProcess ? state.minute.hitInProcess(id, plan.perMinute) : await state.minute.hit(ctx, id, plan.perMinute);
    const now = state.now();
    if (minute) remember(state.lastMinute, id, minute, now);
    const decision = decide(plan.perMinute, burst, minute, now, state.lastMinute.get(id));
    const { headers } = decision;
    setHeader(ctx, 'X-RateLimit-Limit', headers['X-RateLimit-Limit']);
    setHeader(ctx, 'X-RateLimit-Remaining', headers['X-RateLimit-Remaining']);
    setHeader(ctx, 'X-RateLimit-Reset', headers['X-RateLimit-Reset']);
    ctx.state.rateTier = plan.tier;
    if (!decision.allowed) {
      answerError(ctx, 'RATE_LIMITED', `Rate limit exceeded. Try again in ${decision.retryAfterSeconds} seconds.`, { 'Retry-After': String(decision.retryAfterSeconds) });
      return;
    }
    if (caller.kind === 'apiKey') {
      const counted = await state.quota.count(caller.keyId, new Date(now));
      if (!counted.ok) {
        throw new AppError(
          'QUOTA_EXCEEDED',
          `This API key has used its monthly quota of ${quota} requests; it renews at ${counted.resetsAt.toISOString()}.`,
          { headers: { 'Retry-After': String(Math.max(1, Math.ceil((counted.resetsAt.getTime() - now) / 1000))) } },
        );
      }
    }
    await next();
  };
}
