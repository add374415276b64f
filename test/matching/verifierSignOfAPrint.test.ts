/**
 * "Negative GDP growth", "a negative jobs report", "zero or negative job growth": the sign of a print is a level at
 * zero. A print of exactly 0.0% is neither negative nor positive, so "negative" is negated by "0.0% or higher",
 * not by "above 0.0%". Hand-labelled from blind probe rounds 20-26.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes') => ({ venue, title, outcome, end_date: null, category: 'economics' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('a negative print is a print below zero', (t) => {
  t.is(relation(m('polymarket', 'Negative GDP growth in Q1 2027?'), m('kalshi', 'Will Q1 2027 real GDP growth be below 0.0%?')), 'identity');
  t.is(relation(m('polymarket', 'Negative jobs report in June 2027?'), m('kalshi', 'Will June 2027 nonfarm payrolls be below 0?')), 'identity');
});

test('zero or higher is the exact negation of negative; above zero is not (a 0.0% print is neither)', (t) => {
  t.is(relation(m('polymarket', 'Negative GDP growth in Q4 2026?'), m('kalshi', "Q4 '26 GDP growth 0.0% or higher?")), 'complement');
  t.is(relation(m('polymarket', 'Negative GDP growth in Q1 2027?'), m('kalshi', 'GDP growth in Q1 2027?', 'Above 0.0%')), 'different');
  t.is(relation(m('polymarket', 'Negative jobs report in February 2027?'), m('kalshi', 'February 2027 nonfarm payrolls at or above 0?')), 'complement');
});
