import { utcMs } from '../../shared/time/utc.ts';
import { DuplicateKeyError, type Doc, type DocumentStore } from '../../shared/ports/documentStore.ts';

export const API_KEY_QUOTA = 'api_key_monthly_usage';

export interface QuotaDoc extends Doc {
  readonly api_key_id: string;
  readonly month: string;
  readonly count: number;
}

export type QuotaResult = { ok: true; used: number } | { ok: false; used: number; resetsAt: Date };

/** "2026-03" for any instant in March 2026 UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

export function startOfNextMonthUtc(at: Date): Date {
  return new Date(utcMs(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/**
 * Counts one request against the key's calendar-month (UTC) quota, atomically in the store: the
 * increment only happens while the count is below the quota, so concurrent requests across processes
 * can never together pass it, and refused requests do not count.
 */
export async function countRequest(store: DocumentStore, keyId: string, quota: number, at: Date): Promise<QuotaResult> {
  const docs = store.collection<QuotaDoc>(API_KEY_QUOTA);
  const month = monthOf(at);
  const id = `${keyId}:${month}`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const updated = await docs.updateOne({ _id: id, count: { $lt: quota } }, { $inc: { count: 1 } });
    if (updated) return { ok: true, used: updated.count };
    const existing = await docs.get(id);
    if (existing) return { ok: false, used: existing.count, resetsAt: startOfNextMonthUtc(at) };
    try {
      await docs.insert({ _id: id, api_key_id: keyId, month, count: 1 });
      return { ok: true, used: 1 };
    } catch (err) {
      // Another request created this month's counter first: count against it.
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }
  throw new Error(`quota counter ${id} kept changing under us`);
}
