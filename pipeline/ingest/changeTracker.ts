import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';

interface SeenItem extends Doc {
  readonly _id: string;
  readonly venue: VenueSlug;
  readonly hash: string;
  readonly published_at: number;
}

const COLLECTION = 'ingest_seen_items';

/**
 * Remembers the content hash last published per venue item, so unchanged items are not
 * re-published every cycle. An unchanged item is still re-published once per `refreshMs`
 * (default a day) so the streams, which expire old messages, can always rebuild read models.
 * Persisted in the DocumentStore: a restart does not re-publish the whole catalogue.
 */
export class ChangeTracker {
  private readonly cache = new Map<string, { hash: string; publishedAt: number }>();
  private readonly loaded = new Set<VenueSlug>();

  constructor(
    private readonly store: DocumentStore,
    private readonly refreshMs = 24 * 60 * 60 * 1000,
  ) {}

  private key(venue: VenueSlug, itemId: string): string {
    return `${venue}:${itemId}`;
  }

  async load(venue: VenueSlug): Promise<void> {
    if (this.loaded.has(venue)) return;
    const docs = await this.store.collection<SeenItem>(COLLECTION).find({ venue });
    for (const d of docs) this.cache.set(d._id, { hash: d.hash, publishedAt: d.published_at });
    this.loaded.add(venue);
  }

  needsPublish(venue: VenueSlug, itemId: string, hash: string, nowMs: number): boolean {
    const seen = this.cache.get(this.key(venue, itemId));
    return !seen || seen.hash !== hash || nowMs - seen.publishedAt >= this.refreshMs;
  }

  async markPublished(venue: VenueSlug, items: ReadonlyArray<{ itemId: string; hash: string }>, nowMs: number): Promise<void> {
    if (items.length === 0) return;
    const docs = items.map(({ itemId, hash }) => ({ _id: this.key(venue, itemId), venue, hash, published_at: nowMs }));
    await this.store.collection<SeenItem>(COLLECTION).putMany(docs);
    for (const d of docs) this.cache.set(d._id, { hash: d.hash, publishedAt: nowMs });
  }

  /** Forget a venue (operators forcing a full re-publish). */
  async reset(venue: VenueSlug): Promise<void> {
    await this.store.collection<SeenItem>(COLLECTION).deleteMany({ venue });
    for (const key of [...this.cache.keys()]) if (key.startsWith(`${venue}:`)) this.cache.delete(key);
    this.loaded.delete(venue);
  }
}
