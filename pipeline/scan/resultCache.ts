import { quoteAgeMs } from '../../shared/arbitrage/staleness.ts';
import type { QuestionScanResult, ScanClock, ScanMember } from '../../shared/arbitrage/types.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { ScannerQuestion, ScannerVenue, WorkingMarket } from './state.ts';
import { isDisabled, isFailing } from './memory.ts';

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
  /** Which venues were failing or disabled (venueHealthKey): a change anywhere rescans everything. */
  readonly venueKey: string;
}

/** A quote stamped with our fetch time: as old as its venue's latest success (shared/arbitrage/staleness.ts). */
interface ConfirmedQuote {
  readonly venue: VenueSlug;
  readonly quotedMs: number;
}

interface Entry {
  readonly inputs: ScanInputs;
  /** The scan clock (ms) before which no end time, horizon or venue-stamped quote changes a verdict. */
  readonly validUntil: number;
  /** Fetch-stamped quotes that were fresh: each must still be fresh, confirmed by its venue's latest success. */
  readonly confirmed: readonly ConfirmedQuote[];
}

/** What the cache needs of the venues now: each one's latest successful fetch (ms; NaN when none). */
export type LastSuccessMs = (venue: VenueSlug) => number;

/**
 * Which questions a full pass can skip because a scan now would give exactly the verdicts the last one
 * gave (so the lifecycle would publish nothing): none of its inputs changed (the same objects), no
 * order book was involved, no opportunity was stale, and the clock has not reached a time at which a
 * verdict can change by itself:
 * - a member reaches its end time (it stops being tradeable);
 * - a venue-stamped quote ages past ARB_STALE_AFTER_SECONDS (its leg turns stale); a quote stamped with
 *   our fetch time is checked on every pass against its venue's latest successful fetch, which confirms it;
 * - an end comes within the temporal factor's 30-day horizon (the score starts moving with the clock;
 *   inside it a result is kept for HORIZON_PROBE_MS only if a scan that much later, quotes aged alike,
 *   gives the same verdicts: the score only falls with the clock, so equal at both ends is equal between).
 * A venue's newer successful fetch only makes quotes younger, which matters only to a stale leg, and a
 * result with a stale leg is never kept. Only live mode keeps results: recorded mode ages stamped quotes
 * against a reference clock that book stamps move during a pass. Entries are written only once the pass that produced them has
 * committed its changes, so the stored lifecycle always reflects the kept result.
 */
export class ScanResultCache {
  readonly #entries = new Map<string, Entry>();

  /** Whether `questionId` would scan to the same verdicts as last time, at `nowMs`, on these inputs. */
  unchanged(
    questionId: string,
    question: ScannerQuestion,
    marketOf: (id: string) => WorkingMarket | undefined,
    venueKey: string,
    nowMs: number,
    staleAfterMs: number,
    lastSuccess: LastSuccessMs,
  ): boolean {
    const e = this.#entries.get(questionId);
    if (!e || nowMs >= e.validUntil) return false;
    if (e.inputs.question !== question || e.inputs.venueKey !== venueKey) return false;
    const known = e.inputs.markets;
    for (let i = 0; i < known.length; i++) if (marketOf(question.members[i]!.market_id) !== known[i]) return false;
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
    return until > now ? { inputs, validUntil: until, confirmed } : null;
  }

  /** Applied once the pass's changes are committed: kept results in, rescanned-but-unkept ones out. */
  commit(kept: ReadonlyMap<string, Entry | null>): void {
    for (const [id, entry] of kept) {
      if (entry) this.#entries.set(id, entry);
      else this.#entries.delete(id);
    }
  }

  forget(questionId: string): void {
    this.#entries.delete(questionId);
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * The venues that are failing or disabled, as one string: what of venue state a verdict reads besides the
 * latest success (checked per quote). Rare to change; when it does the next full pass rescores everything.
 */
export function venueHealthKey(venues: Iterable<ScannerVenue>): string {
  const flagged: string[] = [];
  for (const v of venues) {
    const f = `${isDisabled(v) ? 'd' : ''}${isFailing(v) ? 'f' : ''}`;
    if (f) flagged.push(`${v._id}:${f}`);
  }
  return flagged.sort().join(';');
}
