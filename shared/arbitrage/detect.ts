import { isPastEnd } from '../markets/endTimeRule.ts';
import { VENUES } from '../venues/registry.ts';
import { legFee, type LegOrder } from './legFees.ts';
import { listingSidePrice, sideQuote, type SideQuote } from './legQuotes.ts';
import { opportunityId } from './opportunityId.ts';
import { pairEconomics, walkBooks, type PairEconomics } from './money.ts';
import { actionableBlockers, guarantee, riskGateState, type PolicyLeg } from './policy.ts';
import { arbitrageScore } from './score.ts';
import { classify, servedScore } from './classify.ts';
import { isStale, quoteAgeMs } from './staleness.ts';
import type { ArbitrageLeg, ArbitrageType, OpportunityCandidate, PlatformInfo, QuestionScanResult, ScanClock, ScanMember, ScanQuestion } from './types.ts';

const DAY_MS = 86_400_000;
const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
const r2 = (x: number): number => Math.round(x * 100) / 100;

export { opportunityId } from './opportunityId.ts';

function platformOf(m: ScanMember): PlatformInfo {
  const v = VENUES[m.platform_slug];
  return { id: v.id, slug: v.slug, name: v.name };
}

/** A member the scan can trade: open by its venue and not past its own end at scan time. */
export function isTradeable(m: Pick<ScanMember, 'status' | 'end_time'>, now: string): boolean {
  return m.status === 'open' && !isPastEnd(m.end_time, now);
}

interface Choice {
  readonly type: ArbitrageType;
  readonly buy: SideQuote;
  readonly sell: SideQuote;
  readonly sellSide: 'buy' | 'sell';
  readonly economics: PairEconomics;
}

const order = (m: ScanMember, q: SideQuote, side: 'buy' | 'sell', price = q.price): LegOrder => ({
  venue: m.platform_slug,
  fee: m.fee,
  instrument: q.outcome_index,
  side,
  price,
});

/**
 * Buying the question's Yes on `a` and selling it on `b`, in the better of two forms (docs/arbitrage.md,
 * "Detection"): `direct` sells Yes at b's Yes bid; `dutch_book` buys b's instrument paying on No at its
 * ask. Where b's book mirrors (No ask = 1 - Yes bid) both are one trade, named after the instrument b
 * holds for the question's No: its No for an identity link (direct), its own Yes for a complement link
 * (dutch book). Null when neither form has a positive raw spread.
 */
function choose(a: ScanMember, b: ScanMember): Choice | null {
  const buy = sideQuote(a, 'yes', 'ask');
  if (!buy) return null;
  const bid = sideQuote(b, 'yes', 'bid');
  const direct: Choice | null = bid ? { type: 'direct', buy, sell: bid, sellSide: 'sell', economics: pairEconomics(order(a, buy, 'buy'), order(b, bid, 'sell')) } : null;
  const noAsk = sideQuote(b, 'no', 'ask');
  const dutch: Choice | null = noAsk ? { type: 'dutch_book', buy, sell: noAsk, sellSide: 'buy', economics: pairEconomics(order(a, buy, 'buy'), order(b, noAsk, 'buy')) } : null;
  const directViable = direct !== null && direct.economics.spread > 1e-9;
  const dutchViable = dutch !== null && dutch.economics.spread > 1e-9;
  if (!dutchViable) return directViable ? direct : null;
  if (!directViable) return dutch;
  const d = dutch.economics.net - direct.economics.net;
  // Mirrored books agree to rounding (prices travel with 6 decimals): closer than that is one trade.
  if (Math.abs(d) > 1e-6) return d > 0 ? dutch : direct;
  return b.relation === 'complement' ? dutch : direct;
}

/** Currency-value depth of one side of a book (shares x price), or the market's reported liquidity. */
function legDepth(m: ScanMember, q: SideQuote): number {
  if (q.source === 'order_book') return q.levels.reduce((acc, l) => acc + l.size * l.price, 0);
  return m.liquidity ?? 0;
}

