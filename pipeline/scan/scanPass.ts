import type { Logger } from 'pino';
import { bestListingCross, scanQuestion } from '../../shared/arbitrage/detect.ts';
import { advanceQuestion, summaryOf, type OpportunityChange, type QuestionOutcome } from '../../shared/arbitrage/lifecycle.ts';
import { scanStats, type ArbitrageStats } from '../../shared/arbitrage/stats.ts';
import type { ArbitrageOpportunityEvent, ArbitrageScanEvent } from '../../shared/arbitrage/schema.ts';
import type { ArbitrageOpportunity, OrderBook, QuestionScanResult, ScanClock, ScanMember, ScanQuestion, VenueState } from '../../shared/arbitrage/types.ts';
import { contentHash } from '../../shared/contentHash.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { Publisher } from '../streams/publisher.ts';
import type { BookFetcher } from './books.ts';
import { sameInputs, venueHealth, venueHealthKey, type Entry, type ScanInputs } from './resultCache.ts';
import { isDisabled, isFailing, type ScannerMemory } from './memory.ts';
import type { ScanMarketFields, ScannerOpportunity, ScannerQuestion, ScannerQuestionMember, ScannerVenue, WorkingMarket } from './state.ts';

/** Questions scored per worker task: large enough to amortise the hop, small enough to spread over threads. */
export const QUESTIONS_PER_TASK = 64;
/**
 * Books are fetched only for questions whose listing quotes come within this much of crossing: a
 * 2-point gap on the listing rarely hides a positive spread in the book, and books cost requests.
 */
export const BOOK_PREFILTER_GAP = 0.02;

export interface ScanPassDeps {
  /** The working set (questions, markets, venues, opportunities) the pass reads; its collections take the writes. */
  readonly memory: ScannerMemory;
  readonly books: BookFetcher;
  readonly score: (questions: readonly ScanQuestion[], clock: ScanClock) => Promise<QuestionScanResult[]>;
  readonly publish: Publisher;
  readonly log: Logger;
  readonly staleAfterMs: number;
  /** Recorded mode ages venue-stamped quotes against each recording's newest stamp. */
  readonly recorded: boolean;
  readonly resolvedRetentionMs: number;
  readonly now?: () => Date;
}

export interface PassReport {
  readonly rescanned: number;
  /** Of those, questions whose inputs and clock bounds say a scan would give the verdicts the last one gave. */
  readonly unchanged: number;
  readonly changes: number;
  readonly booksRequested: number;
  readonly durationMs: number;
  readonly stats: ArbitrageStats;
}

function venueState(v: ScannerVenue): VenueState {
  return { disabled: isDisabled(v), failing: isFailing(v), last_success_at: v.last_success_at };
}

/** The flags `venueHealth` gives a venue, from its state as the pass read it. */
function healthFlags(s: VenueState): string {
  return `${s.disabled ? 'd' : ''}${s.failing ? 'f' : ''}`;
}

function scanMember(link: ScannerQuestionMember, doc: WorkingMarket, venue: VenueState, book: OrderBook | null): ScanMember {
  const m = doc.market;
  return {
    market_id: m.id,
    platform_slug: m.platform_slug,
    platform_market_id: m.platform_market_id,
    title: m.title,
    url: m.url,
    status: m.status,
    end_time: m.end_time,
    relation: link.relation,
    confidence: link.confidence,
    match_method: link.match_method,
    play_money: m.play_money,
    currency: m.currency,
    fee: m.fee,
    volume24h: m.volume24h,
    liquidity: m.liquidity,
    outcomes: m.outcomes,
    quoted_at: m.quoted_at,
    fetched_at: doc.fetched_at,
    book,
    venue,
  };
}

interface Listed {
  readonly q: ScannerQuestion;
  /** Members whose market the scanner knows, with that market. */
  readonly members: ReadonlyArray<{ readonly link: ScannerQuestionMember; readonly doc: WorkingMarket }>;
  readonly inputs: ScanInputs;
}

/**
 * One scan pass over the given questions (all of them on a full pass): build each question's
 * members from the working set in memory, fetch order books where an opportunity is within reach,
 * score, move every opportunity through its lifecycle, publish every change to ARB, then write them
 * all to the scanner's store in one batch, then the scan's stats. Publishes before it writes its own
 * state, so a crash repeats an event rather than losing one.
 */
