import test from 'ava';
import { advanceQuestion, type OpportunityChange } from '../../shared/arbitrage/lifecycle.ts';
import { scanQuestion } from '../../shared/arbitrage/detect.ts';
import { scanStats } from '../../shared/arbitrage/stats.ts';
import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import { CLOCK, FEES, member, question } from './members.ts';

/** Applies changes the way the read model does: the latest version of each id. */
function apply(state: Map<string, ArbitrageOpportunity>, changes: readonly OpportunityChange[]): void {
  for (const c of changes) state.set(c.opportunity.id, c.opportunity);
}

const T1 = '2026-06-01T12:00:00.000Z';
const T2 = '2026-06-01T12:00:30.000Z';
const T3 = '2026-06-01T12:01:00.000Z';
const at = (now: string) => ({ ...CLOCK, now });

test('lifecycle across three scans: created active, updated under the same id and detected_at, then resolved when the spread is gone', (t) => {
  const poly = (ask: number) => member({ venue: 'polymarket', yes: { bid: ask - 0.02, ask } });
  const lim = member({ venue: 'limitless', yes: { bid: 0.45, ask: 0.47 }, fee: FEES.limitlessFree });
  const state = new Map<string, ArbitrageOpportunity>();

  // Scan 1: buy at 0.40, sell at 0.45.
  const s1 = advanceQuestion([], { kind: 'scanned', result: scanQuestion(question([poly(0.4), lim]), at(T1)) }, T1);
  t.deepEqual(s1.map((c) => c.change), ['created']);
  apply(state, s1);
  const id = s1[0]!.opportunity.id;
  t.is(s1[0]!.opportunity.status, 'active');
  t.is(s1[0]!.opportunity.detected_at, T1);
  t.is(s1[0]!.previous, null);

  // Scan 1 again (nothing moved): no event at all.
  t.deepEqual(advanceQuestion([...state.values()], { kind: 'scanned', result: scanQuestion(question([poly(0.4), lim]), at(T2)) }, T2), []);

  // Scan 2: the ask rises to 0.42; the spread narrows from 0.05 to 0.03.
  const s2 = advanceQuestion([...state.values()], { kind: 'scanned', result: scanQuestion(question([poly(0.42), lim]), at(T2)) }, T2);
  t.deepEqual(s2.map((c) => [c.change, c.opportunity.id, c.opportunity.detected_at, c.opportunity.spread]), [['updated', id, T1, 0.03]]);
  t.is(s2[0]!.opportunity.updated_at, T2);
  t.is(s2[0]!.previous?.status, 'active');
  apply(state, s2);

  // Scan 3: the ask reaches 0.46, above the 0.45 bid: resolved, with the reason.
  const s3 = advanceQuestion([...state.values()], { kind: 'scanned', result: scanQuestion(question([poly(0.46), lim]), at(T3)) }, T3);
  t.deepEqual(s3.map((c) => [c.change, c.opportunity.id, c.opportunity.status, c.opportunity.detected_at, c.opportunity.resolved_at]), [
    ['resolved', id, 'resolved', T1, T3],
  ]);
  t.regex(s3[0]!.opportunity.resolution_reason ?? '', /spread is gone/);
  apply(state, s3);

  // Resolved stays resolved without news; found again, it is a new detection under the same id.
  t.deepEqual(advanceQuestion([...state.values()], { kind: 'scanned', result: scanQuestion(question([poly(0.46), lim]), at(T3)) }, T3), []);
  const again = advanceQuestion([...state.values()], { kind: 'scanned', result: scanQuestion(question([poly(0.4), lim]), at(T3)) }, T3);
  t.deepEqual(again.map((c) => [c.change, c.opportunity.id, c.opportunity.detected_at]), [['created', id, T3]]);
});

test('a stale leg moves an opportunity to stale and back to active; a closed market resolves it naming the market', (t) => {
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } });
  const lim = (failing: boolean, status = 'open') => member({ venue: 'limitless', yes: { bid: 0.45, ask: 0.47 }, fee: FEES.limitlessFree, failing, status });
  const state = new Map<string, ArbitrageOpportunity>();
  apply(state, advanceQuestion([], { kind: 'scanned', result: scanQuestion(question([poly, lim(false)]), at(T1)) }, T1));
  const stale = advanceQuestion([...state.values()], { kind: 'scanned', result: scanQuestion(question([poly, lim(true)]), at(T2)) }, T2);
  t.deepEqual(stale.map((c) => [c.change, c.opportunity.status, c.opportunity.detected_at]), [['updated', 'stale', T1]]);
  apply(state, stale);
  const back = advanceQuestion([...state.values()], { kind: 'scanned', result: scanQuestion(question([poly, lim(false)]), at(T3)) }, T3);
  t.deepEqual(back.map((c) => c.opportunity.status), ['active']);
  apply(state, back);
  const closed = advanceQuestion([...state.values()], { kind: 'scanned', result: scanQuestion(question([poly, lim(false, 'closed')]), at(T3)) }, T3);
  t.is(closed[0]?.change, 'resolved');
  t.regex(closed[0]?.opportunity.resolution_reason ?? '', /limitless market limitless-market closed/);
});

