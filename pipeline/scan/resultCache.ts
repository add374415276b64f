import { quoteAgeMs } from '../../shared/arbitrage/staleness.ts';
import type { QuestionScanResult, ScanClock, ScanMember } from '../../shared/arbitrage/types.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { ScannerQuestion, ScannerVenue, WorkingMarket } from './state.ts';
import { isDisabled, isFailing } from './memory.ts';
import { DeadlineHeap, type HeapItem } from './deadlineHeap.ts';

/** The temporal score factor saturates this far from the earlier end (shared/arbitrage/scoreWeights.ts: 30 days). */
const TEMPORAL_HORIZON_MS = 30 * 86_400_000;
/** Inside the horizon a result is checked this far ahead and kept that long if nothing material moves. */
export const HORIZON_PROBE_MS = 3_600_000;

/**
 * Whether the question would scan to materially the same verdicts (the lifecycle would publish nothing)
 * `aheadMs` later, every quote aged by as much (so staleness is held as it is).
 */
export type SameVerdictsAhead = (aheadMs: number) => boolean;

/** What a question's scan read: the working-set objects themselves (replaced, never mutated, on every event). */
export interface ScanInputs {
  readonly question: ScannerQuestion;
  /** Each link's market in the question's member order; undefined where the market is not known yet. */
  readonly markets: ReadonlyArray<WorkingMarket | undefined>;
  /** Which of the question's venues were failing or disabled (venueHealthKey over its venues). */
  readonly venueKey: string;
}

/** A quote stamped with our fetch time: as old as its venue's latest success (shared/arbitrage/staleness.ts). */
interface ConfirmedQuote {
  readonly venue: VenueSlug;
  readonly quotedMs: number;
}

export interface Entry {
  readonly inputs: ScanInputs;
  /** The scan clock (ms) before which no end time, horizon or venue-stamped quote changes a verdict. */
  readonly validUntil: number;
  /** Fetch-stamped quotes that were fresh: each must still be fresh, confirmed by its venue's latest success. */
  readonly confirmed: readonly ConfirmedQuote[];
  /** The venues of the question's members: a change of one's health makes the result void. */
  readonly venues: readonly VenueSlug[];
}

/** What the cache needs of the venues now: each one's latest successful fetch (ms; NaN when none). */
export type LastSuccessMs = (venue: VenueSlug) => number;
/** A venue's health as verdicts read it: '', 'd', 'f' or 'df' (disabled, failing). */
export type HealthOf = (venue: VenueSlug) => string;

/**
 * Which questions a full pass can skip because a scan now would give exactly the verdicts the last one
 * gave (so the lifecycle would publish nothing): none of its inputs changed (the same objects), no
 * order book was involved, no opportunity was stale, none of its venues started or stopped failing, and
 * the clock has not reached a time at which a verdict can change by itself:
 * - a member reaches its end time (it stops being tradeable);
 * - a venue-stamped quote ages past ARB_STALE_AFTER_SECONDS (its leg turns stale); a quote stamped with
 *   our fetch time stays fresh while its venue's latest successful fetch is younger than that bound;
 * - an end comes within the temporal factor's 30-day horizon (the score starts moving with the clock;
 *   inside it a result is kept for HORIZON_PROBE_MS only if a scan that much later, quotes aged alike,
 *   gives the same verdicts: the score only falls with the clock, so equal at both ends is equal between).
 * A venue's newer successful fetch only makes quotes younger, which matters only to a stale leg, and a
 * result with a stale leg is never kept. Only live mode keeps results: recorded mode ages stamped quotes
 * against a reference clock that book stamps move during a pass. Entries are written only once the pass that
 * produced them has committed its changes, so the stored lifecycle always reflects the kept result.
 *
 * A full pass does not walk every question to find those that can no longer be skipped: each cause is
 * indexed where it happens. A changed question or market is `invalidate`d by the working set as the event
 * is applied (every question sharing the market); clock bounds wait in a time-ordered heap; fetch-stamped
 * quotes wait in one heap per venue, ordered by quote time, read only while that venue's latest success is
 * older than the bound; a venue whose health flips voids the results on it. What is left to rescore is the
 * `pending` set: every known question without a kept result.
 */
export class ScanResultCache {
  readonly #entries = new Map<string, Entry>();
  /** Every question known to the working set that has no kept result: a full pass rescores these. */
  readonly #pending = new Set<string>();
  readonly #clock = new DeadlineHeap<Entry>();
  readonly #confirmedBy = new Map<VenueSlug, DeadlineHeap<Entry>>();
  /** Each venue's health at the last `takeDue`. */
  readonly #health = new Map<VenueSlug, string>();
  #staleAfterMs: number | null = null;
  /** Heap items pushed since the last compaction: replaced results leave theirs behind. */
  #pushed = 0;

