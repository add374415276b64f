import { hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { isScope, type Scope } from './scopes.ts';

export const API_KEYS = 'api_keys';
export const KEY_PREFIX = 'svc_';
export const KEY_PREFIX_LENGTH = 12;
/** Keys an account may hold at once; bounds what one account can make us store and check. */
export const MAX_ACTIVE_KEYS = 25;
/**
 * How long an active key, once looked up, is trusted without reading the store again (docs/auth.md). A key
 * revoked through this process stops working at once (its entry is dropped); one revoked through another
 * process sharing the store stops within this bound.
 */
export const KEY_LOOKUP_CACHE_MS = 2_000;
const KEY_LOOKUP_CACHE_MAX = 10_000;

export interface ApiKeyDoc extends Doc {
  readonly account_id: string;
  readonly name: string;
  /** Hex SHA-256 of the full key; the key itself is never stored. */
  readonly key_hash: string;
  readonly key_prefix: string;
  readonly scopes: readonly Scope[];
  readonly rate_limit: number;
  readonly created_at: string;
  readonly revoked_at: string | null;
  readonly last_used_at: string | null;
}

/** `svc_` + 43 base64url characters (256 random bits). */
export function generateKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** The list/creation view; `permissions` is the JSON-encoded scope array the spec names. */
export function apiKeyView(doc: ApiKeyDoc) {
  return {
    id: doc._id,
    name: doc.name,
    key_prefix: doc.key_prefix,
    permissions: JSON.stringify(doc.scopes),
    rate_limit: doc.rate_limit,
    last_used_at: doc.last_used_at,
    created_at: doc.created_at,
    revoked_at: doc.revoked_at,
  };
}

export class ApiKeyRepository {
  private readonly docs;
  /** Per account, the end of the last key creation started in this process (see createWithinCap). */
  private readonly creating = new Map<string, Promise<void>>();
  /** Active keys looked up lately, by hash (see KEY_LOOKUP_CACHE_MS); unknown and revoked keys are never kept. */
  private readonly lookups = new Map<string, { readonly doc: ApiKeyDoc; readonly at: number }>();
  /** Revocations made in this process, by key id, with when (so a lookup in flight does not cache the key). */
  private readonly revokedAt = new Map<string, number>();

  constructor(
    store: DocumentStore,
    private readonly now: () => number = Date.now,
  ) {
    this.docs = store.collection<ApiKeyDoc>(API_KEYS);
  }

  ensureIndexes(): Promise<void> {
    return this.docs.ensureIndexes([
      { name: 'by_hash', fields: [['key_hash', 1]], unique: true },
      { name: 'by_account', fields: [['account_id', 1], ['created_at', -1]] },
    ]);
  }

  countActive(accountId: string): Promise<number> {
    return this.docs.count({ account_id: accountId, revoked_at: null });
  }

  /** Creates a key; returns the stored record and the full key, which is shown this once only. */
  async create(input: { accountId: string; name: string; scopes: readonly Scope[]; rateLimit: number; now: Date }): Promise<{ doc: ApiKeyDoc; key: string }> {
    const key = generateKey();
    const doc: ApiKeyDoc = {
      _id: randomUUID(),
      account_id: input.accountId,
      name: input.name,
      key_hash: hashKey(key),
      key_prefix: key.slice(0, KEY_PREFIX_LENGTH),
      scopes: [...input.scopes],
      rate_limit: input.rateLimit,
      created_at: input.now.toISOString(),
      revoked_at: null,
      last_used_at: null,
    };
    await this.docs.insert(doc);
    return { doc, key };
  }

  /**
   * Creates a key unless the account already holds `cap` active ones (null then). Creations for one account
   * run one at a time in this process, so concurrent requests here get exactly the free places. Another
   * process can still count at the same moment: so every creation counts again after its insert and
   * withdraws its own key if the account went over. The last insert to survive saw every other survivor,
   * so the cap holds across processes; such a race can refuse more than it had to, never admit too many.
   */
  createWithinCap(input: { accountId: string; name: string; scopes: readonly Scope[]; rateLimit: number; now: Date }, cap: number): Promise<{ doc: ApiKeyDoc; key: string } | null> {
    const previous = this.creating.get(input.accountId) ?? Promise.resolve();
    const run = previous.then(async () => {
      if ((await this.countActive(input.accountId)) >= cap) return null;
      const created = await this.create(input);
      if ((await this.countActive(input.accountId)) > cap) {
        this.forget(created.doc._id);
        await this.docs.delete(created.doc._id);
        return null;
      }
      return created;
    });
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.creating.set(input.accountId, settled);
    void settled.then(() => {
      if (this.creating.get(input.accountId) === settled) this.creating.delete(input.accountId);
    });
    return run;
  }

  /** The account's keys, newest first, revoked ones included (they show revoked_at). */
  listFor(accountId: string): Promise<ApiKeyDoc[]> {
    return this.docs.find({ account_id: accountId }, { sort: [['created_at', -1]] });
  }

  /** Null when the key does not exist or belongs to another account: callers answer 404 either way. */
  async getOwned(id: string, accountId: string): Promise<ApiKeyDoc | null> {
    const doc = await this.docs.get(id);
    return doc && doc.account_id === accountId ? doc : null;
  }

  /** Revokes at once; revoking twice keeps the first revocation time. */
  async revoke(id: string, accountId: string, now: Date): Promise<ApiKeyDoc | null> {
    this.forget(id);
    const revoked = await this.docs.updateOne({ _id: id, account_id: accountId, revoked_at: null }, { $set: { revoked_at: now.toISOString() } });
    // Again once written: a lookup that started meanwhile may have read the key before the update landed.
    this.forget(id);
    return revoked ?? this.getOwned(id, accountId);
  }

  /**
   * The active key matching a presented value, or null. Looked up by hash, then compared in constant time
   * so the comparison itself leaks nothing about the stored hash.
   */
  async findActive(presented: string): Promise<ApiKeyDoc | null> {
    if (!presented.startsWith(KEY_PREFIX) || presented.length > 200) return null;
    const hash = hashKey(presented);
    const at = this.now();
    const hit = this.lookups.get(hash);
    if (hit && at - hit.at < KEY_LOOKUP_CACHE_MS && hit.at <= at) return hit.doc;
    const doc = await this.docs.findOne({ key_hash: hash });
    if (!doc || doc.revoked_at !== null) return null;
    const a = Buffer.from(doc.key_hash, 'hex');
    const b = Buffer.from(hash, 'hex');
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    // A revocation that ran while this lookup read the store must not be undone by keeping what it read.
    if (!this.revokedSince(doc._id, at)) this.keep(hash, doc, at);
    return doc;
  }

  private revokedSince(id: string, at: number): boolean {
    const when = this.revokedAt.get(id);
    return when !== undefined && when >= at;
  }

  private keep(hash: string, doc: ApiKeyDoc, at: number): void {
    if (this.lookups.size >= KEY_LOOKUP_CACHE_MAX) {
      for (const [h, e] of this.lookups) if (at - e.at >= KEY_LOOKUP_CACHE_MS) this.lookups.delete(h);
      if (this.lookups.size >= KEY_LOOKUP_CACHE_MAX) this.lookups.clear();
    }
    this.lookups.set(hash, { doc, at });
  }

  /** Drops a key from the lookup cache: from now on it is read from the store again. */
  private forget(id: string): void {
    const at = this.now();
    this.revokedAt.set(id, at);
    if (this.revokedAt.size > KEY_LOOKUP_CACHE_MAX) {
      for (const [k, when] of this.revokedAt) if (at - when >= KEY_LOOKUP_CACHE_MS) this.revokedAt.delete(k);
    }
    for (const [h, e] of this.lookups) if (e.doc._id === id) this.lookups.delete(h);
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.docs.updateOne({ _id: id }, { $set: { last_used_at: now.toISOString() } });
  }
}

/** Scope strings of a stored key, tolerating hand-edited documents (unknown scopes are dropped). */
export function storedScopes(doc: ApiKeyDoc): Scope[] {
  return Array.isArray(doc.scopes) ? doc.scopes.filter(isScope) : [];
}
