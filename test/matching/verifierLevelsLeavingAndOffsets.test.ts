import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Readings found in the round 38 probes (review scores, case counts, ways of leaving, a value read some time
// after a launch); the expected relations are read from what each market resolves on.
const m = (venue: string, title: string, outcome = 'Yes', end: string | null = '2027-10-01', category = 'culture'): MarketRef =>
  ({ venue, title, outcome, end_date: end, category }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test("a film's review score is read once, so 'Above 90' and '90 or lower' are each other's negation", (t) => {
  const above = m('kalshi', 'Rotten Tomatoes score for The Batman Part II?', 'Above 90');
  t.is(rel(above, m('polymarket', "Will 'The Batman Part II' have a Rotten Tomatoes score of 90 or lower?")), 'complement');
  t.is(rel(above, m('polymarket', "Will 'The Batman Part II' have a Rotten Tomatoes score above 90?")), 'identity');
  // Another level is neither.
  t.is(rel(above, m('polymarket', "Will 'The Batman Part II' have a Rotten Tomatoes score of 85 or lower?")), 'different');
});

test("'or fewer' after a count closes the level and adds no alternative: more than 1,500 cases against 1,500 or fewer confirmed", (t) => {
  const more = m('polymarket', 'Will the CDC report more than 1,500 US measles cases in 2027?', 'Yes', '2028-01-10', 'science');
  t.is(rel(more, m('manifold', 'Will the US have 1,500 or fewer confirmed measles cases in 2027 per CDC?', 'Yes', '2028-01-10', 'science')), 'complement');
  // A real alternative still widens a question: a death or a hospitalisation is not a case.
  t.regex(
    verifyPair(m('kalshi', 'Will a US measles death be reported in 2027?', 'Yes', '2028-01-10', 'science'), m('manifold', 'Will a US measles death or hospitalization be reported in 2027?', 'Yes', '2028-01-10', 'science')).reasons.join('; '),
    /alternative on one side only/,
  );
});

test('leaving by any way named beside another way is leaving by any way: "step down or otherwise stop being CEO" is "cease to be CEO", not "resign"', (t) => {
  const any = m('manifold', "Will Tim Cook step down or otherwise stop being Apple's CEO before 2028?", 'Yes', null, 'tech');
  t.is(rel(m('kalshi', 'Will Tim Cook cease to be CEO of Apple before Jan 1, 2028?', 'Yes', '2027-12-31', 'tech'), any), 'identity');
  t.is(rel(m('kalshi', 'Will Tim Cook resign as CEO of Apple before Jan 1, 2028?', 'Yes', '2027-12-31', 'tech'), any), 'different');
  const coach = m('manifold', 'Will Brian Schottenheimer stop being the Dallas Cowboys head coach (fired, resigns or otherwise) before February 2027?', 'Yes', null, 'sports');
  t.is(rel(coach, m('kalshi', 'Will Brian Schottenheimer be out as Cowboys head coach before Feb 1, 2027?', 'Yes', '2027-01-31', 'sports')), 'identity');
  t.is(rel(coach, m('kalshi', 'Will Brian Schottenheimer be fired as Cowboys head coach before Feb 1, 2027?', 'Yes', '2027-01-31', 'sports')), 'different');
});

test('a value read 24 hours after a launch is the value one day after it, not one week after', (t) => {
  const day = m('polymarket', 'Base FDV above $10B one day after launch?', 'Yes', '2027-12-31', 'crypto');
  t.is(rel(day, m('predictfun', "Will Base's token have a fully diluted valuation over $10 billion 24 hours after launch?", 'Yes', '2027-12-31', 'crypto')), 'identity');
  t.is(rel(day, m('predictfun', 'Base FDV above $10B 24h after launch?', 'Yes', '2027-12-31', 'crypto')), 'identity');
  t.is(rel(m('polymarket', 'Base FDV above $10B one week after launch?', 'Yes', '2027-12-31', 'crypto'), m('predictfun', 'Base FDV above $10B 24h after launch?', 'Yes', '2027-12-31', 'crypto')), 'different');
});
