import type { Logger } from 'pino';
import type { HttpClient } from '../http/types.ts';
import { WALLET_VENUES, type VenueWallet, type WalletIdentity, type WalletVenue, type WalletVenueModule } from './types.ts';
import { failureMessage, notRequestedMessage, VenueTimeout } from './messages.ts';
import { renderAnswer, type VenueResult, type WalletAnswer } from './answer.ts';

export interface WalletTrackerOptions {
  readonly http: HttpClient;
  readonly log: Logger;
  readonly modules: Readonly<Record<WalletVenue, WalletVenueModule>>;
  /** Venue API keys (Predict.fun). */
  readonly apiKeys?: Partial<Record<WalletVenue, string>>;
  /** Time budget of one venue, every call and retry included (default 8 s). */
  readonly venueTimeoutMs?: number;
  /** A different budget for some venues (a venue known to be slow, or a test). */
  readonly venueTimeoutOverridesMs?: Partial<Record<WalletVenue, number>>;
  /** How long an answer is served from the cache (default 60 s, the spec's bound). */
  readonly ttlMs?: number;
  /** How long an answer in which a venue failed is served before that venue is asked again (default 15 s). */
  readonly failureTtlMs?: number;
  /** How old a venue's last good data may be and still stand in for a failed refresh (default 1 h). */
  readonly staleForMs?: number;
  /** Identities kept in the cache at most; the least recently used go first (default 5000). */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

export interface WalletTracker {
  /** The answer for validated identities: from the cache, from a fetch already under way, or fetched now. */
  track(id: WalletIdentity): Promise<WalletAnswer>;
  /** Identities currently cached (for tests and metrics). */
  readonly size: number;
}

interface Cached {
  readonly id: WalletIdentity;
  readonly fetchedAt: number;
  readonly expiresAt: number;
  readonly venues: Readonly<Record<WalletVenue, VenueResult>>;
}

/** Venue-independent cache key: the address in lower case (checksum casing is presentation). */
export function cacheKey(id: WalletIdentity): string {
  return `${id.address.toLowerCase()}|${id.solana ?? ''}|${id.manifold ?? ''}`;
}

function abortPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * Cache, single flight and per-venue isolation (docs/wallet-tracker.md). Every requested venue is fetched
 * in parallel under its own time budget; a venue that fails or runs out of time leaves an error in its
 * entry and, when its last good data is under `staleForMs` old, that data marked with its age.
 */
export function createWalletTracker(opts: WalletTrackerOptions): WalletTracker {
  const now = opts.now ?? Date.now;
  const venueTimeoutMs = opts.venueTimeoutMs ?? 8_000;
  const ttlMs = opts.ttlMs ?? 60_000;
  const failureTtlMs = Math.min(opts.failureTtlMs ?? 15_000, ttlMs);
  const staleForMs = opts.staleForMs ?? 3_600_000;
  const maxEntries = Math.max(1, opts.maxEntries ?? 5_000);
  const cache = new Map<string, Cached>();
  const inFlight = new Map<string, Promise<Cached>>();

  async function runVenue(module: WalletVenueModule, id: WalletIdentity): Promise<VenueWallet> {
    const budget = opts.venueTimeoutOverridesMs?.[module.slug] ?? venueTimeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new VenueTimeout(module.slug, budget)), budget);
    try {
      const ctx = { http: opts.http, log: opts.log, signal: controller.signal, apiKey: opts.apiKeys?.[module.slug] };
      // The race keeps the budget even if some call along the way ignored the signal.
      return await Promise.race([module.fetch(id, ctx), abortPromise(controller.signal)]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function fetchVenue(venue: WalletVenue, id: WalletIdentity, previous: Cached | undefined, at: number): Promise<VenueResult> {
    const module = opts.modules[venue];
    if (module.identity !== 'address' && !id[module.identity]) return { kind: 'not_requested', message: notRequestedMessage(venue) };
    try {
      const wallet = await runVenue(module, id);
      if (wallet.skipped.length > 0) opts.log.warn({ venue, count: wallet.skipped.length, sample: wallet.skipped.slice(0, 5) }, 'wallet rows skipped: schema drift');
      return { kind: 'ok', wallet, dataAt: at };
    } catch (error) {
      const message = failureMessage(venue, error);
      opts.log.warn({ venue, err: error instanceof Error ? error.message : String(error) }, 'wallet venue failed');
      const last = previous?.venues[venue];
      if (last && (last.kind === 'ok' || last.kind === 'stale') && at - last.dataAt <= staleForMs) {
        return { kind: 'stale', wallet: last.wallet, dataAt: last.dataAt, message };
      }
      return { kind: 'error', message };
    }
  }

  async function refresh(key: string, id: WalletIdentity): Promise<Cached> {
    const at = now();
    const previous = cache.get(key);
    const results = await Promise.all(WALLET_VENUES.map((v) => fetchVenue(v, id, previous, at)));
    const venues = Object.fromEntries(WALLET_VENUES.map((v, i) => [v, results[i]!])) as Record<WalletVenue, VenueResult>;
    const failed = results.some((r) => r.kind === 'error' || r.kind === 'stale');
    const entry: Cached = { id, fetchedAt: at, expiresAt: at + (failed ? failureTtlMs : ttlMs), venues };
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return entry;
  }

  return {
    get size() {
      return cache.size;
    },
    async track(id) {
      const key = cacheKey(id);
      const hit = cache.get(key);
      if (hit && now() < hit.expiresAt) return renderAnswer(id, hit, now());
      let flight = inFlight.get(key);
      if (!flight) {
        flight = refresh(key, id).finally(() => inFlight.delete(key));
        inFlight.set(key, flight);
      }
      return renderAnswer(id, await flight, now());
    },
  };
}