function endsOf(a: ScanMember, b: ScanMember, question: ScanQuestion): { earliest: string | null; latest: string | null } {
  const ends = [a.end_time, b.end_time].filter((e): e is string => e !== null);
  const earliest = ends.length > 0 ? ends.reduce((x, y) => (Date.parse(x) <= Date.parse(y) ? x : y)) : question.end_time;
  // The capital comes back when the later market settles; unknown if either end is unknown.
  const latest = ends.length === 2 ? ends.reduce((x, y) => (Date.parse(x) >= Date.parse(y) ? x : y)) : null;
  return { earliest, latest };
}

/** The time the quote was last known current, as the staleness rule reads it (an absolute time, so it never ages in storage). */
function effectiveQuoteTime(m: ScanMember, q: SideQuote, clock: ScanClock): string {
  const age = quoteAgeMs(m, q.source === 'order_book', clock);
  const stamped = q.source === 'order_book' ? (m.book?.stamped ?? false) : m.quoted_at !== m.fetched_at;
  if (stamped || !Number.isFinite(age)) return q.quoted_at;
  return new Date(Date.parse(clock.now) - age).toISOString();
}

function legView(m: ScanMember, q: SideQuote, role: 'buy' | 'sell', side: 'buy' | 'sell', clock: ScanClock): ArbitrageLeg {
  const fee = legFee(order(m, q, side));
  return {
    role,
    platform: platformOf(m),
    market_id: m.market_id,
    platform_market_id: m.platform_market_id,
    market_title: m.title,
    url: m.url,
    outcome: q.outcome_label,
    outcome_index: q.outcome_index,
    side,
    price: r6(q.price),
    size: q.size,
    price_source: q.source,
    quoted_at: effectiveQuoteTime(m, q, clock),
    fee_per_share: fee === null ? null : r6(fee.trade + fee.settlement),
    relation: m.relation,
    link_confidence: m.confidence,
    end_time: m.end_time,
    currency: m.currency,
  };
}

function candidate(question: ScanQuestion, a: ScanMember, b: ScanMember, c: Choice, clock: ScanClock): OpportunityCandidate {
  const e = c.economics;
  const staleA = isStale(a, c.buy.source === 'order_book', clock);
  const staleB = isStale(b, c.sell.source === 'order_book', clock);
  const bothBooks = c.buy.source === 'order_book' && c.sell.source === 'order_book';
  const walk = bothBooks
    ? walkBooks(c.buy.levels, c.sell.levels, (buyPrice, sellPrice) => ({ buy: order(a, c.buy, 'buy', buyPrice), sell: order(b, c.sell, c.sellSide, sellPrice) }))
    : null;
  const liquidity = walk ? walk.capital : Math.min(legDepth(a, c.buy), legDepth(b, c.sell));
  const volume24h = Math.min(a.volume24h ?? 0, b.volume24h ?? 0);
  const { earliest, latest } = endsOf(a, b, question);
  const now = Date.parse(clock.now);
  const daysToExpiry = earliest ? Math.max(0, (Date.parse(earliest) - now) / DAY_MS) : null;
  const estimatedProfit = e.capital > 0 ? (100 * e.net) / e.capital : 0;
  const score = arbitrageScore({ spread: e.spread, netSpread: e.net, estimatedProfit, liquidity, volume24h, daysToExpiry });
  const policyLegs: PolicyLeg[] = [
    { venue: a.platform_slug, play_money: a.play_money, venue_state: a.venue, stale: staleA, price_source: c.buy.source, relation: a.relation, confidence: a.confidence, fee_known: a.fee.kind !== 'unknown' },
    { venue: b.platform_slug, play_money: b.play_money, venue_state: b.venue, stale: staleB, price_source: c.sell.source, relation: b.relation, confidence: b.confidence, fee_known: b.fee.kind !== 'unknown' },
  ];
  const gate = riskGateState(policyLegs);
  const blockers = actionableBlockers(policyLegs);
  const scoreServed = servedScore(score.score, blockers);
  const lockedDays = latest ? Math.max(1, (Date.parse(latest) - now) / DAY_MS) : null;
  return {
    id: opportunityId(question.id, a.market_id, b.market_id),
    canonical_question_id: question.id,
    question_title: question.title,
    question_slug: question.slug,
    category: question.category,
    type: c.type,
    buy_platform: platformOf(a),
    sell_platform: platformOf(b),
    buy_price: r6(e.buy_price),
    sell_price: r6(e.sell_price),
    spread: r6(e.spread),
    spread_bps: Math.round(e.spread * 10_000),
    net_spread: r6(e.net),
    estimated_profit: r4(estimatedProfit),
    arbitrage_score: scoreServed,
    classification: classify({ score: scoreServed, netSpread: e.net, liquidity }),
    liquidity: r2(liquidity),
    volume24h: r2(volume24h),
    risk_gate_state: gate,
    guarantee: guarantee(policyLegs, gate),
    fees: {
      buy_fee: r6(e.buy_fee / e.capital),
      sell_fee: r6(e.sell_fee / e.capital),
      total_fees: r6(e.fees_total / e.capital),
    },
    legs: [legView(a, c.buy, 'buy', 'buy', clock), legView(b, c.sell, 'sell', c.sellSide, clock)],
    max_size: walk ? r2(walk.size) : null,
    max_capital: walk ? r2(walk.capital) : null,
    annualized_return: lockedDays === null || e.capital <= 0 ? null : r4((e.net / e.capital) * (365 / lockedDays)),
    capital_locked_until: latest,
    capital_per_pair: r6(e.capital),
    fees_known: e.fees_known,
    actionable_blockers: blockers,
    score_factors: score.factors,
    stale: staleA || staleB,
  };
}

