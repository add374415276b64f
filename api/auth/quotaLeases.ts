import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { DuplicateKeyError } from '../../shared/ports/documentStore.ts';
import { API_KEY_QUOTA, monthOf, startOfNextMonthUtc, type QuotaDoc } from './quota.ts';

export type QuotaVerdict = { ok: true } | { ok: false; used: number; resetsAt: Date };

/** A lease is at most a thousandth of what is left of the month's quota, and never more than this. */
export const QUOTA_LEASE_MAX = 1_000;
export const QUOTA_LEASE_DIVISOR = 1_000;
/** Unused counts of a key this process has not served for this long go back to the store. */
export const QUOTA_LEASE_IDLE_MS = 1_000;

/**
 * How many counts to take from the store at once when `remaining` are left: 1 until fewer than 2,000 remain
 * (the last requests of a month are counted one store write each, as before), then a thousandth of the rest.
 */
export function leaseSize(remaining: number): number {
  return Math.max(1, Math.min(QUOTA_LEASE_MAX, Math.floor(remaining / QUOTA_LEASE_DIVISOR)));
}

type Taken = { granted: number; count: number };

/**
 * Takes up to `wanted` counts from the key's month counter atomically: the counter only moves while it stays
 * at or below the quota, so processes sharing the store can never together take more than the quota. Takes
 * fewer when fewer are left (a lease sized from what is left), none when the quota is spent.
 */
export async function takeCounts(store: DocumentStore, keyId: string, quota: number, month: string, wanted: number): Promise<Taken> {
  const docs = store.collection<QuotaDoc>(API_KEY_QUOTA);
  const id = `${keyId}:${month}`;
  let n = Math.max(1, Math.min(wanted, quota));
  for (let attempt = 0; attempt < 8; attempt += 1) {
    if (quota <= 0) return { granted: 0, count: 0 };
    const updated = await docs.updateOne({ _id: id, count: { $lte: quota - n } }, { $inc: { count: n } });
    if (updated) return { granted: n, count: updated.count };
    const existing = await docs.get(id);
    if (existing) {
      const remaining = quota - existing.count;
      if (remaining <= 0) return { granted: 0, count: existing.count };
      n = Math.min(n, leaseSize(remaining), remaining);
      continue;
    }
    try {
      await docs.insert({ _id: id, api_key_id: keyId, month, count: n });
      return { granted: n, count: n };
    } catch (err) {
      // Another request created this month's counter first: take from it.
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }
  throw new Error(`quota counter ${id} kept changing under us`);
}

interface Lease {
  readonly keyId: string;
  readonly month: string;
  /** Counts taken from the store and not yet used by a request. */
  unused: number;
  /** The store's counter after this process's last take (used + leased by every process), or null before one. */
  known: number | null;
  /** When a request of this key last came through here (idleNow's clock). */
  lastUseMs: number;
  pending: Promise<Taken> | null;
}

/**
 * The monthly quota of API keys without a store write per request (docs/rate-limits.md). The store's counter
 * holds what every process has used plus what each has leased and not yet used; a process takes counts in
 * leases (`leaseSize`: 1 near the limit, at most 1,000 far from it) and spends them in memory. Unused counts
 * go back to the store when the key has been idle here for QUOTA_LEASE_IDLE_MS and on close(), so after a
 * clean stop the counter is exactly the requests served. A process that dies loses its unused leases: the key
 * is refused that many requests early that month (at most one lease, a thousandth of what was left).
 */
export class QuotaLeases {
  private readonly leases = new Map<string, Lease>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  private month: { readonly name: string; readonly from: number; readonly until: number } | null = null;

  constructor(
    private readonly store: DocumentStore,
    private readonly quota: number,
    /** The process's own clock for idleness (not the app's business clock, which tests may freeze). */
    private readonly idleNow: () => number = () => performance.now(),
    /** Told when unused counts could not go back (the store was down): the key loses them this month. */
    private readonly onLost: (err: unknown) => void = () => undefined,
  ) {
    this.sweeper = setInterval(() => void this.returnIdle().catch(this.onLost), QUOTA_LEASE_IDLE_MS);
    this.sweeper.unref();
  }

  /** Counts one request of `keyId` at `at` (the app's clock picks the month). */
  async count(keyId: string, at: Date): Promise<QuotaVerdict> {
    const month = this.monthAt(at);
    const id = `${keyId}:${month}`;
    let lease = this.leases.get(id);
    if (!lease) {
      lease = { keyId, month, unused: 0, known: null, lastUseMs: 0, pending: null };
      this.leases.set(id, lease);
    }
    for (;;) {
      lease.lastUseMs = this.idleNow();
      if (lease.unused > 0) {
        lease.unused -= 1;
        return { ok: true };
      }
      if (lease.pending) {
        await lease.pending;
        continue;
      }
      const wanted = lease.known === null ? 1 : leaseSize(this.quota - lease.known);
      const pending = takeCounts(this.store, keyId, this.quota, month, wanted);
      lease.pending = pending;
      let taken: Taken;
      try {
        taken = await pending;
      } finally {
        lease.pending = null;
      }
      lease.known = taken.count;
      if (taken.granted === 0) return { ok: false, used: taken.count, resetsAt: startOfNextMonthUtc(at) };
      lease.unused += taken.granted;
    }
  }

  /** monthOf(at), remembered for the month it falls in (toISOString per request showed in profiles). */
  private monthAt(at: Date): string {
    const ms = at.getTime();
    const known = this.month;
    if (known && ms >= known.from && ms < known.until) return known.name;
    const name = monthOf(at);
    this.month = { name, from: Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1), until: startOfNextMonthUtc(at).getTime() };
    return name;
  }

  /** Unused counts this process holds for a key's month (tests, diagnostics). */
  unusedOf(keyId: string, month: string): number {
    return this.leases.get(`${keyId}:${month}`)?.unused ?? 0;
  }

  /** Gives back the unused counts of keys idle here for QUOTA_LEASE_IDLE_MS; forgets idle keys. */
  async returnIdle(): Promise<void> {
    const now = this.idleNow();
    const idle = [...this.leases.entries()].filter(([, l]) => !l.pending && now - l.lastUseMs >= QUOTA_LEASE_IDLE_MS);
    for (const [id, lease] of idle) {
      this.leases.delete(id);
      await this.giveBack(id, lease);
    }
  }

  /** Stops the sweeper and gives every unused count back (server stop): the counter is then exact. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.leases.values()].map((l) => l.pending?.catch(() => undefined)));
    const all = [...this.leases.entries()];
    this.leases.clear();
    for (const [id, lease] of all) await this.giveBack(id, lease);
  }

  private async giveBack(id: string, lease: Lease): Promise<void> {
    const unused = lease.unused;
    if (unused <= 0) return;
    lease.unused = 0;
    await this.store.collection<QuotaDoc>(API_KEY_QUOTA).updateOne({ _id: id }, { $inc: { count: -unused } });
  }
}