export async function runScanPass(deps: ScanPassDeps, pass: { ids: readonly string[]; full: boolean }): Promise<PassReport> {
  const clockNow = deps.now ?? (() => new Date());
  const started = performance.now();
  const now = clockNow().toISOString();
  const memory = deps.memory;
  const booksBefore = deps.books.requested;

  // The venues as they are at the start of the pass: what every verdict of the pass reads.
  const states = new Map<VenueSlug, VenueState>();
  for (const v of memory.venues()) states.set(v._id, venueState(v));
  const stateOf = (slug: VenueSlug): VenueState => {
    let s = states.get(slug);
    if (!s) states.set(slug, (s = venueState(memory.venue(slug))));
    return s;
  };
  const healthOf = (slug: VenueSlug): string => healthFlags(stateOf(slug));

  // Recorded mode moves a venue's reference clock with every book stamp: nothing is kept there (a small catalogue).
  const cache = deps.recorded ? null : memory.results;
  const nowMs = Date.parse(now);

  const successes = new Map<VenueSlug, number>();
  const lastSuccessMs = (slug: VenueSlug): number => {
    let ms = successes.get(slug);
    if (ms === undefined) successes.set(slug, (ms = Date.parse(stateOf(slug).last_success_at ?? '')));
    return ms;
  };

  const asked = new Set(pass.ids);
  const ids = new Set(pass.ids);
  if (pass.full && cache) {
    // Only what can have moved: questions without a kept result, and those whose kept result a clock
    // bound, a lapsed venue or a venue's health flip voided (resultCache.ts). Every other multi-venue
    // question is covered by its kept result.
    for (const id of cache.takeDue(nowMs, deps.staleAfterMs, lastSuccessMs, [...states.keys()], healthOf)) ids.add(id);
  } else if (pass.full) {
    for (const id of memory.multiVenueQuestionIds()) ids.add(id);
    for (const id of memory.opportunities.liveQuestionIds()) ids.add(id);
  }

  const outcomes = new Map<string, QuestionOutcome>();
  /** Per rescanned question: the cache entry its result allows (null: forget any), applied after the commit. */
  const entries = new Map<string, Entry | null>();
  /** Questions that no longer exist: their removal is scanned, then the cache forgets them. */
  const gone: string[] = [];
  const listed: Listed[] = [];
  let unchanged = 0;
  /** Looked-at questions on fewer than two venues (a full pass covers them besides the multi-venue ones). */
  let singleVenue = 0;
  for (const id of ids) {
    const q = memory.question(id);
    if (!q) {
      outcomes.set(id, { kind: 'removed', reason: 'the question no longer exists: its markets were relinked or left every venue' });
      gone.push(id);
      continue;
    }
    if (venueCount(q.members) < 2) {
      // A question on one venue with nothing published before costs nothing more. A full pass looks at
      // one only when it has a live opportunity (or was asked for): the rest wait until they change.
      if (!pass.full && !memory.opportunities.hasAny(id)) continue;
      if (pass.full && !asked.has(id) && !memory.opportunities.hasLive(id)) {
        cache?.settle(id);
        continue;
      }
      singleVenue += 1;
    }
    if (cache?.unchanged(id, q, (mid) => memory.market(mid), healthOf, nowMs, deps.staleAfterMs, lastSuccessMs)) {
      unchanged += 1;
      continue;
    }
    const markets = q.members.map((link) => memory.market(link.market_id));
    const inputs: ScanInputs = { question: q, markets, venueKey: venueHealthKey(q.members.map((m) => m.platform_slug), healthOf) };
    const members = [];
    for (let i = 0; i < q.members.length; i++) {
      const doc = markets[i];
      if (doc) members.push({ link: q.members[i]!, doc });
    }
    listed.push({ q, members, inputs });
  }

  // Books for linked markets whose listing quotes come within reach of an opportunity.
  const wanted: ScanMarketFields[] = [];
  // A book fetched (or not) now may come back otherwise after ARB_BOOK_TTL_SECONDS: such questions are never skipped.
  const withinBookReach = new Set<string>();
  for (const { q, members } of listed) {
    if (venueCount(members.map((m) => m.doc.market)) < 2) continue;
    const listing = members.map((m) => ({ platform_slug: m.doc.market.platform_slug, status: m.doc.market.status, end_time: m.doc.market.end_time, relation: m.link.relation, outcomes: m.doc.market.outcomes }));
    if (bestListingCross({ members: listing }, now) > -BOOK_PREFILTER_GAP) {
      for (const m of members) {
        if (m.doc.market.status !== 'open') continue;
        wanted.push(m.doc.market);
        if (deps.books.serves?.(m.doc.market.platform_slug) ?? true) withinBookReach.add(q._id);
      }
    }
  }
  const books = wanted.length > 0 ? await deps.books.booksFor(wanted) : new Map<string, OrderBook>();

  const inputs: ScanQuestion[] = [];
  const inputsOf = new Map<string, ScanInputs>();
  for (const { q, members: listedMembers, inputs: scanInputs } of listed) {
    const members = listedMembers.map((m) => scanMember(m.link, m.doc, stateOf(m.doc.market.platform_slug), books.get(m.doc.market.id) ?? null));
    // One venue has nothing to compare with: no scoring needed, and any earlier opportunity resolves.
    if (venueCount(members) < 2) {
      outcomes.set(q._id, { kind: 'scanned', result: { question_id: q._id, candidates: [], tradeable_market_ids: members.filter((m) => m.status === 'open').map((m) => m.market_id) } });
      entries.set(q._id, null);
      continue;
    }
    inputs.push({ id: q._id, title: q.title, slug: q.slug, category: q.category, end_time: q.end_time, members });
    inputsOf.set(q._id, scanInputs);
  }
  // Read after the books: their stamps may have moved a venue's recorded clock.
  const reference: Partial<Record<VenueSlug, string>> = {};
  if (deps.recorded) for (const v of memory.venues()) if (v.newest_stamp) reference[v._id] = v.newest_stamp;
  const clock: ScanClock = { now, reference, staleAfterMs: deps.staleAfterMs };

  const scored = await scoreInBatches(deps, inputs, clock);
  for (let i = 0; i < scored.length; i++) {
    const r = scored[i]!;
    outcomes.set(r.question_id, { kind: 'scanned', result: r });
    // Results come back in input order (scoreInBatches keeps it).
    const input = inputs[i];
    if (cache && input?.id === r.question_id && !withinBookReach.has(r.question_id)) entries.set(r.question_id, cache.entryFor(inputsOf.get(r.question_id)!, input.members, r, clock, (ahead) => sameVerdictsAhead(input, r, clock, ahead)));
    else entries.set(r.question_id, null);
  }

  const changes: OpportunityChange[] = [];
  for (const [questionId, outcome] of outcomes) changes.push(...advanceQuestion(memory.opportunities.ofQuestion(questionId), outcome, now));
  if (pass.full) changes.push(...expiredResolved(memory.opportunities.resolved(), now, deps.resolvedRetentionMs));
  await commitChanges(deps, changes);
  cache?.commit(entries, (id, kept) => {
    const q = memory.question(id);
    return q !== undefined && sameInputs(kept, q, (mid) => memory.market(mid), (slug) => venueHealth(memory.venue(slug)));
  });
  for (const id of gone) cache?.forget(id);

  const durationMs = performance.now() - started;
  const stats = scanStats(memory.opportunities.live(), { scannedQuestions: memory.multiVenueCount, durationMs, scannedAt: now });
  // A full pass covers every multi-venue question (rescored, or kept because nothing could move it) and the
  // one-venue questions it looked at; a partial pass, the questions it was given.
  const rescanned = pass.full && cache ? memory.multiVenueCount + singleVenue + gone.length : ids.size;
  if (pass.full && cache) unchanged = rescanned - listed.length - gone.length;
  const scan: ArbitrageScanEvent = { type: 'arbitrage_scan', stats, rescanned_questions: rescanned, full: pass.full };
  await deps.publish(subjects.arbitrageScanned(), scan, `scan:${now}`);
  const report = { rescanned, unchanged, changes: changes.length, booksRequested: deps.books.requested - booksBefore, durationMs, stats };
  deps.log.debug({ ...report, stats: undefined, live: stats.total_opportunities, actionable: stats.actionable_count }, 'scan pass');
  return report;
}

