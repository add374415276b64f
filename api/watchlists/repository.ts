import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type Doc, type DocumentStore } from '../../shared/ports/documentStore.ts';

/** Watchlists and their items: account data, always read and written scoped by owner (alerts/model.ts ownerKey). */
export interface WatchlistDoc extends Doc {
  readonly owner: string;
  readonly name: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface WatchlistItemDoc extends Doc {
  readonly watchlist_id: string;
  readonly owner: string;
  readonly canonical_question_id: string | null;
  readonly market_id: string | null;
  /** watchlist + both references: a unique index makes "no duplicates" hold under concurrent adds too. */
  readonly dedupe: string;
  readonly added_at: string;
}

export const WATCHLISTS = 'watchlists';
export const WATCHLIST_ITEMS = 'watchlist_items';
export const MAX_WATCHLISTS_PER_ACCOUNT = 50;
export const MAX_ITEMS_PER_WATCHLIST = 200;

export interface ItemRefs {
  readonly canonical_question_id: string | null;
  readonly market_id: string | null;
}

export type AddItemResult =
  | { ok: true; item: WatchlistItemDoc }
  | { ok: false; reason: 'duplicate'; existing: WatchlistItemDoc | null }
  | { ok: false; reason: 'limit' };

const dedupeKey = (watchlistId: string, refs: ItemRefs) => `${watchlistId}|${refs.canonical_question_id ?? '-'}|${refs.market_id ?? '-'}`;

export class WatchlistRepository {
  private readonly lists;
  private readonly items;
  private indexes: Promise<void> | undefined;

  constructor(store: DocumentStore) {
    this.lists = store.collection<WatchlistDoc>(WATCHLISTS);
    this.items = store.collection<WatchlistItemDoc>(WATCHLIST_ITEMS);
  }

  ensureIndexes(): Promise<void> {
    this.indexes ??= Promise.all([
      this.lists.ensureIndexes([{ name: 'by_owner', fields: [['owner', 1], ['created_at', -1]] }]),
      this.items.ensureIndexes([
        { name: 'by_watchlist', fields: [['watchlist_id', 1], ['added_at', 1]] },
        { name: 'by_dedupe', fields: [['dedupe', 1]], unique: true },
      ]),
    ]).then(
      () => undefined,
      (err: unknown) => {
        this.indexes = undefined;
        throw err;
      },
    );
    return this.indexes;
  }

  /** Null when the account already holds the maximum (insert, then keep the first MAX by age: race-free). */
  async create(owner: string, name: string, now: Date): Promise<WatchlistDoc | null> {
    const at = now.toISOString();
    const doc: WatchlistDoc = { _id: randomUUID(), owner, name, created_at: at, updated_at: at };
    await this.lists.insert(doc);
    const beyond = await this.lists.find({ owner }, { sort: [['created_at', 1], ['_id', 1]], skip: MAX_WATCHLISTS_PER_ACCOUNT });
    if (beyond.some((w) => w._id === doc._id)) {
      await this.lists.delete(doc._id);
      return null;
    }
    return doc;
  }

  list(owner: string): Promise<WatchlistDoc[]> {
    return this.lists.find({ owner }, { sort: [['created_at', -1], ['_id', 1]] });
  }

  get(owner: string, id: string): Promise<WatchlistDoc | null> {
    return this.lists.findOne({ _id: id, owner });
  }

  rename(owner: string, id: string, name: string, now: Date): Promise<WatchlistDoc | null> {
    return this.lists.updateOne({ _id: id, owner }, { $set: { name, updated_at: now.toISOString() } });
  }

  /** Removes the watchlist first (it disappears at once), then its items; returns it and how many items went. */
  async delete(owner: string, id: string): Promise<{ watchlist: WatchlistDoc; items: number } | null> {
    const watchlist = await this.lists.takeOne({ _id: id, owner });
    if (!watchlist) return null;
    const items = await this.items.deleteMany({ watchlist_id: id });
    return { watchlist, items };
  }

  itemsOf(watchlistId: string): Promise<WatchlistItemDoc[]> {
    return this.items.find({ watchlist_id: watchlistId }, { sort: [['added_at', 1], ['_id', 1]] });
  }

  countItems(watchlistId: string): Promise<number> {
    return this.items.count({ watchlist_id: watchlistId });
  }

  async addItem(owner: string, watchlistId: string, refs: ItemRefs, now: Date): Promise<AddItemResult> {
    const dedupe = dedupeKey(watchlistId, refs);
    const item: WatchlistItemDoc = { _id: randomUUID(), watchlist_id: watchlistId, owner, ...refs, dedupe, added_at: now.toISOString() };
    try {
      await this.items.insert(item);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      return { ok: false, reason: 'duplicate', existing: await this.items.findOne({ dedupe }) };
    }
    const beyond = await this.items.find({ watchlist_id: watchlistId }, { sort: [['added_at', 1], ['_id', 1]], skip: MAX_ITEMS_PER_WATCHLIST });
    if (beyond.some((i) => i._id === item._id)) {
      await this.items.delete(item._id);
      return { ok: false, reason: 'limit' };
    }
    await this.lists.updateOne({ _id: watchlistId, owner }, { $set: { updated_at: item.added_at } });
    return { ok: true, item };
  }

  removeItem(owner: string, watchlistId: string, itemId: string): Promise<WatchlistItemDoc | null> {
    return this.items.takeOne({ _id: itemId, watchlist_id: watchlistId, owner });
  }
}
