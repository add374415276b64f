import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// A level is read on the scale its venue prints it in; the expected relations follow from that scale by hand.
const m = (venue: string, title: string, end: string, outcome = 'Yes', category = 'science'): MarketRef => ({ venue, title, outcome, end_date: end, category }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test("an anomaly in hundredths of a degree: above 1.30°C is not above 1.25°C, and is 1.31°C or higher", (t) => {
  const above130 = m('kalshi', 'Global temperature anomaly in 2027 (NASA)?', '2028-01-20', 'Above 1.30°C');
  t.is(rel(above130, m('predictfun', 'NASA 2027 global temperature anomaly above 1.25°C?', '2028-01-20')), 'different');
  t.is(rel(above130, m('polymarket', 'NASA 2027 global temperature anomaly 1.31°C or higher?', '2028-01-20')), 'identity');
  t.is(rel(above130, m('polymarket', 'NASA 2027 global temperature anomaly 1.32°C or higher?', '2028-01-20')), 'different');
  // A difference of temperatures is no reading to convert: "1°C" and "1.0°C" of anomaly are one level.
  const aboveOne = m('kalshi', 'Global temperature anomaly in 2028 (NASA)?', '2029-01-20', 'Above 1°C');
  t.is(rel(aboveOne, m('predictfun', 'NASA 2028 global temperature anomaly above 1.0°C?', '2029-01-20')), 'identity');
  t.is(rel(aboveOne, m('predictfun', 'NASA 2028 global temperature anomaly above 1.1°C?', '2029-01-20')), 'different');
});

test('a level printed in tenths: above 4.0 inches is 4.1 inches or more, not 4.2', (t) => {
  const above = m('kalshi', 'Snow in NYC (Central Park) in Dec 2027?', '2028-01-01', 'Above 4.0 inches', 'weather');
  t.is(rel(above, m('manifold', 'Will Central Park record 4.1 inches or more of snow in December 2027?', '2027-12-31', 'Yes', 'weather')), 'identity');
  t.is(rel(above, m('manifold', 'Will Central Park record 4.2 inches or more of snow in December 2027?', '2027-12-31', 'Yes', 'weather')), 'different');
});

test("a quarter goal line is no half line: Over 2.25 is not Over 2.5, while Over 2.5 is 3 or more", (t) => {
  t.is(rel(m('azuro', 'Arsenal - Chelsea', '2027-02-01', 'Total Goals: Over (2.25)', 'sports'), m('polymarket', 'Arsenal vs. Chelsea: O/U 2.5', '2027-02-01', 'Over', 'sports')), 'different');
  t.is(rel(m('azuro', 'Arsenal - Chelsea', '2027-02-01', 'Total Goals: Over (2.5)', 'sports'), m('kalshi', 'Arsenal vs Chelsea: 3 or more goals?', '2027-02-01', 'Yes', 'sports')), 'identity');
});

test('staying below a level all year is never reaching it: the negation of hitting it, while staying at or below it is not', (t) => {
  const hit = m('kalshi', 'Will Dallas hit 110° in 2027?', '2027-12-31', 'Yes', 'weather');
  t.is(rel(hit, m('manifold', 'Will Dallas Love Field stay below 110°F for all of 2027?', '2027-12-31', 'Yes', 'weather')), 'complement');
  t.is(rel(hit, m('manifold', 'Will Dallas Love Field stay at or below 110°F for all of 2027?', '2027-12-31', 'Yes', 'weather')), 'different');
  // Staying above a whole level is never dipping to it.
  const dip = m('polymarket', 'Will the Dallas low dip to 20°F or below in January 2027?', '2027-01-31', 'Yes', 'weather');
  t.is(rel(dip, m('manifold', 'Will the Dallas low stay above 20°F all of January 2027?', '2027-01-31', 'Yes', 'weather')), 'complement');
});
