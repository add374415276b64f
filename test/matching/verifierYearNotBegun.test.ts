/**
 * "In 2027" and "before 2028" end on the same day, but only "before 2028" counts what is left of the year the pair
 * is read in: they are one question once 2027 has begun, and two before it. Expected relations are hand-labelled
 * (blind probe rounds 22-24 labelled every such pair read on 2026-11-28 "different"; the written and mined sets
 * label "in 2026" against "before 2027", read during 2026, identity).
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import { pinReferenceDay } from '../../pipeline/matching/verifier/referenceDay.ts';

const m = (venue: string, title: string, end_date: string | null = null) => ({ venue, title, outcome: 'Yes', end_date, category: 'world' });

function relationOn(day: string, a: ReturnType<typeof m>, b: ReturnType<typeof m>): string {
  pinReferenceDay(day);
  try {
    return verifyPair(a, b).relation;
  } finally {
    pinReferenceDay(null);
  }
}

test('a year that has not begun is not the deadline at its end: "in 2027" against "before 2028" read in November 2026', (t) => {
  const inYear = m('polymarket', 'Will China invade Taiwan in 2027?', '2027-12-31');
  const before = m('kalshi', 'Will China invade Taiwan before 2028?', '2027-12-31');
  t.is(relationOn('2026-11-28', inYear, before), 'different');
  t.is(relationOn('2026-11-28', m('kalshi', 'Will OpenAI release GPT-6 by December 31, 2027?', '2027-12-31'), m('manifold', 'Will GPT-6 be released in 2027?', '2027-12-31')), 'different');
  // The reason names the window, so a refusal is explained.
  pinReferenceDay('2026-11-28');
  try {
    t.true(verifyPair(inYear, before).reasons.some((r) => r.includes('has not begun')));
  } finally {
    pinReferenceDay(null);
  }
});

test('once the year has begun, "in 2027" and "before 2028" are one question', (t) => {
  t.is(relationOn('2027-02-01', m('polymarket', 'Will China invade Taiwan in 2027?', '2027-12-31'), m('kalshi', 'Will China invade Taiwan before 2028?', '2027-12-31')), 'identity');
  // Read during 2026, the current year's pair agrees (as the written sets label it).
  t.is(relationOn('2026-11-28', m('polymarket', 'Will Trump visit Greenland in 2026?', '2026-12-31'), m('kalshi', 'Will Trump visit Greenland before 2027?', '2026-12-31')), 'identity');
});

test('a negation through the year is the exact negation of the deadline, not of the year alone', (t) => {
  // "Goes without X through 2027" is No X from now to the end of 2027: the complement of "X before 2028" on any day.
  const without = m('manifold', 'California goes without a magnitude 7.0+ earthquake through 2027?', '2027-12-31');
  const quake = m('kalshi', 'Will California have an earthquake of magnitude 7.0 or higher before 2028?', '2027-12-31');
  t.is(relationOn('2026-11-28', without, quake), 'complement');
  // "Apple fails to announce by Dec 31, 2027" is not the No of "announces in 2027" while an announcement in
  // December 2026 would make both No.
  t.is(relationOn('2026-11-28', m('polymarket', 'Will Apple announce a foldable iPhone in 2027?', '2027-12-31'), m('kalshi', 'Will Apple fail to announce a foldable iPhone by Dec 31, 2027?', '2027-12-31')), 'different');
});

test('a reference day must be a day', (t) => {
  t.throws(() => pinReferenceDay('tomorrow'), { message: /YYYY-MM-DD/ });
});
