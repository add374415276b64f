import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Kalshi settles a city's temperature at one NWS station (its rules: Central Park for NYC, Midway for Chicago, LAX
// for Los Angeles); a market naming another station reads another thermometer.
const m = (venue: string, title: string, end: string, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date: end, category: 'weather' }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test("Kalshi's unnamed station is its settlement station: NYC is Central Park, not LaGuardia; Chicago is Midway, not O'Hare", (t) => {
  const nyc = m('kalshi', 'Highest temperature in NYC on Jul 20, 2027?', '2027-07-20', '90° to 91°');
  t.is(rel(nyc, m('polymarket', 'Highest temperature in NYC (LaGuardia) on July 20?', '2027-07-20', '90-91°F')), 'different');
  t.is(rel(nyc, m('polymarket', 'Highest temperature in NYC (Central Park) on July 20?', '2027-07-20', '90-91°F')), 'identity');
  const chicago = m('kalshi', 'Highest temperature in Chicago on Aug 9, 2027?', '2027-08-09', '88° or above');
  t.is(rel(chicago, m('predictfun', "Chicago O'Hare high temperature 88°F or above on August 9, 2027?", '2027-08-09')), 'different');
  t.is(rel(chicago, m('predictfun', 'Chicago Midway high temperature 88°F or above on August 9, 2027?', '2027-08-09')), 'identity');
  t.is(rel(m('kalshi', 'Highest temperature in Los Angeles on Sep 12, 2027?', '2027-09-12', '84° to 85°'), m('polymarket', 'Highest temperature in Los Angeles (Downtown USC) on September 12?', '2027-09-12', '84-85°F')), 'different');
});

test('two markets naming no station are not refused on it, and another venue has no station of its own on record', (t) => {
  t.is(rel(m('kalshi', 'Highest temperature in NYC on Jul 20, 2027?', '2027-07-20', '90° to 91°'), m('polymarket', 'Highest temperature in NYC on July 20?', '2027-07-20', '90-91°F')), 'identity');
  t.is(rel(m('polymarket', 'Highest temperature in NYC on July 20?', '2027-07-20', '90-91°F'), m('manifold', 'NYC (LaGuardia) high temperature on July 20, 2027: 90-91°F?', '2027-07-20')), 'identity');
});