/**
 * Every opportunity in one question: each ordered pair of tradeable markets on different venues,
 * buying the question's Yes where it is cheap and selling it (or buying No) where it is dear. Pure:
 * the scoring worker runs it, the scanner keeps the lifecycle.
 */
export function scanQuestion(question: ScanQuestion, clock: ScanClock): QuestionScanResult {
  const members = question.members.filter((m) => isTradeable(m, clock.now));
  const candidates: OpportunityCandidate[] = [];
  for (const a of members) {
    for (const b of members) {
      if (a === b || a.platform_slug === b.platform_slug) continue;
      const c = choose(a, b);
      if (c) candidates.push(candidate(question, a, b, c, clock));
    }
  }
  return { question_id: question.id, candidates, tradeable_market_ids: members.map((m) => m.market_id) };
}

/** What the book prefilter reads of a member: its listing, never a book. */
export type ListingMember = Pick<ScanMember, 'platform_slug' | 'status' | 'end_time' | 'relation' | 'outcomes'>;

/**
 * The widest raw cross between any two tradeable markets of the question on listing quotes alone
 * (books not fetched yet): the scanner fetches books only for questions within reach of an opportunity.
 * Reads the members' listings in place (no quote objects): it runs on every rescored question.
 */
export function bestListingCross(question: { readonly members: readonly ListingMember[] }, now: string): number {
  const members = question.members;
  let best = Number.NEGATIVE_INFINITY;
  for (const a of members) {
    if (!isTradeable(a, now)) continue;
    const buy = listingSidePrice(a, 'yes', 'ask');
    if (Number.isNaN(buy)) continue;
    for (const b of members) {
      if (a === b || a.platform_slug === b.platform_slug || !isTradeable(b, now)) continue;
      const bid = listingSidePrice(b, 'yes', 'bid');
      const noAsk = listingSidePrice(b, 'no', 'ask');
      if (!Number.isNaN(bid)) best = Math.max(best, bid - buy);
      if (!Number.isNaN(noAsk)) best = Math.max(best, 1 - noAsk - buy);
    }
  }
  return best;
}
