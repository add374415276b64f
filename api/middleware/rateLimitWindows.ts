import type { Context, Middleware } from 'koa';
import ratelimit from 'koa-ratelimit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WindowVerdict } from './rateLimitTiers.ts';

/** Header names koa-ratelimit writes for us to read; removed again before the response leaves. */
const PROBE = { total: 'x-concord-rl-total', remaining: 'x-concord-rl-remaining', reset: 'x-concord-rl-reset' } as const;
const ID_STATE = 'rateLimitId';

interface MemoryEntry {
  reset: number;
}

/**
 * One counting window (burst or minute) on top of koa-ratelimit: the memory driver, or the Redis driver
 * when a client is given. koa-ratelimit takes `max` per middleware, so one middleware is kept per
 * distinct max (keys may carry their own rate). If Redis fails, the request is counted in memory
 * instead, so an outage of Redis never fails a request.
 */
export class RateWindow {
  private readonly memory = new Map<string, MemoryEntry>();
  private readonly memoryLimiters = new Map<number, Middleware>();
  private readonly redisLimiters = new Map<number, Middleware>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly name: string,
    readonly durationMs: number,
    private readonly redis: Redis | undefined,
    private readonly log: Logger,
  ) {
    // koa-ratelimit's memory driver re-initialises expired entries but never deletes them.
    this.sweeper = setInterval(() => this.sweep(), Math.max(durationMs, 10_000));
    this.sweeper.unref();
  }

  async hit(ctx: Context, identity: string, max: number): Promise<WindowVerdict> {
    if (this.redis) {
      try {
        return await this.run(this.limiter(this.redisLimiters, max, 'redis'), ctx, identity);
      } catch (err) {
        this.log.debug({ err }, 'redis rate-limit check failed; counted in process');
      }
    }
    return this.run(this.limiter(this.memoryLimiters, max, 'memory'), ctx, identity);
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private limiter(cache: Map<number, Middleware>, max: number, driver: 'memory' | 'redis'): Middleware {
    let mw = cache.get(max);
    if (!mw) {
      mw = ratelimit({
        driver,
        db: driver === 'redis' ? (this.redis as Redis) : this.memory,
        duration: this.durationMs,
        max,
        namespace: `concord:rl:${this.name}`,
        id: (ctx) => ctx.state[ID_STATE] as string,
        headers: PROBE,
        throw: false,
      });
      cache.set(max, mw);
    }
    return mw;
  }

  private async run(limiter: Middleware, ctx: Context, identity: string): Promise<WindowVerdict> {
    ctx.state[ID_STATE] = identity;
    let allowed = false;
    try {
      await limiter(ctx, async () => {
        allowed = true;
      });
      const remaining = Number(ctx.response.get(PROBE.remaining));
      const resetSeconds = Number(ctx.response.get(PROBE.reset));
      if (!Number.isFinite(remaining) || !Number.isFinite(resetSeconds)) throw new Error(`koa-ratelimit gave no usable headers for window ${this.name}`);
      return { allowed, remaining, resetMs: resetSeconds * 1000 };
    } finally {
      for (const header of Object.values(PROBE)) ctx.remove(header);
      // On a refusal koa-ratelimit also wrote a plain-text 429; the caller throws our envelope over it.
      if (!allowed) ctx.remove('Retry-After');
    }
  }

  private sweep(): void {
    const nowSeconds = Date.now() / 1000;
    for (const [key, entry] of this.memory) if (entry.reset < nowSeconds) this.memory.delete(key);
  }
}
