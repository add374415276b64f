/**
 * How venues word one price or rate: "How much will Bitcoin be worth", "the S&P 500 index", the upper end of
 * the fed funds target range, against an index's futures contract, which is another price. Labels by reading
 * each pair.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome: string, end_date: string) => ({ venue, title, outcome, end_date, category: 'finance' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('"How much will Bitcoin be worth at the end of 2026?" asks its price at the year-end close', (t) => {
  const worth = m('kalshi', 'How much will Bitcoin be worth at the end of 2026?', '$100,000 or above', '2026-12-31');
  t.is(relation(worth, m('polymarket', 'Will Bitcoin close 2026 at or above $100,000 (11:59 PM ET, Dec 31)?', 'Yes', '2026-12-31')), 'identity');
  t.is(relation(worth, m('limitless', 'Will BTC end 2026 below $100k?', 'Yes', '2026-12-31')), 'complement');
  t.is(relation(worth, m('limitless', 'Will BTC end 2026 below $110k?', 'Yes', '2026-12-31')), 'different');
});

test('"the S&P 500 index" is the S&P 500; its E-mini future is another price', (t) => {
  const index = m('kalshi', 'S&P 500 index on Jan 29, 2027 at 4pm EST?', '7,100 or above', '2027-01-29');
  t.is(relation(index, m('polymarket', 'S&P 500 below 7,100 at the close on January 29, 2027?', 'Yes', '2027-01-29')), 'complement');
  t.is(relation(index, m('predictfun', 'S&P 500 E-mini (ES) ≥ 7,100 at 4pm ET on Jan 29, 2027?', 'Yes', '2027-01-29')), 'different');
});

test('the upper or top end of the fed funds target range is its upper bound', (t) => {
  const kalshi = m('kalshi', 'Fed funds rate after the Jan 2027 meeting?', 'Above 3.25%', '2027-01-27');
  t.is(relation(kalshi, m('polymarket', 'Will the upper end of the fed funds target range exceed 3.25% after the January 2027 meeting?', 'Yes', '2027-01-27')), 'identity');
  t.is(relation(kalshi, m('polymarket', 'Will the fed funds target range top end be higher than 3.25% following the January 2027 meeting?', 'Yes', '2027-01-27')), 'identity');
  t.is(relation(kalshi, m('polymarket', 'Will the upper end of the fed funds target range exceed 3.50% after the January 2027 meeting?', 'Yes', '2027-01-27')), 'different');
});

test('"exactly twice" is the count 2', (t) => {
  t.is(relation(m('kalshi', 'How many times will the BoJ hike rates in 2027?', '2', '2027-12-31'), m('polymarket', 'Will the BoJ hike exactly twice in 2027?', 'Yes', '2027-12-31')), 'identity');
  t.is(relation(m('kalshi', 'How many times will the BoJ hike rates in 2027?', '3', '2027-12-31'), m('polymarket', 'Will the BoJ hike exactly twice in 2027?', 'Yes', '2027-12-31')), 'different');
});

test('"New York time" is Eastern time, and a rate "following" a meeting is the rate after it', (t) => {
  const kalshi = m('kalshi', 'Bitcoin price on Dec 15, 2026 at 5pm EST?', '$102,000 or above', '2026-12-15');
  t.is(relation(kalshi, m('limitless', 'BTC ≥ 102k @ 17:00 New York time, 15 Dec 2026', 'Yes', '2026-12-15')), 'identity');
  t.is(relation(kalshi, m('limitless', 'BTC ≥ 102k @ 17:00 London time, 15 Dec 2026', 'Yes', '2026-12-15')), 'different');
  const fed = m('kalshi', 'Fed funds rate after the Sep 2027 meeting?', 'Above 2.75%', '2027-09-22');
  t.is(relation(fed, m('polymarket', 'Will the upper bound of the fed funds target be higher than 2.75% following the September 2027 FOMC?', 'Yes', '2027-09-22')), 'identity');
});

test('the Bank of Canada is the BoC, and neither is the ECB', (t) => {
  const boc = m('kalshi', 'Will the Bank of Canada cut rates at its January 2027 decision?', 'Yes', '2027-01-27');
  t.is(relation(boc, m('polymarket', 'BoC rate cut in January 2027?', 'Yes', '2027-01-27')), 'identity');
  t.is(relation(boc, m('polymarket', 'ECB rate cut in January 2027?', 'Yes', '2027-01-27')), 'different');
});

test("the Bank of Canada's overnight rate target is its policy rate", (t) => {
  const kalshi = m('kalshi', 'Bank of Canada overnight rate target after the Jan 2027 decision?', 'Above 2.00%', '2027-01-27');
  t.is(relation(kalshi, m('polymarket', 'BoC policy rate after Jan. 2027 decision?', '2.00% or lower', '2027-01-27')), 'complement');
  t.is(relation(kalshi, m('polymarket', 'BoC policy rate after Jan. 2027 decision?', 'Above 2.00%', '2027-01-27')), 'identity');
  t.is(relation(kalshi, m('polymarket', 'BoC policy rate after Jan. 2027 decision?', 'Above 2.25%', '2027-01-27')), 'different');
});