test('a question that lost its link resolves every open opportunity with that reason', (t) => {
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } });
  const lim = member({ venue: 'limitless', yes: { bid: 0.45, ask: 0.47 }, fee: FEES.limitlessFree });
  const first = advanceQuestion([], { kind: 'scanned', result: scanQuestion(question([poly, lim]), at(T1)) }, T1).map((c) => c.opportunity);
  const gone = advanceQuestion(first, { kind: 'removed', reason: 'the question lost its last cross-venue link' }, T2);
  t.deepEqual(gone.map((c) => [c.change, c.opportunity.resolution_reason]), [['resolved', 'the question lost its last cross-venue link']]);
});

test('stats over a scan count live opportunities, average their raw spreads, keep the best profit and key pairs slugA<->slugB', (t) => {
  // Three venues: Polymarket Yes ask 0.40, Limitless bid 0.45 (fee-free), Predict.fun bid 0.43 / ask 0.44.
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } });
  const lim = member({ venue: 'limitless', yes: { bid: 0.45, ask: 0.47 }, fee: FEES.limitlessFree });
  const pf = member({ venue: 'predictfun', yes: { bid: 0.43, ask: 0.44 }, fee: FEES.predictfun });
  const result = scanQuestion(question([poly, lim, pf]), at(T1));
  const opps = advanceQuestion([], { kind: 'scanned', result }, T1).map((c) => c.opportunity);
  // Opportunities: poly->limitless spread 0.05 (profit 5 / 0.95 = 5.2632), poly->predictfun 0.03, predictfun->limitless 0.01.
  t.deepEqual(opps.map((o) => `${o.buy_platform.slug}->${o.sell_platform.slug}`).sort(), ['polymarket->limitless', 'polymarket->predictfun', 'predictfun->limitless']);
  const resolvedOne = { ...opps[2]!, id: 'resolved-one', status: 'resolved' as const, spread: 0.9, estimated_profit: 90 };
  const stats = scanStats([...opps, resolvedOne], { scannedQuestions: 1, durationMs: 12.4, scannedAt: T1 });
  t.is(stats.total_opportunities, 3, 'the resolved one is history, not part of the scan');
  t.is(stats.avg_spread, 0.03, '(0.05 + 0.03 + 0.01) / 3');
  t.is(stats.max_profit, 5.2632);
  t.deepEqual(stats.platform_pairs, { 'limitless<->polymarket': 1, 'polymarket<->predictfun': 1, 'limitless<->predictfun': 1 });
  // poly->limitless: net 0.05, profit 5.2632: execution 1, market 1, temporal 1 -> score 100, actionable.
  // poly->predictfun: sell fee 0.02 x 0.43 = 0.0086, net 0.0214, capital 0.9786, profit 2.1868;
  //   execution 0.4 x 0.428 + 0.4 x 0.43736 + 0.2 x 0.71333 = 0.48881 -> score 100 x (0.2444 + 0.3 + 0.2) = 74, actionable.
  // predictfun->limitless: buy fee 0.02 x 0.44 = 0.0088, net 0.0012, capital 0.9988, profit 0.1201;
  //   execution 0.4 x 0.024 + 0.4 x 0.02403 + 0.2 x 0.12 = 0.04321 -> score 100 x (0.0216 + 0.5) = 52, informational.
  t.deepEqual(opps.map((o) => [`${o.buy_platform.slug}->${o.sell_platform.slug}`, o.arbitrage_score, o.classification]).sort(), [
    ['polymarket->limitless', 100, 'actionable'],
    ['polymarket->predictfun', 74, 'actionable'],
    ['predictfun->limitless', 52, 'informational'],
  ]);
  t.is(stats.actionable_count, 2);
  t.is(stats.informational_count, 1);
  t.is(stats.scanned_questions, 1);
  t.is(stats.duration_ms, 12);
  t.is(stats.scanned_at, T1);
});
