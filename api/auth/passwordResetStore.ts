import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

/** The live one-time code of an account (one at a time), stored as an argon2 hash. */
export interface OtpDoc extends Doc {
  readonly otp_hash: string;
  readonly issued_at: number;
  readonly expires_at: number;
  readonly attempts: number;
}

/** A reset token that has not been used yet (by jti). */
export interface ResetTokenDoc extends Doc {
  readonly account_id: string;
  readonly expires_at: number;
}

export const PASSWORD_OTPS = 'password_otps';
export const RESET_TOKENS = 'password_reset_tokens';

export class PasswordResetStore {
  private readonly otps;
  private readonly resetTokens;

  constructor(store: DocumentStore) {
    this.otps = store.collection<OtpDoc>(PASSWORD_OTPS);
    this.resetTokens = store.collection<ResetTokenDoc>(RESET_TOKENS);
  }

  ensureIndexes(): Promise<void> {
    return this.resetTokens.ensureIndexes([{ name: 'by_account', fields: [['account_id', 1]] }]);
  }

  getOtp(accountId: string): Promise<OtpDoc | null> {
    return this.otps.get(accountId);
  }

  /** Replaces any earlier code of the account. */
  async putOtp(accountId: string, otpHash: string, issuedAt: number, expiresAt: number): Promise<void> {
    await this.otps.put({ _id: accountId, otp_hash: otpHash, issued_at: issuedAt, expires_at: expiresAt, attempts: 0 });
  }

  /** Spends one attempt on a live code; null when there is none, it expired, or its attempts are used up. */
  spendAttempt(accountId: string, maxAttempts: number, nowMs: number): Promise<OtpDoc | null> {
    return this.otps.updateOne({ _id: accountId, attempts: { $lt: maxAttempts }, expires_at: { $gt: nowMs } }, { $inc: { attempts: 1 } });
  }

  /** Removes the code if it is still the one that was checked; true when this call removed it. */
  async takeOtp(accountId: string, otpHash?: string): Promise<boolean> {
    return (await this.otps.takeOne(otpHash === undefined ? { _id: accountId } : { _id: accountId, otp_hash: otpHash })) !== null;
  }

  async rememberResetToken(jti: string, accountId: string, expiresAt: number): Promise<void> {
    await this.resetTokens.deleteMany({ account_id: accountId });
    await this.resetTokens.insert({ _id: jti, account_id: accountId, expires_at: expiresAt });
  }

  /** True once per token. */
  async consumeResetToken(jti: string, accountId: string): Promise<boolean> {
    return (await this.resetTokens.takeOne({ _id: jti, account_id: accountId })) !== null;
  }
}