  /** A question is new, changed, or one of its markets changed: any kept result is void. */
  invalidate(questionId: string): void {
    this.#entries.delete(questionId);
    this.#pending.add(questionId);
  }

  /** The question no longer exists (its removal has been scanned). */
  forget(questionId: string): void {
    this.#entries.delete(questionId);
    this.#pending.delete(questionId);
  }

  /**
   * The questions a full pass at `nowMs` must rescore: those with no kept result, and those whose kept
   * result a clock bound, a lapsed venue or a venue's health flip has voided (moved to pending here, so a
   * pass that fails before `commit` leaves them due). Costs what is due, not what is kept.
   */
  takeDue(nowMs: number, staleAfterMs: number, lastSuccess: LastSuccessMs, venues: Iterable<VenueSlug>, healthOf: HealthOf): ReadonlySet<string> {
    if (this.#staleAfterMs !== staleAfterMs) {
      // Confirmed quotes were filed against the old bound: void them all (a configuration change, rare).
      if (this.#staleAfterMs !== null) this.#voidWhere(() => true);
      this.#staleAfterMs = staleAfterMs;
    }
    const flipped = new Set<VenueSlug>();
    for (const v of venues) {
      const h = healthOf(v);
      if ((this.#health.get(v) ?? '') !== h) flipped.add(v);
      this.#health.set(v, h);
    }
    // Rare (a venue starts or stops failing): one walk over the kept results.
    if (flipped.size > 0) this.#voidWhere((e) => e.venues.some((v) => flipped.has(v)));
    // A result holds while nowMs < validUntil (see `unchanged`).
    for (const item of this.#clock.popWhile((at) => at <= nowMs)) this.#voidIfCurrent(item.key, item.token);
    for (const [venue, heap] of this.#confirmedBy) {
      const success = lastSuccess(venue);
      // While the venue's latest success is within the bound, it confirms every quote filed under it.
      if (Number.isFinite(success) && nowMs - success <= staleAfterMs) continue;
      // Stale once nowMs - quotedMs > staleAfterMs (see `unchanged`).
      for (const item of heap.popWhile((at) => nowMs - at > staleAfterMs)) this.#voidIfCurrent(item.key, item.token);
    }
    this.#compact();
    return this.#pending;
  }

  /** Whether `questionId` would scan to the same verdicts as last time, at `nowMs`, on these inputs. */
  unchanged(
    questionId: string,
    question: ScannerQuestion,
    marketOf: (id: string) => WorkingMarket | undefined,
    healthOf: HealthOf,
    nowMs: number,
    staleAfterMs: number,
    lastSuccess: LastSuccessMs,
  ): boolean {
    const e = this.#entries.get(questionId);
    if (!e || nowMs >= e.validUntil || !sameInputs(e.inputs, question, marketOf, healthOf)) return false;
    for (const q of e.confirmed) {
      const success = lastSuccess(q.venue);
      const confirmedAt = Number.isFinite(success) ? Math.max(q.quotedMs, success) : q.quotedMs;
      // Fresh now and fresh when scored: fresh all along (the age grows with the clock, a success only lowers it).
      if (nowMs - confirmedAt > staleAfterMs) return false;
    }
    return true;
  }
  /** An entry for a result scored on listing quotes alone (no book), or nothing when it cannot be kept. */
  entryFor(inputs: ScanInputs, members: readonly ScanMember[], result: QuestionScanResult, clock: ScanClock, sameAhead: SameVerdictsAhead): Entry | null {
    if (result.candidates.some((c) => c.stale)) return null;
    if (members.some((m) => m.book !== null)) return null;
    const now = Date.parse(clock.now);
    let until = Number.POSITIVE_INFINITY;
    let inHorizon = false;
    const ends = members.map((m) => m.end_time);
    if (inputs.question.end_time !== null) ends.push(inputs.question.end_time);
    for (const end of ends) {
      if (end === null) continue;
      const at = Date.parse(end);
      if (!Number.isFinite(at)) return null;
      // Past its end: no longer tradeable (a member) or 0 days left (the question), either way constant.
      if (at <= now) continue;
      // Never across an end: the member stops being tradeable there.
      until = Math.min(until, at);
      if (at - TEMPORAL_HORIZON_MS <= now) inHorizon = true;
      else until = Math.min(until, at - TEMPORAL_HORIZON_MS);
    }
    const confirmed: ConfirmedQuote[] = [];
    for (const m of members) {
      const age = quoteAgeMs(m, false, clock);
      if (!Number.isFinite(age)) return null;
      // A stale member that is in no opportunity stays out of every verdict until an event changes it.
      if (age > clock.staleAfterMs) continue;
      if (m.quoted_at === m.fetched_at) confirmed.push({ venue: m.platform_slug, quotedMs: Date.parse(m.quoted_at) });
      else until = Math.min(until, now + clock.staleAfterMs - age);
    }
    if (inHorizon) {
      // The temporal factor falls with the clock, so the score can only fall (and the class with it, one
      // way): equal verdicts now and at the end of the span mean equal verdicts all through it.
      const span = Math.min(HORIZON_PROBE_MS, until - now - 1);
      if (!(span > 0) || !sameAhead(span)) return null;
      until = now + span;
    }
    const venues = [...new Set(members.map((m) => m.platform_slug))];
    return until > now ? { inputs, validUntil: until, confirmed, venues } : null;
  }

  /**
   * Applied once the pass's changes are committed: kept results in (unless an event replaced one of their
   * inputs meanwhile: `isCurrent`), rescanned-but-unkept ones pending for the next full pass.
   */
  commit(kept: ReadonlyMap<string, Entry | null>, isCurrent: (questionId: string, inputs: ScanInputs) => boolean): void {
    for (const [id, entry] of kept) {
      if (entry && isCurrent(id, entry.inputs)) {
        this.#entries.set(id, entry);
        this.#pending.delete(id);
        if (Number.isFinite(entry.validUntil)) this.#clock.push(entry.validUntil, id, entry);
        this.#pushed += 1 + entry.confirmed.length;
        for (const q of entry.confirmed) {
          let heap = this.#confirmedBy.get(q.venue);
          if (!heap) this.#confirmedBy.set(q.venue, (heap = new DeadlineHeap()));
          heap.push(q.quotedMs, id, entry);
        }
      } else {
        this.#entries.delete(id);
        this.#pending.add(id);
      }
    }
  }

  /** The question was looked at and needs no scan until it changes (listed on fewer than two venues, nothing live). */
  settle(questionId: string): void {
    this.#pending.delete(questionId);
  }

  get size(): number {
    return this.#entries.size;
  }

  get pendingCount(): number {
    return this.#pending.size;
  }

  #voidIfCurrent(id: string, entry: Entry): void {
    if (this.#entries.get(id) === entry) this.invalidate(id);
  }

  #voidWhere(test: (e: Entry) => boolean): void {
    for (const [id, e] of this.#entries) if (test(e)) this.invalidate(id);
  }

  /**
   * Drops heap items of replaced or voided results, once as many items were pushed since the last time as
   * there are kept results (so a compaction's linear cost is spread over as many pushes).
   */
  #compact(): void {
    if (this.#pushed <= this.#entries.size + 1_024) return;
    const live = (item: HeapItem<Entry>) => this.#entries.get(item.key) === item.token;
    this.#clock.compact(live);
    for (const heap of this.#confirmedBy.values()) heap.compact(live);
    this.#pushed = 0;
  }
}

/** Whether a result read these very inputs: the working set's current objects, its venues' health as now. */
export function sameInputs(inputs: ScanInputs, question: ScannerQuestion, marketOf: (id: string) => WorkingMarket | undefined, healthOf: HealthOf): boolean {
  if (inputs.question !== question) return false;
  const known = inputs.markets;
  for (let i = 0; i < known.length; i++) if (marketOf(question.members[i]!.market_id) !== known[i]) return false;
  return inputs.venueKey === venueHealthKey(question.members.map((m) => m.platform_slug), healthOf);
}

/**
 * The health of the given venues (those of one question's members) as one string: what of venue state a
 * verdict reads besides the latest success (checked per quote).
 */
export function venueHealthKey(venues: readonly VenueSlug[], healthOf: HealthOf): string {
  let key = '';
  for (const v of [...new Set(venues)].sort()) {
    const h = healthOf(v);
    if (h) key += `${v}:${h};`;
  }
  return key;
}

/** A venue's flags as `HealthOf` gives them. */
export function venueHealth(v: ScannerVenue): string {
  return `${isDisabled(v) ? 'd' : ''}${isFailing(v) ? 'f' : ''}`;
}
