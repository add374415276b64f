import type { AuthContext } from './authContext.ts';

/** How stale `last_used_at` may get: one store write per key per minute at most (per process). */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Records that a key was used, off the request's path: the write is not awaited, failures are only
 * logged, and a key is written again only after LAST_USED_RESOLUTION_MS.
 */
export class LastUsedTracker {
  private readonly lastWrite = new Map<string, number>();

  constructor(private readonly auth: AuthContext) {}

  touch(keyId: string): void {
    const now = this.auth.now();
    const previous = this.lastWrite.get(keyId);
    if (previous !== undefined && now - previous < LAST_USED_RESOLUTION_MS) return;
    this.lastWrite.set(keyId, now);
    if (this.lastWrite.size > 10_000) this.prune(now);
    this.auth.apiKeys.touch(keyId, new Date(now)).catch((err: unknown) => this.auth.log.warn({ err, api_key_id: keyId }, 'could not record last_used_at'));
  }

  private prune(now: number): void {
    for (const [id, at] of this.lastWrite) if (now - at >= LAST_USED_RESOLUTION_MS) this.lastWrite.delete(id);
  }
}
