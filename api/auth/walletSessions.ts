import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

/** One live wallet (SIWE) session, by the jti of its svc_siwe token; logout removes it. */
export interface WalletSessionDoc extends Doc {
  readonly wallet_id: string;
  readonly expires_at: number;
  readonly created_at: string;
}

export const WALLET_SESSIONS = 'wallet_sessions';

/**
 * Wallet session tokens are honoured only while their jti is stored here, as refresh tokens are, so
 * logging out ends the session on the server and a copied cookie stops working at once.
 */
export class WalletSessionRepository {
  private readonly docs;

  constructor(store: DocumentStore) {
    this.docs = store.collection<WalletSessionDoc>(WALLET_SESSIONS);
  }

  ensureIndexes(): Promise<void> {
    return this.docs.ensureIndexes([{ name: 'by_wallet', fields: [['wallet_id', 1], ['expires_at', 1]] }]);
  }

  async remember(input: { jti: string; walletId: string; expiresAt: Date; now: Date }): Promise<void> {
    // Expired sessions of this wallet go when it signs in again, so the collection stays bounded.
    await this.docs.deleteMany({ wallet_id: input.walletId, expires_at: { $lte: input.now.getTime() } });
    await this.docs.insert({ _id: input.jti, wallet_id: input.walletId, expires_at: input.expiresAt.getTime(), created_at: input.now.toISOString() });
  }

  async isLive(jti: string, walletId: string, nowMs: number): Promise<boolean> {
    const doc = await this.docs.get(jti);
    return doc !== null && doc.wallet_id === walletId && doc.expires_at > nowMs;
  }

  /** Ends one session; true when it was live. */
  async revoke(jti: string, walletId: string): Promise<boolean> {
    return (await this.docs.takeOne({ _id: jti, wallet_id: walletId })) !== null;
  }
}
