import test from 'ava';
import { v5 as uuidv5 } from 'uuid';
import { advanceQuestion, sameMaterial } from '../../shared/arbitrage/lifecycle.ts';
import { bestListingCross, opportunityId, scanQuestion } from '../../shared/arbitrage/detect.ts';
import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import { CLOCK, FEES, member, question } from './members.ts';

/**
 * The cold pass's cheaper parts give what the slower ones gave: the opportunity id is the v5 UUID the
 * uuid library computes for the same name in Concord's namespace (ids users saw stay the same), and the
 * lifecycle's field comparison agrees with comparing the JSON of the material fields.
 */

const NAMESPACE = '6f1d3c2e-8a57-4b8e-9a4c-0c5b7d1e2f30';

test('opportunity ids are the uuid library\'s v5 of arbitrage:<question>:<buy>:<sell>, non-ASCII names included', (t) => {
  const names: Array<[string, string, string]> = [
    ['4d7c5a7e-2b0a-5b8e-9b51-7a1f1f0f0b11', 'a1', 'b2'],
    ['q', 'm', 'n'],
    ['élection-2028', 'marché', '選挙'],
    ['', '', ''],
  ];
  for (const [q, b, s] of names) t.is(opportunityId(q, b, s), uuidv5(`arbitrage:${q}:${b}:${s}`, NAMESPACE));
  // A value computed once by the uuid library and written here, so a change of namespace or name format fails too.
  t.is(opportunityId('q', 'm', 'n'), '76ecfbf5-2c73-5ef5-97d4-b43375226a3f');
  t.regex(opportunityId('q', 'm', 'n'), /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

/** The comparison the lifecycle made before: the material fields' JSON, side by side. */
function materialJson(o: Omit<ArbitrageOpportunity, 'status'>, status: string): string {
  return JSON.stringify([
    status, o.type, o.buy_price, o.sell_price, o.spread, o.net_spread, o.estimated_profit, o.arbitrage_score, o.classification,
    o.liquidity, o.volume24h, o.risk_gate_state, o.guarantee, o.fees, o.max_size, o.max_capital, o.actionable_blockers,
    o.question_title, o.category,
    o.legs.map((l) => [l.market_id, l.outcome_index, l.side, l.price, l.size, l.price_source, l.fee_per_share, l.link_confidence]),
  ]);
}

test('the material comparison agrees with the JSON of the material fields, field by field, and ignores the times and the annualised return', (t) => {
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } });
  const lim = member({ venue: 'limitless', yes: { bid: 0.45, ask: 0.47 }, fee: FEES.limitlessFree });
  const base = advanceQuestion([], { kind: 'scanned', result: scanQuestion(question([poly, lim]), CLOCK) }, CLOCK.now)[0]!.opportunity;
  const leg0 = base.legs[0];
  const variants: Array<[string, ArbitrageOpportunity]> = [
    ['same', { ...base }],
    ['times', { ...base, updated_at: '2030-01-01T00:00:00.000Z', detected_at: '2030-01-01T00:00:00.000Z' }],
    ['annualised', { ...base, annualized_return: 9 }],
    ['status', { ...base, status: 'stale' }],
    ['price', { ...base, buy_price: 0.41 }],
    ['score', { ...base, arbitrage_score: base.arbitrage_score - 1 }],
    ['fees', { ...base, fees: { ...base.fees, sell_fee: 0.01 } }],
    ['blocker added', { ...base, actionable_blockers: ['stale_quote:limitless'] }],
    ['max size null vs NaN (both JSON null)', { ...base, max_size: Number.NaN }],
    ['leg size', { ...base, legs: [{ ...leg0, size: 5 }, base.legs[1]] }],
    ['leg confidence', { ...base, legs: [{ ...leg0, link_confidence: 0.5 }, base.legs[1]] }],
    ['leg quoted_at (not material)', { ...base, legs: [{ ...leg0, quoted_at: '2030-01-01T00:00:00.000Z' }, base.legs[1]] }],
    ['title', { ...base, question_title: 'another' }],
  ];
  for (const [name, v] of variants) {
    t.is(sameMaterial(v, v.status, base, base.status), materialJson(v, v.status) === materialJson(base, base.status), name);
  }
  const later: ArbitrageOpportunity = { ...base, updated_at: '2030-01-01T00:00:00.000Z' };
  t.true(sameMaterial(later, 'active', base, 'active'));
  t.false(sameMaterial({ ...base, buy_price: 0.41 }, 'active', base, 'active'));
});

test('the book prefilter reads listing quotes in place: the widest Yes cross over tradeable pairs on different venues', (t) => {
  // Buy Yes at 0.40 on Polymarket; Limitless bids 0.45 (cross +0.05); a closed Predict.fun market bids 0.60 (not tradeable).
  const poly = member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } });
  const lim = member({ venue: 'limitless', yes: { bid: 0.45, ask: 0.47 } });
  const pfClosed = member({ venue: 'predictfun', yes: { bid: 0.6, ask: 0.62 }, status: 'closed' });
  t.is(Math.round(bestListingCross(question([poly, lim, pfClosed]), CLOCK.now) * 1e6) / 1e6, 0.05);
  // A complement link: its own Yes is the question's No. Its Yes ask 0.50 is the question's No ask: 1 - 0.50 - 0.40 = 0.10.
  const comp = member({ venue: 'manifold', yes: { bid: 0.48, ask: 0.5 }, relation: 'complement' });
  t.is(Math.round(bestListingCross(question([poly, comp]), CLOCK.now) * 1e6) / 1e6, 0.1);
  // An AMM quoting only a probability of 0.30 for Yes: buying there at 0.30, selling on Limitless at 0.45.
  const amm = member({ venue: 'manifold', yes: { bid: null, ask: null, price: 0.3 }, no: { bid: null, ask: null, price: 0.7 } });
  t.is(Math.round(bestListingCross(question([amm, lim]), CLOCK.now) * 1e6) / 1e6, 0.15);
  // One side quoted, the other not: no price at all on the unquoted side (no probability fallback).
  const oneSided = member({ venue: 'azuro', yes: { bid: null, ask: 0.7 }, no: { bid: null, ask: 0.35 } });
  t.is(bestListingCross(question([oneSided, oneSided]), CLOCK.now), Number.NEGATIVE_INFINITY, 'same venue: no pair');
  t.is(Math.round(bestListingCross(question([lim, oneSided]), CLOCK.now) * 1e6) / 1e6, Math.round((1 - 0.35 - 0.47) * 1e6) / 1e6);
});
