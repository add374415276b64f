/**
 * Fed rate levels after a meeting (Kalshi KXFED "above 3.50% following the Fed's Jun 17, 2026 meeting",
 * Polymarket's end-of-meeting level questions). The upper bound moves in 25 bp steps and is published once
 * after each meeting, so "above 3.50%" and "3.50% or lower" after the same meeting split every outcome
 * between them, while "above 3.50%" and "below 3.50%" both lose when the rate stays at 3.50%. Labels are
 * hand-derived from those two facts, not from the verifier.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = '2026-06-17', ticker: string | null = null) =>
  ({ venue, title, outcome, end_date, category: 'economics', ticker });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;
const kalshiAbove350 = m('kalshi', "Will the upper bound of the federal funds rate be above 3.50% following the Fed's Jun 17, 2026 meeting?", 'Yes', '2026-06-17', 'KXFED-26JUN-T3.50');

test('"above X" and "X or lower" after the same meeting are complements; a No on the second makes an identity', (t) => {
  const atOrBelow = 'Will the upper bound of the federal funds rate be 3.50% or lower after the June 2026 meeting?';
  t.is(relation(kalshiAbove350, m('polymarket', atOrBelow)), 'complement');
  t.is(relation(kalshiAbove350, m('polymarket', atOrBelow, 'No')), 'identity');
  t.is(relation(kalshiAbove350, m('polymarket', 'Will the upper bound of the federal funds rate be 3.75% or higher after the June 2026 meeting?')), 'identity');
});

test('"above X" and "below X" of a stepped rate are not complements, and neither are other levels, meetings or bounds', (t) => {
  t.is(relation(kalshiAbove350, m('polymarket', 'Will the upper bound of the federal funds rate be below 3.50% after the June 2026 meeting?')), 'different');
  t.is(relation(kalshiAbove350, m('polymarket', 'Will the upper bound of the federal funds rate be 3.25% or lower after the June 2026 meeting?')), 'different');
  t.is(relation(kalshiAbove350, m('polymarket', 'Will the upper bound of the federal funds rate be 3.50% or lower after the July 2026 meeting?', 'Yes', '2026-07-29')), 'different');
  t.is(relation(kalshiAbove350, m('polymarket', 'Will the Fed’s lower bound reach 3.50% or lower before 2027?', 'Yes', '2026-12-31')), 'different');
});

test('a quarter point, a half point and 0.25 percentage point are the 25 and 50 bps a rate bucket names', (t) => {
  const f = (venue: string, title: string, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date: '2027-04-28', category: 'economics' });
  t.is(verifyPair(f('kalshi', 'Will the Federal Reserve Cut rates by >25bps at their April 2027 meeting?', 'Cut >25bps'), f('polymarket', 'Will the Fed cut by more than a quarter point at the April 2027 FOMC?')).relation, 'identity');
  t.is(verifyPair(f('kalshi', 'Will the Fed decrease interest rates by 25 bps after the April 2027 meeting?', '25 bps decrease'), f('manifold', 'April 2027 FOMC: 0.25 percentage point rate cut?')).relation, 'identity');
  t.is(verifyPair(f('kalshi', 'Will the Fed decrease interest rates by 50 bps after the April 2027 meeting?', '50 bps decrease'), f('manifold', 'April 2027 FOMC: a quarter-point rate cut?')).relation, 'different');
});
