/**
 * Markets that share their words but are settled on another quantity: a total in regulation against one with
 * overtime, another storm basin, a year's average against a touch, the House impeaching against the Senate
 * removing, a conviction on every count against one on any. Hand-labelled (blind probe round 25); each pair was
 * linked as an identity before.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null) => ({ venue, title, outcome, end_date, category: 'other' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('a hockey total in regular time is not the total with overtime; two totals both with it agree', (t) => {
  const reg = m('azuro', 'Toronto Maple Leafs vs Montreal Canadiens — Total Goals (regular time)', 'Over (5.5)', '2027-01-10');
  t.is(relation(reg, m('polymarket', 'Toronto Maple Leafs vs Montreal Canadiens', 'Over 5.5', '2027-01-10')), 'different');
  t.is(relation(m('azuro', 'Toronto Maple Leafs vs Montreal Canadiens — Total Goals', 'Over (5.5)', '2027-01-10'), m('polymarket', 'Toronto Maple Leafs vs Montreal Canadiens', 'Over 5.5', '2027-01-10')), 'identity');
});

test('named storms of the Atlantic are not those of the eastern Pacific', (t) => {
  t.is(relation(m('kalshi', 'Number of named storms in the 2027 Atlantic hurricane season?', 'More than 17', '2027-11-30'), m('polymarket', 'How many named storms during 2027 Eastern Pacific Hurricane Season?', '18+', '2027-11-30')), 'different');
  t.is(relation(m('kalshi', 'Number of named storms in the 2027 Atlantic hurricane season?', 'More than 17', '2027-11-30'), m('polymarket', 'How many named storms during the 2027 Atlantic Hurricane Season?', '18+', '2027-11-30')), 'identity');
});

test("a year's average is not a level touched in the year; a day's average price is that day's reading", (t) => {
  t.is(relation(m('kalshi', 'Will Brent crude exceed $100 a barrel in 2027?'), m('polymarket', 'Will Brent crude average above $100 in 2027?')), 'different');
  t.is(relation(m('polymarket', 'Will gas prices average above $3.50 on June 30, 2027?'), m('kalshi', 'US gas prices on Jun 30, 2027?', 'Above $3.50', '2027-06-30')), 'identity');
});

test('the House impeaching is not the Senate removing; a conviction on every count asks more than a conviction', (t) => {
  t.is(relation(m('kalshi', 'Trump impeached in 2027?'), m('polymarket', 'Will Trump be removed from office through impeachment in 2027?')), 'different');
  t.is(relation(m('kalshi', 'Trump impeached in 2027?'), m('polymarket', 'Will the House impeach Trump in 2027?')), 'identity');
  t.is(relation(m('kalshi', 'John Bolton convicted by December 31, 2027?'), m('manifold', 'Will John Bolton be found guilty on all counts by the end of 2027?')), 'different');
  t.is(relation(m('kalshi', 'John Bolton convicted by December 31, 2027?'), m('manifold', 'Will John Bolton be found guilty by the end of 2027?')), 'identity');
});
