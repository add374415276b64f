import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Economics classes of probe 39b; each expected relation is read from how the figure is set or printed.
const m = (venue: string, title: string, end: string | null, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date: end, category: 'economics' }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test("Kalshi's decision event ticker answered by its label is that decision; its market codes still read as before", (t) => {
  const hold = m('kalshi', 'KXFEDDECISION-28JUL', '2028-07-26', 'Hold');
  t.is(rel(hold, m('polymarket', 'Will the Fed leave rates unchanged in July 2028?', '2028-07-26')), 'identity');
  t.is(rel(m('kalshi', 'KXFEDDECISION-28JUL', '2028-07-26', 'Cut 25bps'), m('polymarket', 'Will the Fed leave rates unchanged in July 2028?', '2028-07-26')), 'different');
  t.is(rel(m('kalshi', 'KXFEDDECISION-28JUL', '2028-07-26', 'Cut 25bps'), m('predictfun', 'Will the Fed cut rates by 25 bps in July 2028?', '2028-07-26')), 'identity');
  t.is(rel(m('kalshi', 'KXFEDDECISION-28JUL-C25', '2028-07-26'), m('predictfun', 'Will the Fed cut rates by 25 bps in July 2028?', '2028-07-26')), 'identity');
});

test("a signed move in basis points is a cut or a hike, and trimming rates is cutting them", (t) => {
  t.is(rel(m('predictit', 'Fed rate decision, March 2028', '2028-03-15', 'Decrease 25 bps'), m('predictfun', 'Fed -25bps in March 2028?', '2028-03-15')), 'identity');
  t.is(rel(m('predictit', 'Fed rate decision, March 2028', '2028-03-15', 'Increase 25 bps'), m('predictfun', 'Fed -25bps in March 2028?', '2028-03-15')), 'different');
  t.is(rel(m('kalshi', 'Fed decision in Oct 2028?', '2028-10-25', 'Cut 25bps'), m('manifold', 'Will the Fed trim rates by a quarter point at the October 2028 FOMC meeting?', '2028-10-26')), 'identity');
});

test("a count of 25 bp cuts is a count of cuts: '3 or more' is 'at least 75 bps'", (t) => {
  const three = m('kalshi', 'How many 25bp Fed cuts in 2028?', '2028-12-13', '3 or more');
  t.is(rel(three, m('predictfun', 'Will the Fed cut at least 75 bps in total during 2028?', '2028-12-31')), 'identity');
  t.is(rel(three, m('predictfun', 'Will the Fed cut at least 50 bps in total during 2028?', '2028-12-31')), 'different');
  t.is(rel(m('manifold', 'More than 2 Fed rate cuts (25bp units) in 2028?', '2028-12-31'), m('kalshi', 'How many 25bp Fed rate cuts in 2028?', '2028-12-13', 'At least 3')), 'identity');
});

test('payrolls print in whole thousands: above 200,000 is 201,000 or more, not 202,000 or more', (t) => {
  const above = m('kalshi', 'Jobs numbers in Aug 2028?', '2028-09-01', 'Above 200,000');
  t.is(rel(above, m('manifold', 'Will the initial August 2028 nonfarm payrolls number come in at 201,000 or more?', '2028-09-02')), 'identity');
  t.is(rel(above, m('manifold', 'Will the initial August 2028 nonfarm payrolls number come in at 202,000 or more?', '2028-09-02')), 'different');
});

test('a duration in weeks is that many days, and "longer than" is more than', (t) => {
  const kalshi = m('kalshi', 'How long will a shutdown starting Oct 1, 2028 last?', '2028-12-31', 'More than 14 days');
  t.is(rel(kalshi, m('polymarket', 'Will a government shutdown starting October 1, 2028 last longer than two weeks?', '2028-12-31')), 'identity');
  t.is(rel(kalshi, m('polymarket', 'Will a government shutdown starting October 1, 2028 last longer than three weeks?', '2028-12-31')), 'different');
});

test("'US 10Y' is the 10-year Treasury yield, and a unanimous cut is narrower than a cut", (t) => {
  t.is(rel(m('limitless', 'US 10Y above 5% end of Sept 2027?', '2027-09-30'), m('manifold', 'Will the 10-year US Treasury yield close above 5.00% on September 30, 2027?', '2027-10-01')), 'identity');
  t.is(rel(m('predictfun', 'BoE rate cut in May 2028?', '2028-05-04'), m('polymarket', 'Will the Bank of England cut rates unanimously in May 2028?', '2028-05-04')), 'different');
});

test('a print\'s sign opening a title ("Negative GDP growth") is a level, not a name: it negates "0.0% or more"', (t) => {
  const negative = m('polymarket', 'Negative GDP growth in Q3 2028?', '2028-10-26');
  t.is(rel(negative, m('manifold', 'Will the BEA advance estimate show US real GDP growth of 0.0% or more in Q3 2028?', '2028-10-27')), 'complement');
  t.is(rel(negative, m('manifold', 'Will US real GDP shrink in Q3 2028 (advance estimate)?', '2028-10-27')), 'identity');
});
