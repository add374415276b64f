import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

/** A SIWE nonce, bound to the browser session (cookie) that asked for it; usable once. */
export interface SiweNonceDoc extends Doc {
  readonly binding: string;
  readonly expires_at: number;
}

export const SIWE_NONCES = 'siwe_nonces';
export const NONCE_TTL_MS = 10 * 60_000;

export class SiweNonceRepository {
  private readonly docs;

  constructor(store: DocumentStore) {
    this.docs = store.collection<SiweNonceDoc>(SIWE_NONCES);
  }

  ensureIndexes(): Promise<void> {
    return this.docs.ensureIndexes([{ name: 'by_expiry', fields: [['expires_at', 1]] }]);
  }

  async issue(nonce: string, binding: string, nowMs: number): Promise<number> {
    const expiresAt = nowMs + NONCE_TTL_MS;
    await this.docs.insert({ _id: nonce, binding, expires_at: expiresAt });
    // Opportunistic clean-up keeps abandoned nonces from piling up.
    await this.docs.deleteMany({ expires_at: { $lte: nowMs } });
    return expiresAt;
  }

  /** Atomically takes the nonce if it was issued to this binding and is still live; true once only. */
  async consume(nonce: string, binding: string, nowMs: number): Promise<boolean> {
    const taken = await this.docs.takeOne({ _id: nonce, binding });
    return taken !== null && taken.expires_at > nowMs;
  }
}
