import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Classes of round 39; each expected relation is read from what the two markets resolve on.
const m = (venue: string, title: string, end: string | null, outcome = 'Yes', category = 'politics'): MarketRef => ({ venue, title, outcome, end_date: end, category }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test("Congress's balance of power: 'R House / D Senate', 'Rep. House & Senate' and 'Democrats Sweep' name a party per chamber, and the two splits must agree", (t) => {
  const predictit = (label: string): MarketRef => m('predictit', 'Which party will control Congress after the 2030 midterms? Balance of power', null, label);
  const smarkets = (label: string): MarketRef => m('smarkets', '2030 House and Senate control', null, label);
  t.is(rel(predictit('Rep. House & Senate'), smarkets('R House / R Senate')), 'identity');
  t.is(rel(predictit('D House, R Senate'), smarkets('D House / R Senate')), 'identity');
  t.is(rel(predictit('D House, R Senate'), smarkets('R House / D Senate')), 'different');
  t.is(rel(predictit('Dem. House & Senate'), smarkets('R House / R Senate')), 'different');
  const sweep = m('predictfun', 'Balance of Power: 2030 Midterms', null, 'Democrats Sweep');
  t.is(rel(m('polymarket', '2030 Balance of Power: D Senate, D House', '2030-11-05'), sweep), 'identity');
  t.is(rel(m('polymarket', '2030 Balance of Power: R Senate, D House', '2030-11-05'), sweep), 'different');
  // One chamber is not both.
  t.is(rel(m('kalshi', 'Will Democrats win the House in 2030?', '2030-11-05'), smarkets('D House / D Senate')), 'different');
});

test("a court ruling a law unconstitutional is striking it down; upholding it is the negation only where no deadline can leave both unanswered", (t) => {
  const strike = m('polymarket', "Will the Supreme Court strike down the state's voter ID law?", '2028-06-30');
  t.is(rel(m('kalshi', "Will the Supreme Court rule the state's voter ID law unconstitutional?", '2028-06-30'), strike), 'identity');
  t.is(rel(m('kalshi', "Will the Supreme Court find the state's voter ID law unlawful?", '2028-06-30'), strike), 'identity');
  t.is(rel(m('kalshi', "Will the Supreme Court uphold the state's voter ID law?", '2028-06-30'), m('manifold', "Will the Supreme Court declare the state's voter ID law unconstitutional?", '2028-06-30')), 'complement');
  // Before a deadline a ruling may not come at all: "upheld by June 30" and "struck down by June 30" are both No then.
  const byDeadline = m('polymarket', 'Will SCOTUS rule that the voter ID law is unconstitutional by June 30, 2028?', '2028-06-30');
  t.is(rel(byDeadline, m('limitless', 'SCOTUS upholds the voter ID law by June 30, 2028?', '2028-06-30')), 'different');
  t.is(rel(m('polymarket', 'Voter ID law upheld by the Supreme Court by June 30, 2028?', '2028-06-30'), m('kalshi', 'Will the Supreme Court uphold the voter ID law before Jul 1, 2028?', '2028-07-01')), 'identity');
});

test("an orbital flight is reaching orbit, an EPS beat of the consensus is an earnings beat, and 'the top four' is the top 4", (t) => {
  t.is(rel(m('kalshi', 'Will New Glenn complete an orbital flight before Jul 1, 2027?', '2027-07-01', 'Yes', 'science'), m('polymarket', 'Will New Glenn reach orbit by June 30, 2027?', '2027-06-30', 'Yes', 'science')), 'identity');
  t.is(rel(m('kalshi', 'Will New Glenn complete an orbital flight before Jul 1, 2027?', '2027-07-01', 'Yes', 'science'), m('polymarket', 'Will New Glenn land its booster by June 30, 2027?', '2027-06-30', 'Yes', 'science')), 'different');
  const beat = m('kalshi', 'Will Micron beat earnings estimates in Q2 FY2028?', '2028-03-25', 'Yes', 'tech');
  t.is(rel(beat, m('polymarket', 'Will Micron report EPS above consensus for Q2 FY2028?', '2028-03-25', 'Yes', 'tech')), 'identity');
  t.is(rel(beat, m('polymarket', 'Will Micron report revenue above consensus for Q2 FY2028?', '2028-03-25', 'Yes', 'tech')), 'different');
  const topFour = m('polymarket', 'Will Aston Villa finish in the top four of the 2028-29 Premier League?', '2029-05-27', 'Yes', 'sports');
  t.is(rel(topFour, m('kalshi', 'Premier League 2028-29 Top 4 finish?', '2029-05-27', 'Aston Villa', 'sports')), 'identity');
  t.is(rel(topFour, m('kalshi', 'Premier League 2028-29 Top 6 finish?', '2029-05-27', 'Aston Villa', 'sports')), 'different');
  t.is(rel(topFour, m('kalshi', 'Premier League 2028-29 Winner?', '2029-05-27', 'Aston Villa', 'sports')), 'different');
});