/**
 * Whether scoring the question `aheadMs` later, every quote aged by as much, would change nothing the
 * lifecycle publishes: the verdicts now, applied as the lifecycle would, meet the later ones with no change.
 */
function sameVerdictsAhead(question: ScanQuestion, now: QuestionScanResult, clock: ScanClock, aheadMs: number): boolean {
  const later = scanQuestion(question, { ...clock, now: new Date(Date.parse(clock.now) + aheadMs).toISOString(), staleAfterMs: clock.staleAfterMs + aheadMs });
  const state = advanceQuestion([], { kind: 'scanned', result: now }, clock.now).map((c) => c.opportunity);
  return advanceQuestion(state, { kind: 'scanned', result: later }, clock.now).length === 0;
}

function venueCount(members: ReadonlyArray<{ readonly platform_slug: VenueSlug }>): number {
  if (members.length < 2) return members.length;
  return new Set(members.map((m) => m.platform_slug)).size;
}

/** Publishes awaited together: in call order on one connection, without a round trip each. */
const PUBLISH_WINDOW = 1_000;

/**
 * Every change of the pass, published to ARB first (in order, acks awaited per window), then written to
 * the scanner's store in one batch, then applied to the working set. A failure anywhere leaves the
 * working set as it was: the next pass finds the same changes and publishes them again (the message ids
 * make the stream drop a repeat within its duplicate window; the projections are idempotent).
 */
