import { randomUUID } from 'node:crypto';
import { normaliseEmail } from './emails.ts';
import { DuplicateKeyError, type Doc, type DocumentStore } from '../../shared/ports/documentStore.ts';

/** An email-and-password console account. Wallet accounts live apart (walletAccounts.ts) and never merge. */
export interface AccountDoc extends Doc {
  readonly email: string;
  readonly name: string;
  readonly password_hash: string;
  /** Moves on at every password change/reset; access tokens carry it, so older ones stop working. */
  readonly session_version: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export const ACCOUNTS = 'accounts';

export function accountView(account: AccountDoc): { id: string; email: string; name: string } {
  return { id: account._id, email: account.email, name: account.name };
}

export class AccountRepository {
  private readonly docs;

  constructor(store: DocumentStore) {
    this.docs = store.collection<AccountDoc>(ACCOUNTS);
  }

  ensureIndexes(): Promise<void> {
    return this.docs.ensureIndexes([{ name: 'by_email', fields: [['email', 1]], unique: true }]);
  }

  /** Null when the email is taken. */
  async create(input: { email: string; name: string; passwordHash: string; now: Date }): Promise<AccountDoc | null> {
    const at = input.now.toISOString();
    const doc: AccountDoc = {
      _id: randomUUID(),
      email: normaliseEmail(input.email),
      name: input.name,
      password_hash: input.passwordHash,
      session_version: 0,
      created_at: at,
      updated_at: at,
    };
    try {
      await this.docs.insert(doc);
      return doc;
    } catch (err) {
      if (err instanceof DuplicateKeyError) return null;
      throw err;
    }
  }

  get(id: string): Promise<AccountDoc | null> {
    return this.docs.get(id);
  }

  findByEmail(email: string): Promise<AccountDoc | null> {
    return this.docs.findOne({ email: normaliseEmail(email) });
  }

  /** New hash and a new session version in one atomic update; returns the updated account. */
  setPassword(id: string, passwordHash: string, now: Date): Promise<AccountDoc | null> {
    return this.docs.updateOne({ _id: id }, { $set: { password_hash: passwordHash, updated_at: now.toISOString() }, $inc: { session_version: 1 } });
  }
}
