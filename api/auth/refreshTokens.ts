import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

/** One live refresh token (by its jti). Exchanging it deletes it, so each token works once. */
export interface RefreshTokenDoc extends Doc {
  readonly account_id: string;
  readonly family: string;
  readonly expires_at: number;
  readonly created_at: string;
}

export const REFRESH_TOKENS = 'refresh_tokens';

export type ConsumeResult = { ok: true; token: RefreshTokenDoc } | { ok: false; reason: 'reused' | 'expired' };

export class RefreshTokenRepository {
  private readonly docs;

  constructor(store: DocumentStore) {
    this.docs = store.collection<RefreshTokenDoc>(REFRESH_TOKENS);
  }

  ensureIndexes(): Promise<void> {
    return this.docs.ensureIndexes([
      { name: 'by_account', fields: [['account_id', 1]] },
      { name: 'by_family', fields: [['family', 1]] },
    ]);
  }

  async remember(input: { jti: string; accountId: string; family: string; expiresAt: Date; now: Date }): Promise<void> {
    await this.docs.insert({
      _id: input.jti,
      account_id: input.accountId,
      family: input.family,
      expires_at: input.expiresAt.getTime(),
      created_at: input.now.toISOString(),
    });
  }

  /**
   * Atomically takes the token out of the store. A token that is no longer there was already exchanged
   * (or revoked): its whole family is revoked, because either the holder or a thief is replaying it.
   */
  async consume(jti: string, accountId: string, family: string | undefined, nowMs: number): Promise<ConsumeResult> {
    const taken = await this.docs.takeOne({ _id: jti, account_id: accountId });
    if (!taken) {
      if (family) await this.docs.deleteMany({ family, account_id: accountId });
      return { ok: false, reason: 'reused' };
    }
    if (taken.expires_at <= nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, token: taken };
  }

  /** Revokes one token if it belongs to the account (logout). */
  async revoke(jti: string, accountId: string): Promise<boolean> {
    return (await this.docs.takeOne({ _id: jti, account_id: accountId })) !== null;
  }

  /** Password change/reset: every session of the account has to sign in again. */
  revokeAll(accountId: string): Promise<number> {
    return this.docs.deleteMany({ account_id: accountId });
  }

  pruneExpired(accountId: string, nowMs: number): Promise<number> {
    return this.docs.deleteMany({ account_id: accountId, expires_at: { $lte: nowMs } });
  }
}
