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

/** How long an account read for a session request is trusted without reading the store again. */
export const SESSION_ACCOUNT_CACHE_MS = 2_000;
const SESSION_ACCOUNT_CACHE_MAX = 20_000;

export class AccountRepository {
  private readonly docs;
  /** Accounts read for session requests (see forSession); never the password hash's only source. */
  private readonly recent = new Map<string, { readonly doc: AccountDoc; readonly until: number }>();
  /** Moves on every write through this repository, so a read that raced a write is not kept. */
  private writes = 0;

  constructor(
    store: DocumentStore,
    private readonly now: () => number = Date.now,
  ) {
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

  /**
   * The account for a session request, read at most SESSION_ACCOUNT_CACHE_MS ago (on the app's clock, like
   * the API-key lookup). A password change through this repository drops it at once, so the old session version is never
   * accepted again here; another process sharing the store sees the change within SESSION_ACCOUNT_CACHE_MS.
   * Unknown accounts are never kept.
   */
  async forSession(id: string): Promise<AccountDoc | null> {
    const now = this.now();
    const hit = this.recent.get(id);
    if (hit && hit.until > now) return hit.doc;
    return this.#readForSession(id, now);
  }

  /** What forSession() answers without reading the store (the account read within the bound), else undefined. */
  recentForSession(id: string): AccountDoc | undefined {
    const hit = this.recent.get(id);
    return hit && hit.until > this.now() ? hit.doc : undefined;
  }

  async #readForSession(id: string, now: number): Promise<AccountDoc | null> {
    const writes = this.writes;
    const doc = await this.docs.get(id);
    if (doc && writes === this.writes) {
      if (this.recent.size >= SESSION_ACCOUNT_CACHE_MAX) this.recent.delete(this.recent.keys().next().value!);
      this.recent.delete(id);
      this.recent.set(id, { doc, until: now + SESSION_ACCOUNT_CACHE_MS });
    } else {
      this.recent.delete(id);
    }
    return doc;
  }

  findByEmail(email: string): Promise<AccountDoc | null> {
    return this.docs.findOne({ email: normaliseEmail(email) });
  }

  /** New hash and a new session version in one atomic update; returns the updated account. */
  async setPassword(id: string, passwordHash: string, now: Date): Promise<AccountDoc | null> {
    this.writes += 1;
    this.recent.delete(id);
    try {
      return await this.docs.updateOne({ _id: id }, { $set: { password_hash: passwordHash, updated_at: now.toISOString() }, $inc: { session_version: 1 } });
    } finally {
      this.writes += 1;
      this.recent.delete(id);
    }
  }
}