async function commitChanges(deps: ScanPassDeps, changes: readonly OpportunityChange[]): Promise<void> {
  if (changes.length === 0) return;
  for (let i = 0; i < changes.length; i += PUBLISH_WINDOW) {
    await Promise.all(changes.slice(i, i + PUBLISH_WINDOW).map((change) => publishChange(deps, change)));
  }
  const c = deps.memory.collections;
  const kept = changes.filter((ch) => ch.change !== 'removed').map((ch): ScannerOpportunity => ({ ...ch.opportunity, _id: ch.opportunity.id }));
  const removed = changes.filter((ch) => ch.change === 'removed').map((ch) => ch.opportunity.id);
  if (kept.length > 0) await c.opportunities.putMany(kept);
  if (removed.length > 0) await c.opportunities.deleteMany({ _id: { $in: removed } });
  deps.memory.opportunities.apply(changes);
}

/** Worker tasks of QUESTIONS_PER_TASK questions, at most TASKS_IN_FLIGHT at once (the pool's queue is bounded). */
const TASKS_IN_FLIGHT = 4;
async function scoreInBatches(deps: ScanPassDeps, inputs: readonly ScanQuestion[], clock: ScanClock): Promise<QuestionScanResult[]> {
  const out: QuestionScanResult[] = [];
  for (let i = 0; i < inputs.length; i += QUESTIONS_PER_TASK * TASKS_IN_FLIGHT) {
    const wave: Promise<QuestionScanResult[]>[] = [];
    for (let j = i; j < Math.min(inputs.length, i + QUESTIONS_PER_TASK * TASKS_IN_FLIGHT); j += QUESTIONS_PER_TASK) {
      wave.push(deps.score(inputs.slice(j, j + QUESTIONS_PER_TASK), clock));
    }
    for (const r of await Promise.all(wave)) out.push(...r);
  }
  return out;
}

async function publishChange(deps: ScanPassDeps, change: OpportunityChange): Promise<void> {
  const event: ArbitrageOpportunityEvent = { type: 'arbitrage_opportunity', ...change };
  await deps.publish(subjects.arbitrageOpportunity(), event, `${change.opportunity.id}:${change.change}:${contentHash(change.opportunity)}`);
}

/** Resolved opportunities older than the retention leave the read model (a `removed` event). */
function expiredResolved(resolved: Iterable<ArbitrageOpportunity>, now: string, retentionMs: number): OpportunityChange[] {
  const cutoff = new Date(Date.parse(now) - retentionMs).toISOString();
  const out: OpportunityChange[] = [];
  for (const o of resolved) {
    if (o.resolved_at !== null && o.resolved_at < cutoff) out.push({ change: 'removed', opportunity: o, previous: summaryOf(o) });
  }
  return out;
}
