import type { ScannerCollections, ScannerQuestion, ScannerVenue, WorkingMarket } from './state.ts';
import { laterIso, workingMarket } from './state.ts';
import type { ScannerLinkEvent, ScannerMarketEvent, ScannerVenueEvent } from './decode.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { OpportunitySet } from './opportunitySet.ts';
import { ScanResultCache } from './resultCache.ts';

/**
 * The scanner's working set: every market, question and venue state it learnt from MARKETS, LINKS and
 * VENUES, and every opportunity it published, held in memory so a scan pass reads nothing from the store.
 * Each event is applied to memory and written through to the scanner's collections (`arb_scan_*`), which
 * are what `load()` rebuilds the working set from after a restart; the durable consumers resume after the
 * last event acked, so a restarted scanner holds what one that ran throughout holds.
 * Remembers which questions changed (the dirty set the next pass rescans). Idempotent: a replayed event
 * leaves the same state.
 */
export class ScannerMemory {
  readonly #c: ScannerCollections;
  readonly #markets = new Map<string, WorkingMarket>();
  readonly #questions = new Map<string, ScannerQuestion>();
  readonly #venues = new Map<VenueSlug, ScannerVenue>();
  readonly opportunities = new OpportunitySet();
  /** Verdicts of the last scan of each question and until when they hold (not persisted: a restart rescans all). */
  readonly results = new ScanResultCache();
  /** The questions each market is a member of (a market may be linked into more than one). */
  readonly #questionsOf = new Map<string, Set<string>>();
  /** Venues per question, to count the questions listed on two or more. */
  readonly #venuesOf = new Map<string, number>();
  #multiVenue = 0;
  readonly #dirty = new Set<string>();
  #fullPassWanted = true;

  constructor(collections: ScannerCollections) {
    this.#c = collections;
  }

