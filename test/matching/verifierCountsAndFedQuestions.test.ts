/**
 * Whole counts however large, and the Fed's "How will it change rates?" question. Expected relations are
 * hand-labelled (blind probe rounds 21-25): a count of cases or jobs can land on its line, so a strict bound and
 * an inclusive one differ by that print; an index level cannot usefully land on one.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome: string, end_date: string) => ({ venue, title, outcome, end_date, category: 'economics' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('"How will the Fed change rates?" asks which decision: its outcome label is the proposition', (t) => {
  const q = (label: string) => m('polymarket', 'How will the Fed change rates at its January 2027 meeting?', label, '2027-01-27');
  t.is(relation(m('kalshi', 'Fed decision in Jan 2027?', 'Fed maintains rate', '2027-01-27'), q('No change')), 'identity');
  t.is(relation(m('kalshi', 'Fed decision in Jan 2027?', 'Cut 25bps', '2027-01-27'), q('25 bps decrease')), 'identity');
  t.is(relation(m('kalshi', 'Fed decision in Jan 2027?', 'Cut 25bps', '2027-01-27'), q('No change')), 'different');
  t.is(relation(m('kalshi', 'Will the Fed cut rates in January 2027?', 'Yes', '2027-01-27'), q('Decrease')), 'identity');
});

test('a count stays whole above a thousand: "more than 1,000" is not "at least 1,000"', (t) => {
  const more = m('kalshi', 'How many measles cases in the US in 2027?', 'More than 1,000', '2027-12-31');
  t.is(relation(more, m('polymarket', 'US measles cases in 2027?', 'At least 1,000', '2027-12-31')), 'different');
  t.is(relation(more, m('polymarket', 'US measles cases in 2027?', '1,001 or more', '2027-12-31')), 'identity');
});

test('payrolls print in whole thousands: "above 100,000" is negated by "100,000 or below", not by "below 100k"', (t) => {
  const above = m('kalshi', 'Jobs numbers in Jan 2027?', 'Above 100,000', '2027-02-05');
  t.is(relation(above, m('polymarket', 'Will January nonfarm payrolls be below 100k?', 'Yes', '2027-02-05')), 'different');
  t.is(relation(above, m('polymarket', 'Will January nonfarm payrolls be 100k or lower?', 'Yes', '2027-02-05')), 'complement');
  t.is(relation(above, m('polymarket', 'Will January nonfarm payrolls be at least 100k?', 'Yes', '2027-02-05')), 'different');
});

test('an index level is no count: its edge does not matter at 50,000', (t) => {
  t.is(relation(m('polymarket', 'Will the Dow Jones be above 50,000 at end of 2026?', 'Yes', '2026-12-31'), m('kalshi', 'Dow Jones on Dec 31, 2026?', '50,000 or above', '2026-12-31')), 'identity');
});

test('a count bucket from zero ("0-9", "0 or 1") is every count up to its top: "below 10" states it, "at least 2" negates it', (t) => {
  const eos = (label: string) => m('kalshi', 'How many executive orders will Trump sign in February 2027?', label, '2027-02-28');
  t.is(relation(m('polymarket', 'Number of executive orders signed by Trump in February 2027?', 'Below 10', '2027-02-28'), eos('0-9')), 'identity');
  t.is(relation(m('polymarket', 'Number of executive orders signed by Trump in February 2027?', 'Below 10', '2027-02-28'), eos('1-9')), 'different', 'a bucket from one leaves zero out');
  t.is(relation(m('polymarket', 'Will the ECB cut rates at least twice in 2027?', 'Yes', '2027-12-31'), m('kalshi', 'ECB rate cuts in 2027', '0 or 1', '2027-12-31')), 'complement');
});

test('an EO is an executive order, and a unanimous decision is one with zero dissents', (t) => {
  t.is(relation(m('polymarket', 'How many EOs will Trump sign in Dec. 2026?', '15 or more', '2026-12-31'), m('kalshi', 'Number of executive orders signed by Trump in December 2026?', 'Above 14', '2026-12-31')), 'identity');
  const dissents = (label: string) => m('kalshi', 'How many dissents at the March 2027 FOMC meeting?', label, '2027-03-17');
  const unanimous = m('polymarket', 'Unanimous FOMC decision in March 2027?', 'Yes', '2027-03-17');
  t.is(relation(unanimous, dissents('0')), 'identity');
  t.is(relation(unanimous, dissents('Above 0')), 'complement');
  t.is(relation(unanimous, dissents('Above 1')), 'different');
});

test('a majority of a legislature whose size is known is its seat count: 326 of the Commons, 251 of Mexico\'s Chamber of Deputies', (t) => {
  const q = (venue: string, title: string) => ({ venue, title, outcome: 'Yes', end_date: '2029-08-01', category: 'politics' });
  const rel = (a: string, b: string): string => verifyPair(q('polymarket', a), q('kalshi', b)).relation;
  t.is(rel('Will Reform UK win a majority in the next UK general election?', 'Will Reform UK win 326 or more seats in the next UK general election?'), 'identity');
  t.is(rel('Will Reform UK win a majority in the next UK general election?', 'Will Reform UK win 300 or more seats in the next UK general election?'), 'different');
  t.is(rel("Will Morena win a majority in Mexico's Chamber of Deputies in 2027?", 'Will Morena win 251 or more seats in the Chamber of Deputies in 2027?'), 'identity');
  // A majority of the votes is no seat count, and a body of unknown size keeps its word.
  t.not(rel('Will Reform UK win a majority of the popular vote in the next UK general election?', 'Will Reform UK win 326 or more seats in the next UK general election?'), 'identity');
});
