/**
 * Words that only restate what the other market states: "at least once" (the count it reads as), "the CDC reports"
 * (the source of the count), Drift's "-BET" symbol written beside a title. And a window that ends at an event
 * ("before the presidential election") is not the year the other market names. Hand-labelled from probe rounds 20-29.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'economics') => ({ venue, title, outcome, end_date, category });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('"at least once" is any cut; no cuts is its negation', (t) => {
  const once = m('kalshi', 'Will the Fed cut rates at least once in 2027?', 'Yes', '2027-12-31');
  t.is(relation(once, m('polymarket', 'How many Fed rate cuts in 2027?', '0 (0 bps)', '2027-12-31')), 'complement');
  t.is(relation(once, m('manifold', 'Any Fed rate cut in 2027?', 'Yes', '2027-12-31')), 'identity');
  // A window that ends at the election is not the whole year.
  t.is(relation(m('kalshi', 'Number of Fed rate cuts in 2028?', 'Above 0', '2028-12-31'), m('manifold', 'Will the Fed cut rates at least once in 2028 before the presidential election?', 'Yes', '2028-11-07')), 'different');
});

test('the CDC as the source of a count and a Drift symbol beside a title say nothing of their own', (t) => {
  t.is(relation(m('kalshi', 'US measles cases in 2027?', 'Above 1,500', '2027-12-31', 'science'), m('polymarket', 'More than 1,500 US measles cases in 2027 (CDC count)?', 'Yes', '2027-12-31', 'science')), 'identity');
  t.is(relation(m('drift', 'Will Gavin Newsom win the 2028 Democratic nomination? (NEWSOM-NOM-2028-BET)', 'No', '2028-08-20', 'politics'), m('polymarket', 'Will Gavin Newsom win the 2028 Democratic presidential nomination?', 'Yes', '2028-08-20', 'politics')), 'complement');
});

test('a party\'s nominee winning a state or the race is that party winning it', (t) => {
  t.is(relation(m('kalshi', 'Will the Democratic nominee win Georgia in the 2028 presidential election?', 'Yes', '2028-11-07', 'politics'), m('polymarket', 'Which party will win Georgia in the 2028 presidential election?', 'Democratic', '2028-11-07', 'politics')), 'identity');
  t.is(relation(m('azuro', '2028 US Presidential Election - Arizona - Winning Party', 'Republican', '2028-11-07', 'politics'), m('kalshi', 'Will the Republican nominee win Arizona in the 2028 presidential election?', 'Yes', '2028-11-07', 'politics')), 'identity');
  // Being the nominee is still the nomination, not the election.
  t.is(relation(m('kalshi', 'Will Gavin Newsom be the Democratic nominee in 2028?', 'Yes', '2028-08-20', 'politics'), m('polymarket', 'Will Gavin Newsom win the 2028 presidential election?', 'Yes', '2028-11-07', 'politics')), 'different');
});
