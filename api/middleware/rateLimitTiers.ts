import type { Caller } from '../auth/caller.ts';

/** The spec's tiers: requests per minute and burst, chosen by how the request authenticates. */
export const TIERS = {
  product: { perMinute: 120, burst: 40 },
  session: { perMinute: 60, burst: 20 },
  apiKey: { perMinute: 600, burst: 50 },
  /** /health and /ready: load balancers and orchestrators poll them; refusing a probe would take a healthy instance out. */
  probe: { perMinute: 6000, burst: 1000 },
} as const;
export type TierName = keyof typeof TIERS;

export interface WindowLengths {
  readonly minuteMs: number;
  readonly burstMs: number;
}

export interface RatePlan {
  readonly tier: TierName;
  /** Who is counted: the key, the account, or the client address. */
  readonly identity: string;
  readonly perMinute: number;
  readonly burst: number;
}

/**
 * A key's own rate_limit replaces the per-minute rate. Its burst stays 50 unless the rate is so high
 * that 50 per burst window could not reach it; then the burst grows so the per-minute rate stays
 * reachable (rate × burst window / minute window, rounded up).
 */
export function burstForKeyRate(perMinute: number, windows: WindowLengths): number {
  return Math.max(TIERS.apiKey.burst, Math.ceil((perMinute * windows.burstMs) / windows.minuteMs));
}

export const PROBE_PATHS: ReadonlySet<string> = new Set(['/health', '/ready']);

function basePlan(caller: Caller, clientIp: string, windows: WindowLengths, path: string): RatePlan {
  if (PROBE_PATHS.has(path)) return { tier: 'probe', identity: `ip:${clientIp || 'unknown'}`, ...TIERS.probe };
  switch (caller.kind) {
    case 'apiKey':
      return { tier: 'apiKey', identity: `key:${caller.keyId}`, perMinute: caller.rateLimit, burst: burstForKeyRate(caller.rateLimit, windows) };
    case 'session':
      return { tier: 'session', identity: `account:${caller.accountId}`, ...TIERS.session };
    case 'wallet':
      return { tier: 'session', identity: `wallet:${caller.accountId}`, ...TIERS.session };
    case 'anonymous':
      return { tier: 'product', identity: `ip:${clientIp || 'unknown'}`, ...TIERS.product };
  }
}

/**
 * The caller's tier and limits. `multiplier` (RATE_LIMIT_MULTIPLIER, 1 by default) scales the
 * per-minute and burst limits of every tier, a key's own rate included, for load tests and benchmarks.
 */
export function planFor(caller: Caller, clientIp: string, windows: WindowLengths, path = '', multiplier = 1): RatePlan {
  const plan = basePlan(caller, clientIp, windows, path);
  return multiplier === 1 ? plan : { ...plan, perMinute: plan.perMinute * multiplier, burst: plan.burst * multiplier };
}

/** What one window said about this request. */
export interface WindowVerdict {
  readonly allowed: boolean;
  /** Requests still allowed in this window after this one. */
  readonly remaining: number;
  /** When the window frees up, ms since the epoch. */
  readonly resetMs: number;
}

export interface RateDecision {
  readonly allowed: boolean;
  readonly headers: { 'X-RateLimit-Limit': string; 'X-RateLimit-Remaining': string; 'X-RateLimit-Reset': string };
  /** Whole seconds until requests may resume (only when refused). */
  readonly retryAfterSeconds: number;
  /** The window that refused, or that Remaining/Reset describe. */
  readonly binding: 'burst' | 'minute';
}

/**
 * Combines the burst window with the per-minute window (docs/rate-limits.md): the request passes when
 * both allow it. Limit is always the per-minute rate; Remaining is what is left in the tighter window
 * and Reset is when that window frees up. The minute window is not consulted when the burst window
 * refuses (so a refused request costs nothing there); `lastMinute`, the minute verdict of this caller's
 * previous request, then tells whether the minute is spent too, so Reset names the time when requests
 * may really resume.
 */
export function decide(
  perMinute: number,
  burst: WindowVerdict,
  minute: WindowVerdict | undefined,
  nowMs: number,
  lastMinute?: WindowVerdict,
): RateDecision {
  let binding: 'burst' | 'minute';
  let verdict: WindowVerdict;
  if (!burst.allowed || !minute) {
    const minuteSpent = lastMinute !== undefined && lastMinute.remaining <= 0 && lastMinute.resetMs > Math.max(nowMs, burst.resetMs);
    binding = minuteSpent ? 'minute' : 'burst';
    verdict = minuteSpent ? lastMinute : burst;
  } else {
    binding = !minute.allowed || minute.remaining <= burst.remaining ? 'minute' : 'burst';
    verdict = binding === 'minute' ? minute : burst;
  }
  const allowed = burst.allowed && minute !== undefined && minute.allowed;
  const remaining = allowed ? Math.max(0, Math.min(burst.remaining, minute.remaining)) : 0;
  return {
    allowed,
    binding,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((verdict.resetMs - nowMs) / 1000)),
    headers: {
      'X-RateLimit-Limit': String(perMinute),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(Math.ceil(verdict.resetMs / 1000)),
    },
  };
}
