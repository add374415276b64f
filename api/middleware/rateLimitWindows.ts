import type { Context, Middleware } from 'koa';
import ratelimit from 'koa-ratelimit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WindowVerdict } from './rateLimitTiers.ts';

/** Header names koa-ratelimit writes for us to read; removed again before the response leaves. */
const PROBE = { total: 'x-concord-rl-total', remaining: 'x-concord-rl-remaining', reset: 'x-concord-rl-reset' } as const;
const ID_STATE = 'rateLimitId';

interface MemoryEntry {
  /** When this caller's fixed window ends, ms since the epoch. */
  resetMs: number;
  count: number;
}

/**
 * One counting window (burst or minute). Without Redis, a fixed window per caller that starts with its
 * first request, counted in process on the app's clock (so tests can move time instead of waiting). With
 * Redis, koa-ratelimit's Redis driver: sliding windows shared by every process. koa-ratelimit takes `max`
 * per middleware, so one middleware is kept per distinct max (keys may carry their own rate). If Redis
 * fails, the request is counted in process instead, so an outage of Redis never fails a request.
 */
export class RateWindow {
  private readonly memory = new Map<string, MemoryEntry>();
  private readonly redisLimiters = new Map<number, Middleware>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly name: string,
    readonly durationMs: number,
    private readonly redis: Redis | undefined,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    // Ended windows are dropped so the map holds only callers seen lately.
    this.sweeper = setInterval(() => this.sweep(), Math.max(durationMs, 10_000));
    this.sweeper.unref();
  }

  async hit(ctx: Context, identity: string, max: number): Promise<WindowVerdict> {
    if (this.redis) {
      try {
        return await this.run(this.limiter(max), ctx, identity);
      } catch (err) {
        this.log.debug({ err }, 'redis rate-limit check failed; counted in process');
      }
    }
    return this.hitMemory(identity, max);
  }

  /** Whether this window counts in process (no Redis): then hitInProcess() is its verdict, without a promise. */
  get inProcess(): boolean {
    return this.redis === undefined;
  }

  /** The in-process count (see hitMemory), for a caller that checked inProcess: what hit() resolves to then. */
  hitInProcess(identity: string, max: number): WindowVerdict {
    return this.hitMemory(identity, max);
  }

  /** A refused request is not counted, so retrying at once does not move the window. */
  private hitMemory(identity: string, max: number): WindowVerdict {
    const now = this.now();
    let entry = this.memory.get(identity);
    if (!entry || entry.resetMs <= now) {
      entry = { resetMs: now + this.durationMs, count: 0 };
      this.memory.set(identity, entry);
    }
    if (entry.count >= max) return { allowed: false, remaining: 0, resetMs: entry.resetMs };
    entry.count += 1;
    return { allowed: true, remaining: max - entry.count, resetMs: entry.resetMs };
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private limiter(max: number): Middleware {
    let mw = this.redisLimiters.get(max);
    if (!mw) {
      mw = ratelimit({
        driver: 'redis',
        db: this.redis as Redis,
        duration: this.durationMs,
        max,
        namespace: `concord:rl:${this.name}`,
        id: (ctx) => ctx.state[ID_STATE] as string,
        headers: PROBE,
        throw: false,
      });
      this.redisLimiters.set(max, mw);
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
    const now = this.now();
    for (const [key, entry] of this.memory) if (entry.resetMs <= now) this.memory.delete(key);
  }
}
