/**
 * Negations phrased with words the other market lacks, verdict words that affirm rather than negate, names of one thing,
 * alternatives one market adds, and central-bank rates named by their own names. Labels by reading each
 * pair: a complement pays Yes exactly when the other pays No.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, end_date = '2027-12-31', outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date, category: 'other' });
const rel = (a: string, b: string, end = '2027-12-31'): string => verifyPair(m('polymarket', a, end), m('kalshi', b, end)).relation;

test('a negation phrased as "the year ends without X" is the complement of X in that year, though its wording shares less', (t) => {
  t.is(rel('Will Bitcoin reach a new all-time high in 2027?', 'Will 2027 end without a new Bitcoin all-time high?'), 'complement');
  t.is(rel('Will Bitcoin reach a new all-time high in 2027?', 'Will 2028 end without a new Bitcoin all-time high?'), 'different', 'another year');
  t.is(rel('Will Bitcoin reach a new all-time high in 2027?', 'Will 2027 end without a new Ethereum all-time high?'), 'different', 'another asset');
});

test('"found not guilty" is an acquittal, not the negation of one', (t) => {
  t.is(rel('Will Karen Read be found not guilty in 2027?', 'Will Karen Read be acquitted in 2027?'), 'identity');
  t.is(rel('Will Karen Read be convicted in 2027?', 'Karen Read found not guilty in 2027?'), 'different');
});

test('an alternative only one market adds after "or" makes its question broader', (t) => {
  t.is(rel('Will Karen Read be acquitted in 2027?', 'Will Karen Read be found not guilty or have a mistrial in 2027?'), 'different');
  t.is(rel('Will Israel strike Iran in 2027?', 'Will Israel strike or invade Iran in 2027?'), 'different');
  t.is(rel('Will Putin meet Zelensky in 2027?', 'Will Putin meet or call Zelensky in 2027?'), 'different');
  t.is(rel('Will Putin meet Zelensky in 2027?', 'Will Vladimir Putin meet Volodymyr Zelensky in 2027?'), 'identity', 'the same question, no alternative');
});

test('a central bank holding or changing a rate it names ("Bank Rate", "its deposit rate") is its hold or its move', (t) => {
  const end = '2027-02-05';
  t.is(rel('Will the Bank of England hold Bank Rate at its February 2027 meeting?', 'BoE changes Bank Rate in February 2027?', end), 'complement');
  t.is(rel('Will the Bank of England hold Bank Rate at its February 2027 meeting?', 'Will the BoE keep Bank Rate unchanged in February 2027?', end), 'identity');
  t.is(rel('Will the ECB hold its deposit rate in March 2027?', 'Will the ECB leave the deposit rate unchanged in March 2027?', '2027-03-18'), 'identity');
  t.is(rel('Will the ECB hold its deposit rate in March 2027?', 'Will the ECB leave the deposit rate unchanged in April 2027?', '2027-04-30'), 'different', 'another meeting');
});

test('to stop being CEO, or cease to be Speaker, is to leave the post: the negation of remaining in it', (t) => {
  t.is(rel('Will Elon Musk remain CEO of Tesla through 2026?', 'Will Elon Musk stop being Tesla CEO before 2027?', '2026-12-31'), 'complement');
  t.is(rel('Will Elon Musk leave as Tesla CEO before 2027?', 'Will Elon Musk stop being Tesla CEO before 2027?', '2026-12-31'), 'identity');
  t.is(rel('Will Elon Musk remain CEO of Tesla through 2026?', 'Will Elon Musk stop being Tesla CEO before 2028?', '2027-12-31'), 'different');
});

test('bird flu is H5N1', (t) => {
  t.is(rel('H5N1 declared a PHEIC by the WHO by end of 2027?', 'Will the WHO declare H5N1 bird flu a PHEIC before 2028?'), 'identity');
  t.is(rel('Will the WHO declare bird flu a PHEIC before 2028?', 'Will the WHO declare H5N1 a PHEIC before 2028?'), 'identity');
  t.is(rel('Will the WHO declare bird flu a PHEIC before 2028?', 'Will the WHO declare mpox a PHEIC before 2028?'), 'different');
});

test('an absence still lasting on a day ("still not listed on April 1", "still have no IPO as of July 1") negates the event by then', (t) => {
  const on = (a: string, aEnd: string, b: string, bEnd: string): string => verifyPair(m('polymarket', a, aEnd), m('kalshi', b, bEnd)).relation;
  t.is(on('PUMP still not listed on Coinbase on April 1, 2027?', '2027-04-01', 'Will Coinbase list PUMP by March 31, 2027?', '2027-03-31'), 'complement');
  t.is(on('Will SpaceX still have no IPO as of July 1, 2027?', '2027-07-01', 'Will SpaceX IPO before Jul 1, 2027?', '2027-06-30'), 'complement');
  t.is(on('Will GPT-6 still be unreleased at the start of 2027?', '2027-01-01', 'Will OpenAI release GPT-6 before Jan 1, 2027?', '2026-12-31'), 'complement');
  // Another deadline is another question, and the absence is not the event itself.
  t.is(on('PUMP still not listed on Coinbase on April 1, 2027?', '2027-04-01', 'Will Coinbase list PUMP by June 30, 2027?', '2027-06-30'), 'different');
  t.not(on('PUMP still not listed on Coinbase on April 1, 2027?', '2027-04-01', 'PUMP not listed on Coinbase by March 31, 2027?', '2027-03-31'), 'complement');
});

test('serving in a post through a day is staying in it: the negation of being out by then; serving in a year is not', (t) => {
  t.is(rel('Will Pam Bondi serve as Attorney General through the end of 2026?', 'Pam Bondi out as AG by December 31?', '2026-12-31'), 'complement');
  t.is(rel('Will JD Vance serve as Vice President continuously through December 31, 2027?', 'Will JD Vance be out as Vice President before 2028?'), 'complement');
  t.not(rel('Will Kevin Warsh serve as Fed chair in 2027?', 'Will Kevin Warsh be out as Fed chair before 2028?'), 'complement');
});

test('avoiding an impeachment or a conviction through a day is not having one by then', (t) => {
  t.is(rel('Will the House impeach Pete Hegseth before 2028?', 'Will Pete Hegseth avoid House impeachment through 2027?'), 'complement');
  t.is(rel('Will Luigi Mangione avoid any criminal conviction through June 30, 2027?', 'Will Luigi Mangione be convicted before July 2027?', '2027-06-30'), 'complement');
  t.not(rel('Will Pete Hegseth avoid House impeachment through 2027?', 'Will Pete Hegseth be impeached before 2028?'), 'identity');
});