  /** Rebuilds the working set from the scanner's collections (at start, and after a restart). */
  async load(): Promise<void> {
    for (const q of await this.#c.questions.find({})) this.#setQuestion(q);
    for (const m of await this.#c.markets.find({})) this.#markets.set(m._id, workingMarket(m));
    for (const v of await this.#c.venues.find({})) this.#venues.set(v._id, v);
    this.opportunities.load(await this.#c.opportunities.find({}));
    // Nothing is kept across a restart: the first full pass scores every question, and looks at every
    // question with a live opportunity (its question may be gone).
    for (const id of this.opportunities.liveQuestionIds()) this.results.invalidate(id);
  }

  question(id: string): ScannerQuestion | undefined {
    return this.#questions.get(id);
  }

  market(id: string): WorkingMarket | undefined {
    return this.#markets.get(id);
  }

  venue(slug: VenueSlug): ScannerVenue {
    return this.#venues.get(slug) ?? emptyVenue(slug);
  }

  venues(): IterableIterator<ScannerVenue> {
    return this.#venues.values();
  }

  /** The collections a pass writes its opportunity changes to. */
  get collections(): ScannerCollections {
    return this.#c;
  }

  /** How many questions are listed on at least two venues. */
  get multiVenueCount(): number {
    return this.#multiVenue;
  }

  /** Questions listed on at least two venues: what a full scan compares. */
  multiVenueQuestionIds(): string[] {
    const out: string[] = [];
    for (const [id, venues] of this.#venuesOf) if (venues >= 2) out.push(id);
    return out;
  }

  /** Question ids changed since the last call, and whether a full pass is due (venue state changed). */
  takeDirty(): { ids: string[]; full: boolean } {
    const ids = [...this.#dirty];
    this.#dirty.clear();
    const full = this.#fullPassWanted;
    this.#fullPassWanted = false;
    return { ids, full };
  }

  requestFullPass(): void {
    this.#fullPassWanted = true;
  }

  async onMarket(event: ScannerMarketEvent): Promise<void> {
    if (event.type === 'market_delisted') {
      const known = this.#markets.get(event.market_id);
      if (!known || event.at < known.fetched_at) return;
      // Rare: the stored document (with the fields the working set leaves out) is read back and closed.
      const prev = await this.#c.markets.get(event.market_id);
      if (!prev) return;
      const next = { ...prev, market: { ...prev.market, status: prev.market.status === 'open' ? ('closed' as const) : prev.market.status }, delisted_at: event.at, fetched_at: event.at };
      this.#markets.set(next._id, workingMarket(next));
      await this.#c.markets.put(next);
      this.#markMarket(event.market_id);
      return;
    }
    const m = event.market;
    const prev = this.#markets.get(m.id);
    // Workers publish in parallel: an older snapshot may arrive after a newer one.
    if (prev && event.source.fetched_at < prev.fetched_at) return;
    const doc = { _id: m.id, market: m, fetched_at: event.source.fetched_at };
    this.#markets.set(m.id, workingMarket(doc));
    await this.#c.markets.put(doc);
    if (m.quoted_at !== event.source.fetched_at) await this.noteStamp(m.platform_slug, m.quoted_at);
    this.#markMarket(m.id);
  }

  async onLink(event: ScannerLinkEvent): Promise<void> {
    if (event.type === 'question_removed') {
      const prev = this.#questions.get(event.question_id);
      if (prev) this.#unsetQuestion(prev);
      this.#questions.delete(event.question_id);
      await this.#c.questions.delete(event.question_id);
      this.#dirty.add(event.question_id);
      this.results.invalidate(event.question_id);
      return;
    }
    const q = event.question;
    const doc: ScannerQuestion = {
      _id: q.id,
      title: q.title,
      slug: q.slug,
      category: q.category,
      end_time: q.end_time,
      members: q.members.map((m) => ({ market_id: m.market_id, platform_slug: m.platform_slug, relation: m.relation, confidence: m.confidence, match_method: m.match_method })),
    };
    const prev = this.#questions.get(q.id);
    if (prev) this.#unsetQuestion(prev);
    this.#setQuestion(doc);
    await this.#c.questions.put(doc);
    this.#dirty.add(doc._id);
  }

  async onVenue(event: ScannerVenueEvent): Promise<void> {
    const prev = this.venue(event.venue);
    let next: ScannerVenue = prev;
    if (event.type === 'venue_fetch_succeeded') next = { ...prev, last_success_at: laterIso(prev.last_success_at, event.at) };
    else if (event.type === 'venue_fetch_failed') next = { ...prev, last_failure_at: laterIso(prev.last_failure_at, event.at) };
    else if (event.type === 'venue_disabled') next = { ...prev, disabled_at: laterIso(prev.disabled_at, event.at) };
    else return;
    // Memory first and synchronously: the book fetcher's noteStamp may update the same venue meanwhile.
    this.#venues.set(next._id, next);
    await this.#c.venues.put(next);
    // A venue that starts or stops failing changes staleness on every question it lists.
    if (isFailing(prev) !== isFailing(next) || isDisabled(prev) !== isDisabled(next)) this.#fullPassWanted = true;
  }

  /** Recorded mode ages venue-stamped quotes against the newest stamp seen for the venue. */
  async noteStamp(venue: VenueSlug, stamp: string): Promise<void> {
    const prev = this.venue(venue);
    const newest = laterIso(prev.newest_stamp, stamp);
    if (newest === prev.newest_stamp) return;
    const next = { ...prev, newest_stamp: newest };
    this.#venues.set(venue, next);
    await this.#c.venues.put(next);
  }

  #setQuestion(q: ScannerQuestion): void {
    this.#questions.set(q._id, q);
    for (const m of q.members) {
      let set = this.#questionsOf.get(m.market_id);
      if (!set) this.#questionsOf.set(m.market_id, (set = new Set()));
      set.add(q._id);
    }
    const venues = venueCount(q);
    this.#venuesOf.set(q._id, venues);
    if (venues >= 2) this.#multiVenue += 1;
    this.results.invalidate(q._id);
  }

  #unsetQuestion(q: ScannerQuestion): void {
    for (const m of q.members) {
      const set = this.#questionsOf.get(m.market_id);
      set?.delete(q._id);
      if (set?.size === 0) this.#questionsOf.delete(m.market_id);
    }
    if ((this.#venuesOf.get(q._id) ?? 0) >= 2) this.#multiVenue -= 1;
    this.#venuesOf.delete(q._id);
  }

  /** Every question the market is a member of is rescanned next pass, and none keeps its last result. */
  #markMarket(marketId: string): void {
    const qs = this.#questionsOf.get(marketId);
    if (!qs) return;
    for (const q of qs) {
      this.#dirty.add(q);
      this.results.invalidate(q);
    }
  }
}

function venueCount(q: ScannerQuestion): number {
  return new Set(q.members.map((m) => m.platform_slug)).size;
}

export function emptyVenue(venue: VenueSlug): ScannerVenue {
  return { _id: venue, last_success_at: null, last_failure_at: null, disabled_at: null, newest_stamp: null };
}

export function isFailing(v: ScannerVenue): boolean {
  return v.last_failure_at !== null && (v.last_success_at === null || Date.parse(v.last_failure_at) > Date.parse(v.last_success_at));
}

export function isDisabled(v: ScannerVenue): boolean {
  return v.disabled_at !== null && (v.last_success_at === null || Date.parse(v.disabled_at) > Date.parse(v.last_success_at));
}
