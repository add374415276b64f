import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type Doc, type DocumentStore } from '../../shared/ports/documentStore.ts';

/** A wallet (SIWE) account: its own collection, so it can never merge with an email account. */
export interface WalletAccountDoc extends Doc {
  /** EIP-55 checksummed address. */
  readonly address: string;
  readonly created_at: string;
  readonly last_login_at: string;
}

export const WALLET_ACCOUNTS = 'wallet_accounts';

export class WalletAccountRepository {
  private readonly docs;

  constructor(store: DocumentStore) {
    this.docs = store.collection<WalletAccountDoc>(WALLET_ACCOUNTS);
  }

  ensureIndexes(): Promise<void> {
    return this.docs.ensureIndexes([{ name: 'by_address', fields: [['address', 1]], unique: true }]);
  }

  get(id: string): Promise<WalletAccountDoc | null> {
    return this.docs.get(id);
  }

  /** The account of an address, created on its first sign-in. */
  async signIn(address: string, now: Date): Promise<WalletAccountDoc> {
    const at = now.toISOString();
    const existing = await this.docs.updateOne({ address }, { $set: { last_login_at: at } });
    if (existing) return existing;
    const doc: WalletAccountDoc = { _id: randomUUID(), address, created_at: at, last_login_at: at };
    try {
      await this.docs.insert(doc);
      return doc;
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const raced = await this.docs.findOne({ address });
      if (!raced) throw err;
      return raced;
    }
  }
}
