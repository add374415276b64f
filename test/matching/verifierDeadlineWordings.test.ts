/**
 * Wordings of one deadline, one office and one legal step: "in 2027 or earlier" is "before 2028", a Bundeskanzler is
 * the Chancellor, "convicted of any federal charge" is a conviction. Hand-labelled (blind probe round 25c).
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import { pinReferenceDay } from '../../pipeline/matching/verifier/referenceDay.ts';

const m = (venue: string, title: string) => ({ venue, title, outcome: 'Yes', end_date: null, category: 'politics' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('"in 2027 or earlier" is a deadline at the end of 2027, read before 2027 has begun', (t) => {
  pinReferenceDay('2026-11-28');
  try {
    t.is(relation(m('manifold', 'Artemis III launch in 2027 or earlier?'), m('polymarket', 'Artemis III launches before 2028?')), 'identity');
    t.is(relation(m('manifold', 'Artemis III launch in 2027?'), m('polymarket', 'Artemis III launches before 2028?')), 'different');
  } finally {
    pinReferenceDay(null);
  }
});

test('a Bundeskanzler is the Chancellor; a conviction on a charge is a conviction', (t) => {
  t.is(relation(m('kalshi', 'Will Friedrich Merz be Chancellor of Germany on Dec 31, 2027?'), m('manifold', 'Merz still Bundeskanzler at end of 2027?')), 'identity');
  t.is(relation(m('manifold', 'Will John Bolton be convicted of any federal charge by end of 2027?'), m('kalshi', 'John Bolton convicted by December 31, 2027?')), 'identity');
  t.is(relation(m('manifold', 'Will John Bolton be charged by end of 2027?'), m('kalshi', 'John Bolton convicted by December 31, 2027?')), 'different');
});

test('a bucket of days written out from the first of a quarter to its last is that quarter; one starting later is not', (t) => {
  const bucket = (label: string) => ({ venue: 'predictit', title: 'When will the U.S. and Iran sign a nuclear agreement?', outcome: label, end_date: '2027-12-31', category: 'world' });
  const q2 = { venue: 'kalshi', title: 'US x Iran nuclear deal signed in Q2 2027?', outcome: 'Yes', end_date: '2027-06-30', category: 'world' };
  t.is(verifyPair(bucket('Apr. 1 to June 30, 2027'), q2).relation, 'identity');
  t.is(verifyPair(bucket('May 1 to June 30, 2027'), q2).relation, 'different');
});

test('"within the next 30 days" is the deadline its end date marks, not a count of 30', (t) => {
  const within = { venue: 'manifold', title: 'Will Trump invoke the Insurrection Act within the next 30 days?', outcome: 'Yes', end_date: '2026-12-28', category: 'politics' };
  const dated = (title: string, end: string) => ({ venue: 'polymarket', title, outcome: 'Yes', end_date: end, category: 'politics' });
  t.is(verifyPair(within, dated('Will Trump invoke the Insurrection Act by December 28?', '2026-12-28')).relation, 'identity');
  t.is(verifyPair(within, dated('Will Trump invoke the Insurrection Act before 2027?', '2027-01-01')).relation, 'different');
  // Without an end date nothing says when the window closes.
  t.is(verifyPair({ ...within, end_date: null }, dated('Will Trump invoke the Insurrection Act by December 28?', '2026-12-28')).relation, 'different');
});

test('what is signed into law is a bill: "a bill signed into law by Thanksgiving 2027" is "the law signed by November 25, 2027"', (t) => {
  const bill = { venue: 'manifold', title: 'Will a federal AI preemption bill be signed into law by Thanksgiving 2027?', outcome: 'Yes', end_date: '2027-11-25', category: 'politics' };
  const law = (title: string) => ({ venue: 'kalshi', title, outcome: 'Yes', end_date: '2027-11-25', category: 'politics' });
  t.is(verifyPair(bill, law('Federal AI preemption law signed by November 25, 2027?')).relation, 'identity');
  t.is(verifyPair(bill, law('Federal AI preemption law signed by November 24, 2027?')).relation, 'different');
});
