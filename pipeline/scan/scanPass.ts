import type { Logger } from 'pino';
import { bestListingCross } from '../../shared/arbitrage/detect.ts';
import { advanceQuestion, type OpportunityChange, type QuestionOutcome } from '../../shared/arbitrage/lifecycle.ts';
import { scanStats, type ArbitrageStats } from '../../shared/arbitrage/stats.ts';
import type { ArbitrageOpportunityEvent, ArbitrageScanEvent } from '../../shared/arbitrage/schema.ts';
import type { ArbitrageOpportunity, OrderBook, QuestionScanResult, ScanClock, ScanMember, ScanQuestion } from '../../shared/arbitrage/types.ts';
import { contentHash } from '../../shared/contentHash.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { Publisher } from '../streams/publisher.ts';
import type { BookFetcher } from './books.ts';
import { emptyVenue, isDisabled, isFailing } from './memory.ts';
import type { ScannerCollections, ScannerMarket, ScannerOpportunity, ScannerQuestion, ScannerVenue } from './state.ts';

/** Questions scored per worker task: large enough to amortise the hop, small enough to spread over threads. */
export const QUESTIONS_PER_TASK = 64;
/**
 * Books are fetched only for questions whose listing quotes come within this much of crossing: a
 * 2-point gap on the listing rarely hides a positive spread in the book, and books cost requests.
 */
export const BOOK_PREFILTER_GAP = 0.02;

export interface ScanPassDeps {
  readonly collections: ScannerCollections;
  readonly books: BookFetcher;
  readonly score: (questions: readonly ScanQuestion[], clock: ScanClock) => Promise<QuestionScanResult[]>;
  readonly publish: Publisher;
  readonly log: Logger;
  readonly staleAfterMs: number;
  /** Recorded mode ages venue-stamped quotes against each recording's newest stamp. */
  readonly recorded: boolean;
  readonly resolvedRetentionMs: number;
  /** Questions listed on at least two venues (what a full pass scans; their count is scanned_questions). */
  readonly multiVenueQuestionIds: () => readonly string[];
  readonly now?: () => Date;
}

export interface PassReport {
  readonly rescanned: number;
  readonly changes: number;
  readonly booksRequested: number;
  readonly durationMs: number;
  readonly stats: ArbitrageStats;
}

function scanMember(q: ScannerQuestion, doc: ScannerMarket, venue: ScannerVenue, book: OrderBook | null): ScanMember {
  const link = q.members.find((m) => m.market_id === doc._id);
  const m = doc.market;
  return {
    market_id: m.id,
    platform_slug: m.platform_slug,
    platform_market_id: m.platform_market_id,
    title: m.title,
    url: m.url,
    status: m.status,
    end_time: m.end_time,
    relation: link?.relation ?? 'identity',
    confidence: link?.confidence ?? 0,
    match_method: link?.match_method ?? 'semantic',
    play_money: m.play_money,
    currency: m.currency,
    fee: m.fee,
    volume24h: m.volume24h,
    liquidity: m.liquidity,
    outcomes: m.outcomes,
    quoted_at: m.quoted_at,
    fetched_at: doc.fetched_at,
    book,
    venue: { disabled: isDisabled(venue), failing: isFailing(venue), last_success_at: venue.last_success_at },
  };
}

/**
 * One scan pass over the given questions (all of them on a full pass): build each question's
 * members from the scanner's state, fetch order books where an opportunity is within reach, score
 * in worker tasks, move every opportunity through its lifecycle, publish each change to ARB, then the
 * scan's stats. Publishes before it writes its own state, so a crash repeats an event rather than
 * losing one.
 */
