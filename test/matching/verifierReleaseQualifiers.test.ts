/**
 * How venues qualify a release and an approval average: "advance estimate", "annualized", "NFP" / "jobs numbers"
 * settle on the same first print, said or not; real GDP is what an unqualified GDP market means, nominal is not;
 * a tracker's approval average prints to one decimal (so "above 42.0%" is "42.1% or higher", not "42% or higher"),
 * and "RCP" is RealClearPolitics. Also verbs venues use for one act: declare a run / announce it, abolish / eliminate,
 * cease to be / be out. Hand-labelled from blind probe rounds 20-28.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'economics') => ({ venue, title, outcome, end_date, category });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('a release market says or leaves out that it settles on the advance estimate: one market', (t) => {
  const kalshi = m('kalshi', 'GDP growth in Q4 2026?', 'Above 2.0%', '2027-01-28');
  t.is(relation(kalshi, m('polymarket', 'US GDP growth in Q4 2026 above 2.0%? (advance estimate)', 'Yes', '2027-01-28')), 'identity');
  t.is(relation(kalshi, m('manifold', 'Q4 2026 GDP advance estimate: 2.0% or lower?', 'Yes', '2027-01-28')), 'complement');
  t.is(relation(m('kalshi', 'Jobs numbers in Apr 2027?', 'Above 150,000', '2027-05-07'), m('polymarket', 'April 2027 NFP > 150k?', 'Yes', '2027-05-07')), 'identity');
  // Nominal growth is another figure than the real growth an unqualified GDP market means.
  t.is(relation(kalshi, m('polymarket', 'Will nominal GDP grow more than 2.0% annualized in Q4 2026 (advance estimate)?', 'Yes', '2027-01-28')), 'different');
  t.is(relation(m('polymarket', 'Will Q4 2026 real GDP growth (annualized) exceed 2.0%?'), m('manifold', 'Will US nominal GDP growth exceed 2.0% in Q4 2026?')), 'different');
  // A release qualifier said outside a release is still a word of its own.
  t.is(relation(m('polymarket', 'Will Arsenal advance in the Champions League in 2027?'), m('kalshi', 'Will Arsenal win the Champions League in 2027?')), 'different');
});

test('an approval average prints to one decimal: "above 42.0%" is "42.1% or higher" and not "42% or higher"; RCP is RealClearPolitics', (t) => {
  const rcp = m('kalshi', 'Trump approval rating on Dec 31, 2026 (RealClearPolitics)?', 'Above 42.0%', '2026-12-31', 'politics');
  t.is(relation(rcp, m('polymarket', 'Trump approval above 42% on December 31? (RCP)', 'Yes', '2026-12-31', 'politics')), 'identity');
  t.is(relation(rcp, m('polymarket', 'Trump approval 42.1% or higher on December 31, 2026 (RCP)?', 'Yes', '2026-12-31', 'politics')), 'identity');
  t.is(relation(rcp, m('polymarket', 'Trump approval 42.0% or higher on December 31, 2026 (RCP)?', 'Yes', '2026-12-31', 'politics')), 'different');
  t.is(relation(rcp, m('manifold', "Will Trump's RealClearPolitics approval average be 42.0% or lower on December 31, 2026?", 'Yes', '2026-12-31', 'politics')), 'complement');
  // An O/U line on the average is read in the same percent.
  const azuro = (o: string) => m('azuro', 'Trump Approval Rating (Silver Bulletin) 2027-06-30 - Total', o, '2027-06-30', 'politics');
  t.is(relation(azuro('Over (40.5)'), m('kalshi', 'Trump approval rating on Jun 30, 2027 (Silver Bulletin)?', 'Above 40.5%', '2027-06-30', 'politics')), 'identity');
  t.is(relation(azuro('Under (40.5)'), m('manifold', 'Trump approval 40.5% or lower on June 30, 2027 (Silver Bulletin)?', 'Yes', '2027-06-30', 'politics')), 'different');
});

test('venues name one act with other verbs: declare a run, eliminate the filibuster, cease to be president', (t) => {
  t.is(relation(m('kalshi', 'Will JD Vance announce a 2028 presidential campaign before Jan 1, 2028?', 'Yes', '2027-12-31', 'politics'), m('polymarket', 'JD Vance officially declares 2028 presidential run by December 31, 2027?', 'Yes', '2027-12-31', 'politics')), 'identity');
  t.is(relation(m('kalshi', 'Will the Senate eliminate the legislative filibuster before 2028?', 'Yes', '2027-12-31', 'politics'), m('polymarket', 'Filibuster abolished by end of 2027?', 'Yes', '2027-12-31', 'politics')), 'identity');
  t.is(relation(m('kalshi', 'Will Vladimir Putin be out as President of Russia before 2028?', 'Yes', '2027-12-31', 'politics'), m('polymarket', 'Putin ceases to be Russian president by end of 2027?', 'Yes', '2027-12-31', 'politics')), 'identity');
});

test('GDP that contracts, shrinks or decreases is growth below zero', (t) => {
  t.is(relation(m('manifold', 'Will US GDP contract in Q2 2027?', 'Yes', '2027-07-29'), m('kalshi', 'US GDP growth in Q2 2027?', 'Below 0.0%', '2027-07-29')), 'identity');
  t.is(relation(m('manifold', 'Will real GDP decrease in Q1 2027 (advance estimate)?', 'Yes', '2027-04-29'), m('polymarket', 'Will Q1 2027 US GDP growth (advance estimate) be 0.0% or higher?', 'Yes', '2027-04-29')), 'complement');
  // With a level written, the verb is only the comparator: "grow more than 2%" is unchanged.
  t.is(relation(m('manifold', 'Will US GDP grow more than 2% in Q2 2027?', 'Yes', '2027-07-29'), m('kalshi', 'US GDP growth in Q2 2027?', 'Above 2.0%', '2027-07-29')), 'identity');
});
