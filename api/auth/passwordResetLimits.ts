import { DuplicateKeyError, type Doc, type DocumentStore } from '../../shared/ports/documentStore.ts';

/**
 * Per-account counters of the password reset, kept apart from the code itself so that they survive
 * the code being used up, burnt or replaced: when a code was last mailed, and how many codes were
 * mailed and guesses made on the current UTC day.
 */
export interface ResetLimitsDoc extends Doc {
  readonly last_mailed_at: number;
  /** UTC day the two counters below belong to, e.g. "2026-03-01". */
  readonly day: string;
  readonly mails: number;
  readonly guesses: number;
}

export const PASSWORD_RESET_LIMITS = 'password_reset_limits';

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export class PasswordResetLimits {
  private readonly docs;

  constructor(store: DocumentStore) {
    this.docs = store.collection<ResetLimitsDoc>(PASSWORD_RESET_LIMITS);
  }

  /**
   * Claims the right to mail a new code now: true at most once per `cooldownMs` and `dailyCap` times
   * per UTC day per account, atomically (two concurrent requests cannot both pass).
   */
  async claimMail(accountId: string, nowMs: number, cooldownMs: number, dailyCap: number): Promise<boolean> {
    const day = utcDay(nowMs);
    const cooled = { $lte: nowMs - cooldownMs };
    if (await this.docs.updateOne({ _id: accountId, day, last_mailed_at: cooled, mails: { $lt: dailyCap } }, { $set: { last_mailed_at: nowMs }, $inc: { mails: 1 } })) return true;
    if (await this.docs.updateOne({ _id: accountId, day: { $ne: day }, last_mailed_at: cooled }, { $set: { day, mails: 1, guesses: 0, last_mailed_at: nowMs } })) return true;
    return this.create({ _id: accountId, day, mails: 1, guesses: 0, last_mailed_at: nowMs });
  }

  /** Counts one guess at the account's code; false once `dailyCap` guesses were made this UTC day. */
  async claimGuess(accountId: string, nowMs: number, dailyCap: number): Promise<boolean> {
    const day = utcDay(nowMs);
    // Twice at most: if a concurrent request created the counter first, count against it.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (await this.docs.updateOne({ _id: accountId, day, guesses: { $lt: dailyCap } }, { $inc: { guesses: 1 } })) return true;
      if (await this.docs.updateOne({ _id: accountId, day: { $ne: day } }, { $set: { day, mails: 0, guesses: 1 } })) return true;
      if (await this.docs.get(accountId)) return false;
      if (await this.create({ _id: accountId, day, mails: 0, guesses: 1, last_mailed_at: 0 })) return true;
    }
    return false;
  }

  /** First counter of an account; false when another request created it first (it then decided). */
  private async create(doc: ResetLimitsDoc): Promise<boolean> {
    try {
      await this.docs.insert(doc);
      return true;
    } catch (err) {
      if (err instanceof DuplicateKeyError) return false;
      throw err;
    }
  }
}
