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
  private readonly seenThisCycle = new Map<VenueSlug, Set<string>>();

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

  /** Starts counting which items a catalogue walk returns. */
  beginCycle(venue: VenueSlug): void {
    this.seenThisCycle.set(venue, new Set());
  }

  markSeen(venue: VenueSlug, itemId: string): void {
    this.seenThisCycle.get(venue)?.add(itemId);
  }

  /**
   * After a complete walk: the known items it did not return, forgotten so that a return is
   * published again. Refuses (returns null) when more than `maxShare` of a sizeable catalogue
   * vanished at once — a venue glitch, not a wave of closures.
   */
  async endCycle(venue: VenueSlug, maxShare = 0.5): Promise<string[] | null> {
    const seen = this.seenThisCycle.get(venue) ?? new Set<string>();
    this.seenThisCycle.delete(venue);
    const prefix = `${venue}:`;
    const known = [...this.cache.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
    const missing = known.filter((id) => !seen.has(id));
    if (missing.length === 0) return [];
    if (known.length >= 20 && missing.length > known.length * maxShare) return null;
    await this.store.collection<SeenItem>(COLLECTION).deleteMany({ _id: { $in: missing.map((id) => this.key(venue, id)) } });
    for (const id of missing) this.cache.delete(this.key(venue, id));
    return missing;
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
}
