import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type DocumentStore } from '../../shared/ports/documentStore.ts';
import { insertInSlot, type SlotDoc } from '../../pipeline/alerts/slots.ts';

/** Watchlists and their items: account data, always read and written scoped by owner (alerts/model.ts ownerKey). */
export interface WatchlistDoc extends SlotDoc {
  readonly owner: string;
  readonly name: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface WatchlistItemDoc extends SlotDoc {
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

const LIST_SLOT = 'by_owner_slot';
const ITEM_SLOT = 'by_watchlist_slot';
const DEDUPE = 'by_dedupe';

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
      this.lists.ensureIndexes([
        { name: 'by_owner', fields: [['owner', 1], ['created_at', -1]] },
        { name: LIST_SLOT, fields: [['owner', 1], ['slot', 1]], unique: true },
      ]),
      this.items.ensureIndexes([
        { name: 'by_watchlist', fields: [['watchlist_id', 1], ['added_at', 1]] },
        { name: ITEM_SLOT, fields: [['watchlist_id', 1], ['slot', 1]], unique: true },
        { name: DEDUPE, fields: [['dedupe', 1]], unique: true },
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

  /** Null when the account already holds the maximum (alerts/slots.ts: race-free across processes). */
  async create(owner: string, name: string, now: Date): Promise<WatchlistDoc | null> {
    const at = now.toISOString();
    let doc: WatchlistDoc | null = null;
    const placed = await insertInSlot(this.lists, { owner }, MAX_WATCHLISTS_PER_ACCOUNT, LIST_SLOT, (slot) => (doc = { _id: randomUUID(), owner, name, slot, created_at: at, updated_at: at }));
    return placed.ok ? doc : null;
  }

  list(owner: string): Promise<WatchlistDoc[]> {
    return this.lists.find({ owner }, { sort: [['created_at', -1], ['slot', -1]] });
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
    return this.items.find({ watchlist_id: watchlistId }, { sort: [['added_at', 1], ['slot', 1]] });
  }

  countItems(watchlistId: string): Promise<number> {
    return this.items.count({ watchlist_id: watchlistId });
  }

  async addItem(owner: string, watchlistId: string, refs: ItemRefs, now: Date): Promise<AddItemResult> {
    const dedupe = dedupeKey(watchlistId, refs);
    let item: WatchlistItemDoc | null = null;
    try {
      const placed = await insertInSlot(this.items, { watchlist_id: watchlistId }, MAX_ITEMS_PER_WATCHLIST, ITEM_SLOT, (slot) => (item = { _id: randomUUID(), watchlist_id: watchlistId, owner, ...refs, dedupe, slot, added_at: now.toISOString() }));
      if (!placed.ok) return { ok: false, reason: 'limit' };
    } catch (err) {
      if (!(err instanceof DuplicateKeyError) || err.index !== DEDUPE) throw err;
      return { ok: false, reason: 'duplicate', existing: await this.items.findOne({ dedupe }) };
    }
    const added = item as unknown as WatchlistItemDoc;
    await this.lists.updateOne({ _id: watchlistId, owner }, { $set: { updated_at: added.added_at } });
    return { ok: true, item: added };
  }

  removeItem(owner: string, watchlistId: string, itemId: string): Promise<WatchlistItemDoc | null> {
    return this.items.takeOne({ _id: itemId, watchlist_id: watchlistId, owner });
  }
}