export async function runScanPass(deps: ScanPassDeps, pass: { ids: readonly string[]; full: boolean }): Promise<PassReport> {
  const clockNow = deps.now ?? (() => new Date());
  const started = performance.now();
  const now = clockNow().toISOString();
  const c = deps.collections;
  const booksBefore = deps.books.requested;

  const ids = new Set(pass.ids);
  if (pass.full) {
    for (const id of deps.multiVenueQuestionIds()) ids.add(id);
    for (const o of await c.opportunities.find({ status: { $ne: 'resolved' } })) ids.add(o.canonical_question_id);
  }
  const venues = new Map<VenueSlug, ScannerVenue>((await c.venues.find({})).map((v) => [v._id, v]));
  const venueOf = (slug: VenueSlug) => venues.get(slug) ?? emptyVenue(slug);

  const outcomes = new Map<string, QuestionOutcome>();
  const inputs: ScanQuestion[] = [];
  const docsByQuestion = new Map<string, { q: ScannerQuestion; docs: ScannerMarket[] }>();
  // Read in chunks (one query per READ_CHUNK questions and one for their markets), not one query per question.
  const idList = [...ids];
  for (let i = 0; i < idList.length; i += READ_CHUNK) {
    const chunk = idList.slice(i, i + READ_CHUNK);
    const found = new Map((await c.questions.getMany(chunk)).map((q) => [q._id, q]));
    const kept: ScannerQuestion[] = [];
    for (const id of chunk) {
      const q = found.get(id);
      if (!q) {
        outcomes.set(id, { kind: 'removed', reason: 'the question no longer exists: its markets were relinked or left every venue' });
        continue;
      }
      // A question on one venue with nothing published before costs nothing more.
      if (new Set(q.members.map((m) => m.platform_slug)).size < 2 && !pass.full && (await c.opportunities.count({ canonical_question_id: id })) === 0) continue;
      kept.push(q);
    }
    const markets = new Map((await c.markets.getMany(kept.flatMap((q) => q.members.map((m) => m.market_id)))).map((d) => [d._id, d]));
    for (const q of kept) {
      const docs = q.members.map((m) => markets.get(m.market_id)).filter((d): d is ScannerMarket => d !== undefined);
      docsByQuestion.set(q._id, { q, docs });
    }
  }

  // Books for linked markets whose listing quotes come within reach of an opportunity.
  const wanted = [];
  for (const { q, docs } of docsByQuestion.values()) {
    const bare = { id: q._id, title: q.title, slug: q.slug, category: q.category, end_time: q.end_time, members: docs.map((d) => scanMember(q, d, venueOf(d.market.platform_slug), null)) };
    if (new Set(bare.members.map((m) => m.platform_slug)).size < 2) continue;
    if (bestListingCross(bare, now) > -BOOK_PREFILTER_GAP) wanted.push(...docs.filter((d) => d.market.status === 'open').map((d) => d.market));
  }
  const books = await deps.books.booksFor(wanted);
  // Book stamps may have moved a venue's recorded clock.
  if (deps.recorded && wanted.length > 0) for (const v of await c.venues.find({})) venues.set(v._id, v);

  for (const [id, { q, docs }] of docsByQuestion) {
    const members = docs.map((d) => scanMember(q, d, venueOf(d.market.platform_slug), books.get(d._id) ?? null));
    // One venue has nothing to compare with: no worker needed, and any earlier opportunity resolves.
    if (new Set(members.map((m) => m.platform_slug)).size < 2) {
      outcomes.set(id, { kind: 'scanned', result: { question_id: id, candidates: [], tradeable_market_ids: members.filter((m) => m.status === 'open').map((m) => m.market_id) } });
      continue;
    }
    inputs.push({ id, title: q.title, slug: q.slug, category: q.category, end_time: q.end_time, members });
  }
  const reference: Partial<Record<VenueSlug, string>> = {};
  if (deps.recorded) for (const v of venues.values()) if (v.newest_stamp) reference[v._id] = v.newest_stamp;
  const clock: ScanClock = { now, reference, staleAfterMs: deps.staleAfterMs };

  for (const r of await scoreInBatches(deps, inputs, clock)) outcomes.set(r.question_id, { kind: 'scanned', result: r });

  let changes = 0;
  const previousOf = await opportunitiesByQuestion(c, [...outcomes.keys()]);
  for (const [questionId, outcome] of outcomes) {
    const previous = (previousOf.get(questionId) ?? []).map(({ _id: _ignored, ...o }) => o as ArbitrageOpportunity);
    for (const change of advanceQuestion(previous, outcome, now)) {
      await publishChange(deps, change);
      await c.opportunities.put({ ...change.opportunity, _id: change.opportunity.id });
      changes += 1;
    }
  }

  if (pass.full) changes += await expireResolved(deps, now);

  const live = await c.opportunities.find({ status: { $ne: 'resolved' } });
  const durationMs = performance.now() - started;
  const stats = scanStats(live, { scannedQuestions: deps.multiVenueQuestionIds().length, durationMs, scannedAt: now });
  const scan: ArbitrageScanEvent = { type: 'arbitrage_scan', stats, rescanned_questions: ids.size, full: pass.full };
  await deps.publish(subjects.arbitrageScanned(), scan, `scan:${now}`);
  const report = { rescanned: ids.size, changes, booksRequested: deps.books.requested - booksBefore, durationMs, stats };
  deps.log.debug({ ...report, stats: undefined, live: stats.total_opportunities, actionable: stats.actionable_count }, 'scan pass');
  return report;
}

/** Questions (and their markets, and their opportunities) read per store query. */
const READ_CHUNK = 500;

/** The stored opportunities of each question, READ_CHUNK questions per query, in the store's order. */
async function opportunitiesByQuestion(c: ScannerCollections, questionIds: readonly string[]): Promise<Map<string, ScannerOpportunity[]>> {
  const out = new Map<string, ScannerOpportunity[]>();
  for (let i = 0; i < questionIds.length; i += READ_CHUNK) {
    for (const o of await c.opportunities.find({ canonical_question_id: { $in: questionIds.slice(i, i + READ_CHUNK) } })) {
      const list = out.get(o.canonical_question_id);
      if (list) list.push(o);
      else out.set(o.canonical_question_id, [o]);
    }
  }
  return out;
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
async function expireResolved(deps: ScanPassDeps, now: string): Promise<number> {
  const cutoff = new Date(Date.parse(now) - deps.resolvedRetentionMs).toISOString();
  const old = await deps.collections.opportunities.find({ status: 'resolved', resolved_at: { $lt: cutoff } });
  for (const o of old) {
    const { _id: _ignored, ...opportunity } = o;
    await publishChange(deps, { change: 'removed', opportunity, previous: { arbitrage_score: o.arbitrage_score, classification: o.classification, category: o.category, status: o.status, guarantee: o.guarantee, risk_gate_state: o.risk_gate_state } });
    await deps.collections.opportunities.delete(o._id);
  }
  return old.length;
}
