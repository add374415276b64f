/**
 * Words that frame a question without changing what it pays on ("the Fed funds rate", "What will the Fed decide",
 * "the jobs report show", "win the fight", "lift the FA Cup", "for all of 2026", "Monaco GP", "(incl. OT & SO)",
 * "[Metaculus mirror]"), and the differences they must not hide (acquitted against convicted, the lower bound, a
 * game against its competition, negative against positive). Hand-labelled from blind probe rounds 19-26.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'economics') => ({ venue, title, outcome, end_date, category });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('frame words on one side only leave the question as it is', (t) => {
  t.is(relation(m('kalshi', 'Fed funds rate after the Dec 2027 meeting?', 'Above 3.00%'), m('polymarket', 'Fed upper bound above 3.00% after December 2027 meeting?')), 'identity');
  t.is(relation(m('kalshi', 'Fed funds rate after the Dec 2026 meeting?', 'Above 3.50%'), m('polymarket', "Will the Fed's target range upper bound be 3.50% or lower after the December 9, 2026 FOMC meeting?")), 'complement');
  t.is(relation(m('kalshi', 'KXFEDDECISION-28JAN-C25', 'Cut 25bps'), m('polymarket', 'What will the Fed decide at its January 2028 meeting?', 'Cut 25 bps')), 'identity');
  t.is(relation(m('kalshi', 'Jobs numbers in Dec 2026?', 'Above 100,000'), m('polymarket', 'Will the December 2026 jobs report show more than 100k jobs added?')), 'identity');
  t.is(relation(m('polymarket', 'Will Bitcoin reach $150,000 by December 31, 2026?'), m('manifold', 'Will Bitcoin stay below $150,000 for all of 2026?')), 'complement');
  t.is(relation(m('polymarket', 'Will Liverpool lift the FA Cup in 2027?', 'Yes', null, 'sports'), m('kalshi', 'Will Liverpool win the 2026-27 FA Cup?', 'Yes', null, 'sports')), 'identity');
  t.is(relation(m('polymarket', 'Will Lando Norris win the Monaco GP 2027?', 'Yes', null, 'sports'), m('kalshi', 'Will Lando Norris win the 2027 Monaco Grand Prix?', 'Lando Norris', null, 'sports')), 'identity');
  t.is(relation(m('azuro', 'New York Rangers vs Boston Bruins · Winner (incl. OT & SO)', 'Boston Bruins', '2027-01-20', 'sports'), m('kalshi', 'Boston at NY Rangers Winner?', 'NY Rangers', '2027-01-20', 'sports')), 'complement');
  t.is(relation(m('manifold', '[Metaculus mirror] Will Keir Starmer cease to be UK Prime Minister before 2028?', 'Yes', null, 'politics'), m('polymarket', 'Keir Starmer out as Prime Minister by December 31, 2027?', 'Yes', null, 'politics')), 'identity');
});

test('what the frame words must not hide', (t) => {
  t.is(relation(m('kalshi', 'Will Diddy be convicted on any count?', 'Yes', null, 'politics'), m('polymarket', 'Will Diddy be acquitted on all counts?', 'Yes', null, 'politics')), 'different');
  t.is(relation(m('kalshi', 'Fed rate after Jul 2027 meeting?', 'Above 3.00%'), m('polymarket', 'Will the lower bound of the fed funds target be above 3.00% after the July 2027 FOMC?')), 'different');
  t.is(relation(m('azuro', 'Real Madrid vs Arsenal - 1X2', 'Real Madrid', '2027-05-29', 'sports'), m('polymarket', 'Will Real Madrid lift the 2027 Champions League trophy?', 'Yes', '2027-05-29', 'sports')), 'different');
  t.is(relation(m('kalshi', 'Will CR Flamengo win on 2026-12-06?', 'Yes', '2026-12-06', 'sports'), m('polymarket', 'Will Flamengo win the 2026 Brasileirão?', 'Yes', '2026-12-06', 'sports')), 'different');
  t.is(relation(m('kalshi', 'Negative GDP growth in Q1 2027 (advance estimate)?'), m('polymarket', 'Will the advance estimate show positive Q1 2027 GDP growth?')), 'different');
});
