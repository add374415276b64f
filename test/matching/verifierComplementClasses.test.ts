/**
 * The complement classes phrased as venues phrase them. Labels by reading each pair: a
 * complement pays Yes exactly when the other pays No; "above X" and "below X" are that only when the
 * line cannot be hit (a half line on a count) or one side closes on it ("X or lower"); a level that can
 * land on X, another line, another date, or a path that can cross X both ways is `different`.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = '2026-12-31', category = 'economics'): MarketRef => ({ venue, title, outcome, end_date, category });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const game = (venue: string, title: string, outcome = 'Yes'): MarketRef => m(venue, title, outcome, '2026-12-02', 'sports');

test('a game total or a player line phrased as a question is read once, so Over and Under on one line are negations', (t) => {
  t.is(rel(game('kalshi', 'Will Lakers vs Celtics go over 224.5 points?'), game('polymarket', 'Lakers vs. Celtics: O/U 224.5', 'Under')), 'complement');
  t.is(rel(game('kalshi', 'Will Lakers vs Celtics go over 224.5 points?'), game('polymarket', 'Lakers vs. Celtics: O/U 224.5', 'Over')), 'identity');
  t.is(rel(game('kalshi', 'Will Lakers vs Celtics go over 224.5 points?'), game('polymarket', 'Lakers vs. Celtics: O/U 226.5', 'Under')), 'different');
  // Yards are whole: under 275.5 is 275 or fewer, the exact negation of 276 or more.
  t.is(rel(game('polymarket', 'Patrick Mahomes: Passing Yards O/U 275.5', 'Under'), game('kalshi', 'Patrick Mahomes: 276+ passing yards?')), 'complement');
  t.is(rel(game('polymarket', 'Patrick Mahomes: Passing Yards O/U 275.5', 'Under'), game('kalshi', 'Patrick Mahomes: 280+ passing yards?')), 'different');
});

test('one print of a month or quarter compared with "exceed" is read once; a price over a month is a path', (t) => {
  t.is(rel(m('polymarket', 'Will US GDP growth exceed 2.5% in Q4 2026?', 'Yes', '2027-01-29'), m('kalshi', 'US GDP growth 2.5% or lower in Q4 2026?', 'Yes', '2027-01-29')), 'complement');
  // A print of exactly 2.5% is neither above nor below it.
  t.is(rel(m('polymarket', 'Will US GDP growth exceed 2.5% in Q4 2026?', 'Yes', '2027-01-29'), m('kalshi', 'US GDP growth below 2.5% in Q4 2026?', 'Yes', '2027-01-29')), 'different');
  t.is(rel(m('polymarket', 'Will Bitcoin exceed $100,000 in March 2026?', 'Yes', '2026-03-31', 'crypto'), m('kalshi', 'Bitcoin $100,000 or lower in March 2026?', 'Yes', '2026-03-31', 'crypto')), 'different');
});

test('holding a role on a day against leaving it by that day is a negation, though both name their verb', (t) => {
  t.is(rel(m('polymarket', 'Netanyahu out as Israeli PM before 2027?', 'Yes', '2026-12-31', 'politics'), m('kalshi', 'Will Benjamin Netanyahu still be Prime Minister of Israel on Dec 31, 2026?', 'Yes', '2026-12-31', 'politics')), 'complement');
  t.is(rel(m('polymarket', 'Netanyahu out as Israeli PM before 2027?', 'No', '2026-12-31', 'politics'), m('kalshi', 'Will Benjamin Netanyahu still be Prime Minister of Israel on Dec 31, 2026?', 'Yes', '2026-12-31', 'politics')), 'identity');
  t.is(rel(m('polymarket', 'Netanyahu out as Israeli PM before 2027?', 'Yes', '2026-12-31', 'politics'), m('kalshi', 'Will Benjamin Netanyahu still be Prime Minister of Israel on Jun 30, 2026?', 'Yes', '2026-06-30', 'politics')), 'different');
});

test('keeping rates steady or unchanged is holding them: the negation of a change, not of a cut', (t) => {
  const hold = m('kalshi', 'Will the Fed hold rates steady in December 2026?', 'Yes', '2026-12-16');
  t.is(rel(hold, m('polymarket', 'Will the Fed change interest rates in December 2026?', 'Yes', '2026-12-16')), 'complement');
  const keep = m('kalshi', 'Will the Fed keep rates unchanged at its December 2026 meeting?', 'Yes', '2026-12-16');
  t.is(rel(keep, m('polymarket', 'No change in Fed interest rates after December 2026 meeting?', 'Yes', '2026-12-16')), 'identity');
  t.is(rel(keep, m('polymarket', 'Fed rate cut at the December 2026 meeting?', 'Yes', '2026-12-16')), 'different');
  t.is(rel(m('kalshi', 'Will the ECB keep rates unchanged in December 2026?', 'Yes', '2026-12-17'), m('polymarket', 'Will the Fed keep rates unchanged in December 2026?', 'Yes', '2026-12-16')), 'different');
});

test("a hold is the named bank's: another central bank's hold or change is a different market, its own are a hold's identity and complement", (t) => {
  const fedHold = m('kalshi', 'Will the Fed hold rates at the March 2026 meeting?', 'Yes', '2026-03-18');
  t.is(rel(fedHold, m('kalshi', 'Will the ECB hold rates at the March 2026 meeting?', 'Yes', '2026-03-12')), 'different', 'the rule once wrote "Fed" into any hold');
  t.is(rel(fedHold, m('polymarket', 'No change in ECB rates after March 2026 meeting?', 'Yes', '2026-03-12')), 'different');
  t.is(rel(fedHold, m('polymarket', 'No change in Fed interest rates after March 2026 meeting?', 'Yes', '2026-03-18')), 'identity');
  const ecbNoChange = m('polymarket', 'No change in ECB rates after March 2026 meeting?', 'Yes', '2026-03-12');
  t.is(rel(m('kalshi', 'Will the ECB change rates at the March 2026 meeting?', 'Yes', '2026-03-12'), ecbNoChange), 'complement');
  t.is(rel(m('kalshi', 'Will the Bank of England hold rates at its March 2026 meeting?', 'Yes', '2026-03-18'), m('polymarket', 'No change in BoE rates after March 2026 meeting?', 'Yes', '2026-03-18')), 'identity');
  t.is(rel(m('kalshi', 'Will the ECB change rates at the April 2026 meeting?', 'Yes', '2026-04-30'), ecbNoChange), 'different', 'another meeting');
});

test('"at March 2026 meeting" without an article is the meeting, as "at the March 2026 meeting" and "after March 2026 meeting" are', (t) => {
  // A cut of more than 25 bp, in 25 bp steps, is a cut of 50 bp or more.
  const more = m('kalshi', 'Fed cuts more than 25bp at March 2026 meeting?', 'Yes', '2026-03-18');
  t.is(rel(more, m('polymarket', 'Fed decreases interest rates by 50+ bps after March 2026 meeting?', 'Yes', '2026-03-18')), 'identity');
  t.is(rel(more, m('polymarket', 'Fed decreases interest rates by 50+ bps after April 2026 meeting?', 'Yes', '2026-04-29')), 'different');
});

test('a policy rate held on the line is neither above nor below it; a side closed on the line makes the negation', (t) => {
  const above = m('polymarket', 'Will the RBI repo rate be above 5.25% after February?', 'Yes', '2026-02-06');
  t.is(rel(m('kalshi', 'RBI repo rate after the February 2026 meeting?', 'Below 5.25%', '2026-02-06'), above), 'different');
  t.is(rel(m('kalshi', 'RBI repo rate after the February 2026 meeting?', '5.25% or lower', '2026-02-06'), above), 'complement');
  t.is(rel(m('kalshi', 'Will the ECB deposit rate be above 2.00% after the March 2026 meeting?', 'Yes', '2026-03-12'), m('polymarket', 'ECB deposit rate below 2.00% after the March 2026 meeting?', 'Yes', '2026-03-12')), 'different');
});

test('in office on January 1 is not gone by December 31 of the year before: the year of that deadline agrees', (t) => {
  const stay = m('kalshi', 'Will Zelenskyy be President of Ukraine on Jan 1, 2027?', 'Yes', '2027-01-01', 'politics');
  t.is(rel(stay, m('polymarket', 'Zelensky out as president of Ukraine before 2027?', 'Yes', '2026-12-31', 'politics')), 'complement');
  t.is(rel(stay, m('polymarket', 'Zelensky out as president of Ukraine in 2027?', 'Yes', '2027-12-31', 'politics')), 'different');
});

test('"A has a higher market cap than B" picks A: the label B of "A vs. B: which is higher" is its negation', (t) => {
  const kalshi = m('kalshi', 'Will Nvidia have a higher market cap than Apple on Dec 31, 2026?', 'Yes', '2026-12-31', 'finance');
  const poly = (o: string, rival = 'Apple'): MarketRef => m('polymarket', `Nvidia vs. ${rival}: which will have the higher market cap on December 31, 2026?`, o, '2026-12-31', 'finance');
  t.is(rel(kalshi, poly('Nvidia')), 'identity');
  t.is(rel(kalshi, poly('Apple')), 'complement');
  t.is(rel(kalshi, poly('Microsoft', 'Microsoft')), 'different');
  // "larger" and "higher" market cap are one comparison.
  t.is(rel(m('kalshi', 'Will Apple have a larger market cap than Microsoft on Dec 31, 2026?', 'Yes', '2026-12-31', 'finance'), m('polymarket', 'Microsoft vs. Apple: which will have the higher market cap on December 31, 2026?', 'Microsoft', '2026-12-31', 'finance')), 'complement');
});
